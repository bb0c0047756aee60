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

// Password-reset and verification e-mails: at most a few per address an hour, however many
// connections ask. Past that the answer is the same 204 as a success (nothing is revealed), and
// no e-mail leaves.
onRecordRequestPasswordResetRequest(
  (e) => {
    const limits = require(`${__hooks}/lib/limits.js`);
    if (e.record && !limits.allowAccountMail(e.app, 'reset', e.record.email())) {
      return e.noContent(204);
    }
    return e.next();
  },
  'staff',
  'clients',
);

onRecordRequestVerificationRequest(
  (e) => {
    const limits = require(`${__hooks}/lib/limits.js`);
    if (e.record && !limits.allowAccountMail(e.app, 'verification', e.record.email())) {
      return e.noContent(204);
    }
    return e.next();
  },
  'staff',
  'clients',
);
