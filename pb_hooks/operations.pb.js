/// <reference path="../pocketbase/pb_data/types.d.ts" />

// Operations: daily backups with PocketBase's own backup (restored with `npm run restore`), and
// personal data kept only as long as needed (LGPD): requests older than RETENTION_DAYS are
// anonymized by a daily job.

onBootstrap((e) => {
  e.next();
  const cfg = require(`${__hooks}/lib/config.js`);
  const settings = e.app.settings();
  settings.backups.cron = cfg.env('BACKUP_CRON', '0 3 * * *');
  settings.backups.cronMaxKeep = Number(cfg.env('BACKUP_KEEP', '7'));
  e.app.save(settings);
  // The process that sends e-mail now (see lib/mail.js): a new one after every start.
  e.app.store().set('mailInstance', $security.randomString(20));
});

cronAdd('retention', '30 4 * * *', () => {
  require(`${__hooks}/lib/retention.js`).anonymizeOld($app);
});
