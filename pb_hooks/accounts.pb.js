/// <reference path="../pocketbase/pb_data/types.d.ts" />

// The staff and corporate-client accounts are shared or issued by the company: nobody changes
// their e-mail address through the API (someone holding a password could otherwise take the
// account to another address and keep it after the password is changed).
onRecordRequestEmailChangeRequest(
  () => {
    throw new ForbiddenError('O e-mail desta conta não pode ser alterado por aqui.');
  },
  'staff',
  'clients',
);

onRecordConfirmEmailChangeRequest(
  () => {
    throw new ForbiddenError('O e-mail desta conta não pode ser alterado por aqui.');
  },
  'staff',
  'clients',
);
