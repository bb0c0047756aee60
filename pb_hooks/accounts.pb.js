/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Staff and corporate-client accounts: registrations only; the logic is in server/ (bundled into
// lib/generated/server.cjs, which each handler requires: a handler shares nothing with this file).

// The accounts are shared or issued by the company: nobody changes their e-mail address through
// the API (someone holding a password could otherwise take the account to another address and keep
// it after the password is changed).
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

// Password-reset and verification e-mails: a few per address an hour, however many connections ask.
onRecordRequestPasswordResetRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).limitAccountMail(e, 'reset'),
  'staff',
  'clients',
);

onRecordRequestVerificationRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).limitAccountMail(e, 'verification'),
  'staff',
  'clients',
);

// Wrong passwords are counted per account (not only per address): a growing delay, then a lock
// that e-mails the account's owner.
onRecordAuthWithPasswordRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).limitPasswordSignIn(e),
  'staff',
  'clients',
);

// A disabled staff account cannot sign in again.
onRecordAuthRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).refuseDisabledSignIn(e),
  'staff',
);

// A disabled client account, or one of a disabled company, cannot sign in.
onRecordAuthRequest(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).refuseDisabledClient(e),
  'clients',
);

// Disabling an account, changing its password or signing it out everywhere also ends the live
// (realtime) connections it opened.
onRecordUpdate(
  (e) => require(`${__hooks}/lib/generated/server.cjs`).accountSaved(e),
  'staff',
  'clients',
);
