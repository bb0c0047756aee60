// Runtime configuration from the environment (the README lists every variable).
// CommonJS, required inside handlers: the JSVM shares no top-level state between handlers.
const company = require(`${__hooks}/lib/company.json`);

function env(name, fallback) {
  const value = $os.getenv(name);
  return value === '' ? fallback : value;
}

module.exports = {
  company,
  env,
  companyMailbox: () => env('COMPANY_MAILBOX', company.requestMailbox),
  mailFrom: () => env('MAIL_FROM', 'nao-responda@rotaveloz.example'),
  /** First retry delay in seconds; each retry doubles it (tests set 0). */
  retryBaseSeconds: () => Number(env('MAIL_RETRY_BASE_SECONDS', '60')),
  /** The longest wait between two attempts: a failing e-mail is tried at least this often, forever. */
  retryMaxSeconds: () => Number(env('MAIL_RETRY_MAX_SECONDS', '3600')),
};
