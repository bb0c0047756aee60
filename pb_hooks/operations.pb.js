/// <reference path="../server/pocketbase.d.ts" />
/// <reference path="../server/hooks.d.ts" />

// Operations (server/settings.ts, server/jobs.ts): at every start the settings from the
// environment (mail server, rate limits, proxy, logs, daily backups restored with
// `npm run restore`); daily, personal data kept only as long as needed (LGPD).

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/generated/server.cjs`).applySettings(e.app);
});

/** Requests and shipments older than RETENTION_DAYS lose their personal data. */
cronAdd('retention', '30 4 * * *', () =>
  require(`${__hooks}/lib/generated/server.cjs`).anonymizeOldRequests(),
);
