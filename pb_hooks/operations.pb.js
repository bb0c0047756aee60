/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Operations (server/core/settings.ts, server/core/jobs.ts): at every start the root app kept for the jobs
// and the settings from the environment (mail server, rate limits, proxy, logs, daily backups
// restored with `npm run restore`); daily, personal data kept only as long as needed (LGPD).

onBootstrap((e) => {
  e.next();
  const server = require(`${__hooks}/lib/generated/server.cjs`);
  // For the jobs below and in the other files: see rootApp in server/core/config.ts.
  server.rememberRootApp(e.app);
  server.rememberStart(e.app);
  server.applySettings(e.app);
});

/** Requests and shipments older than RETENTION_DAYS lose their personal data. */
cronAdd('retention', '30 4 * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).anonymizeOldRequests(),
);
