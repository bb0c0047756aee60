/// <reference path="../pocketbase/pb_data/types.d.ts" />

/** At every start: the mail server and rate limits from the environment. (The staff and client
 * accounts are upserted by scripts/lib/pocketbase.mjs through the API once migrations have run.) */
onBootstrap((e) => {
  e.next();
  const cfg = require(`${__hooks}/lib/config.js`);
  const settings = e.app.settings();
  settings.meta.appName = cfg.company.shortName;
  settings.meta.senderName = cfg.company.shortName;
  settings.meta.senderAddress = cfg.mailFrom();

  const host = cfg.env('SMTP_HOST', '');
  settings.smtp.enabled = host !== '';
  settings.smtp.host = host;
  settings.smtp.port = Number(cfg.env('SMTP_PORT', '25'));
  settings.smtp.username = cfg.env('SMTP_USER', '');
  settings.smtp.password = cfg.env('SMTP_PASSWORD', '');
  settings.smtp.tls = cfg.env('SMTP_TLS', 'false') === 'true';

  // Creates, sign-ins and the lookup are limited per client; PB_RATE_LIMITS=off only for load tests.
  settings.rateLimits.enabled = cfg.env('PB_RATE_LIMITS', 'on') !== 'off';
  settings.rateLimits.rules = [
    { label: '*:auth', audience: '', duration: 60, maxRequests: 10 },
    { label: '*:create', audience: '', duration: 10, maxRequests: 30 },
    // No method in the label: HEAD (which runs the GET handler) is limited too.
    { label: '/api/rastreio/', audience: '', duration: 1, maxRequests: 20 },
    // 'Avise-me' requests, and (a label ending in '/' is a prefix) their confirmations and
    // cancellations; the hooks add per-address limits.
    { label: '/api/avisos', audience: '', duration: 60, maxRequests: 30 },
    { label: '/api/avisos/', audience: '', duration: 60, maxRequests: 30 },
    // Requests that send an e-mail to an account's address (pb_hooks/accounts.pb.js also limits
    // each address): a connection may ask a few times in ten minutes.
    { label: '*:requestPasswordReset', audience: '', duration: 600, maxRequests: 5 },
    { label: '*:requestVerification', audience: '', duration: 600, maxRequests: 5 },
    { label: '*:requestEmailChange', audience: '', duration: 600, maxRequests: 5 },
  ];

  // Behind an HTTPS proxy every visitor arrives with the proxy's address: the client's own comes
  // in a header the proxy sets (e.g. X-Forwarded-For), so limits count each person, not everyone.
  const proxyHeaders = cfg
    .env('TRUSTED_PROXY_HEADERS', '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  settings.trustedProxy.headers = proxyHeaders;
  settings.trustedProxy.useLeftmostIP = true;

  // Links in system e-mails (password reset) point at the site, not at localhost.
  const appUrl = cfg.env('APP_URL', '');
  if (appUrl) settings.meta.appURL = appUrl;

  // Request logs kept a week, and (see middleware.pb.js) no tracking number in them; an answered
  // public lookup is not logged at all (tracking.pb.js). LOG_MIN_LEVEL=4 keeps only warnings and
  // errors (README).
  settings.logs.maxDays = Number(cfg.env('LOG_DAYS', '7'));
  settings.logs.logIP = true;
  settings.logs.minLevel = Number(cfg.env('LOG_MIN_LEVEL', '0'));
  e.app.save(settings);
});
