// The server's settings, written at every start from the environment (the README lists each
// variable). The staff and client accounts are upserted by scripts/lib/pocketbase.mjs through the
// API once migrations have run.
import { company, env, mailFrom } from './config';
import { CREATE_LIMIT } from '../http/limits';

/** The mail server, rate limits, proxy, links and logs. */
export function applySettings(app: core.App): void {
  const settings = app.settings();
  settings.meta.appName = company.shortName;
  settings.meta.senderName = company.shortName;
  settings.meta.senderAddress = mailFrom();

  const host = env('SMTP_HOST', '');
  settings.smtp.enabled = host !== '';
  settings.smtp.host = host;
  settings.smtp.port = Number(env('SMTP_PORT', '25'));
  settings.smtp.username = env('SMTP_USER', '');
  settings.smtp.password = env('SMTP_PASSWORD', '');
  settings.smtp.tls = env('SMTP_TLS', 'false') === 'true';

  // Creates, sign-ins and the lookup are limited per client; PB_RATE_LIMITS=off only for load tests.
  settings.rateLimits.enabled = env('PB_RATE_LIMITS', 'on') !== 'off';
  settings.rateLimits.rules = [
    // Sign-ins per address and minute. The browser tests raise it (AUTH_PER_MINUTE): all of a
    // worker's people sign in from 127.0.0.1, which no real office does.
    {
      label: '*:auth',
      audience: '',
      duration: 60,
      maxRequests: Number(env('AUTH_PER_MINUTE', '10')),
    },
    {
      label: '*:create',
      audience: '',
      duration: CREATE_LIMIT.seconds,
      maxRequests: CREATE_LIMIT.max,
    },
    // No method in the label: HEAD (which runs the GET handler) is limited too.
    { label: '/api/rastreio/', audience: '', duration: 1, maxRequests: 20 },
    // 'Avise-me' requests, and (a label ending in '/' is a prefix) their confirmations and
    // cancellations; the hooks add per-address limits.
    { label: '/api/avisos', audience: '', duration: 60, maxRequests: 30 },
    { label: '/api/avisos/', audience: '', duration: 60, maxRequests: 30 },
    // The receiver's private page (a prefix): a person reads and saves a few times; a guesser of
    // tokens is held to a trickle.
    { label: '/api/recebedor/', audience: '', duration: 60, maxRequests: 30 },
    // Requests that send an e-mail to an account's address (server/http/limits.ts also limits each
    // address): a connection may ask a few times in ten minutes.
    { label: '*:requestPasswordReset', audience: '', duration: 600, maxRequests: 5 },
    { label: '*:requestVerification', audience: '', duration: 600, maxRequests: 5 },
    { label: '*:requestEmailChange', audience: '', duration: 600, maxRequests: 5 },
  ] as unknown as typeof settings.rateLimits.rules;

  // Behind an HTTPS proxy every visitor arrives with the proxy's address: the client's own comes
  // in a header the proxy sets (e.g. X-Forwarded-For), so limits count each person, not everyone.
  settings.trustedProxy.headers = env('TRUSTED_PROXY_HEADERS', '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  settings.trustedProxy.useLeftmostIP = true;

  // Links in system e-mails (password reset) point at the site, not at localhost.
  const appUrl = env('APP_URL', '');
  if (appUrl) settings.meta.appURL = appUrl;

  // Request logs kept a week, and (http/site.ts) no tracking number in them; an answered public lookup
  // is not logged at all (tracking.pb.js). LOG_MIN_LEVEL=4 keeps only warnings and errors.
  settings.logs.maxDays = Number(env('LOG_DAYS', '7'));
  settings.logs.logIP = true;
  settings.logs.minLevel = Number(env('LOG_MIN_LEVEL', '0'));

  // Daily backups with PocketBase's own backup (restored with `npm run restore`).
  settings.backups.cron = env('BACKUP_CRON', '0 3 * * *');
  settings.backups.cronMaxKeep = Number(env('BACKUP_KEEP', '7'));
  app.save(settings);

  // The process that sends e-mail now (see mail/queue.ts): a new one after every start.
  app.store().set('mailInstance', $security.randomString(20));
}
