/// <reference path="../pocketbase/pb_data/types.d.ts" />

// A disabled staff account (npm run staff -- disable EMAIL) cannot sign in again; its sessions were
// revoked when it was disabled, and every staff-only API rule refuses it too.
onRecordAuthRequest((e) => {
  if (e.record.getBool('disabled')) {
    throw new ForbiddenError('Esta conta da equipe foi desativada. Fale com o responsável.');
  }
  return e.next();
}, 'staff');
