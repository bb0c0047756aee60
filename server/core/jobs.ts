// The scheduled jobs (cronAdd in pb_hooks). A job gets no event: it works on the root app. Each
// records its last success and failure (collection job_runs), and /api/health answers 503 naming
// a job that has not succeeded within twice its period: a failing job otherwise shows only in the
// server's log (the mail queue once stopped this way for hours before anyone saw it).
import { cronPeriodMs } from '../../src/domain/cron';
import { rootApp, stored } from './config';
import { cleanup, enqueueDue } from '../tracking/follows';
import { drain } from '../mail/queue';
import { anonymizeOld } from '../privacy/retention';
import { dropOldTombstones } from '../tracking/tombstones';
import { drainWebhooks } from '../webhooks/queue';

/** PocketBase's own backup job: watched through the backups it leaves, not a row of ours. */
const BACKUP_JOB = '__pbAutoBackup__';
/**
 * A success is written at most this often per job: the mail senders run every minute (every
 * 200 ms in the tests), and health only needs to know within twice a period.
 */
const RECORD_EVERY_MS = 30_000;
const STARTED = 'serverStartedAt';

/** Called as the server starts: a job that never succeeded is judged from then. */
export function rememberStart(app: core.App): void {
  app.store().set(STARTED, Date.now());
}

/** Run one job, recording how it went; a failure is still thrown, for the server's log. */
function run(job: string, work: (app: core.App) => void): void {
  const app = rootApp();
  try {
    work(app);
  } catch (err) {
    try {
      app
        .db()
        .newQuery(
          'INSERT INTO job_runs (id, job, lastSuccess, lastFailure, lastError) ' +
            "VALUES ({:id}, {:job}, '', {:now}, {:error}) " +
            'ON CONFLICT(job) DO UPDATE SET lastFailure = excluded.lastFailure, lastError = excluded.lastError',
        )
        .bind({ id: newId(), job, now: stored(), error: String(err).slice(0, 1000) })
        .execute();
    } catch {
      // The database itself failing: the log still has the job's error.
    }
    throw err;
  }
  const key = 'jobRecorded:' + job;
  const last = Number(app.store().get(key)) || 0;
  if (Date.now() - last < RECORD_EVERY_MS) return;
  app
    .db()
    .newQuery(
      "INSERT INTO job_runs (id, job, lastSuccess, lastFailure, lastError) VALUES ({:id}, {:job}, {:now}, '', '') " +
        'ON CONFLICT(job) DO UPDATE SET lastSuccess = excluded.lastSuccess',
    )
    .bind({ id: newId(), job, now: stored() })
    .execute();
  app.store().set(key, Date.now());
}

function newId(): string {
  return $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
}

/**
 * One sender of the mail queue. The first of them also renders the new requests' e-mails and
 * queues the followers' e-mails whose batch window has passed ('Avise-me'); a fault there never
 * holds up the requests' e-mails.
 */
export function sendMail(job: string, first: boolean): void {
  run(job, (app) => {
    if (first) {
      try {
        enqueueDue(app);
      } catch (err) {
        app.logger().error('Avisos de rastreio não preparados', 'error', String(err));
      }
    }
    drain(app, first);
  });
}

/**
 * One webhook sender (`n` of six; WEBHOOK_SENDERS runs the first few only): it runs through its
 * minute posting due deliveries (webhooks/queue.ts).
 */
export function sendWebhooks(job: string, n: number): void {
  const senders = Number($os.getenv('WEBHOOK_SENDERS')) || 6;
  // Its minute has begun: /api/health hears of it now, not only as the run ends a minute later
  // (a first run ending two minutes after the start would have the job late for a moment). One
  // left out still succeeds, at nothing: health watches every scheduled job.
  run(job, () => undefined);
  if (n <= senders) run(job, (app) => drainWebhooks(app, n, senders));
}

/** No unconfirmed 'Avise-me' past 48 hours, none at all past 90 days (LGPD). */
export const forgetOldFollows = () => run('follows-cleanup', cleanup);

/** Requests and shipments older than RETENTION_DAYS lose their personal data (LGPD). */
export const anonymizeOldRequests = () =>
  run('retention', (app) => {
    anonymizeOld(app);
  });

/** Tombstones of deleted tracking records older than 90 days. */
export const dropTombstones = () => run('tracking-tombstones', dropOldTombstones);

/** What /api/health tells of one job. */
export interface JobHealth {
  job: string;
  /** The longest wait between two runs, by its schedule. */
  periodSeconds: number;
  lastSuccess: string;
  lastFailure: string;
  lastError: string;
  /** No success within twice the period (counted from the server's start at the earliest). */
  late: boolean;
}

/** Every scheduled job of ours, and PocketBase's backups, as /api/health reports them. */
export function jobsHealth(app: core.App): JobHealth[] {
  const rows = arrayOf(
    new DynamicModel({ job: '', lastSuccess: '', lastFailure: '', lastError: '' }),
  );
  app
    .db()
    .newQuery(
      "SELECT job, COALESCE(lastSuccess, '') AS lastSuccess, COALESCE(lastFailure, '') AS lastFailure, " +
        "COALESCE(lastError, '') AS lastError FROM job_runs",
    )
    .all(rows);
  const byJob: { [job: string]: { lastSuccess: string; lastFailure: string; lastError: string } } =
    {};
  for (const row of rows) byJob[row.job as string] = row as never;
  const started = Number(app.store().get(STARTED)) || Date.now();
  const now = Date.now();
  const out: JobHealth[] = [];
  for (const entry of app.cron().jobs()) {
    if (!entry) continue;
    const job = entry.id();
    // PocketBase's own housekeeping (logs, OTPs) is not ours to watch; its backups are.
    if (job.indexOf('__') === 0 && job !== BACKUP_JOB) continue;
    const period = cronPeriodMs(entry.expression());
    if (period === null) continue;
    const row = byJob[job] || { lastSuccess: '', lastFailure: '', lastError: '' };
    const lastSuccess = job === BACKUP_JOB ? newestBackup(app) : row.lastSuccess;
    // A job that failed since its last success is judged from that success, across restarts;
    // one that has not failed has two periods from each start (after a stop, its next run has
    // simply not come yet).
    const successMs = lastSuccess ? new Date(lastSuccess.replace(' ', 'T')).getTime() : 0;
    const failedSince = row.lastFailure !== '' && row.lastFailure > lastSuccess;
    const since = failedSince && successMs ? successMs : Math.max(successMs, started);
    out.push({
      job: job === BACKUP_JOB ? 'backup' : job,
      periodSeconds: period / 1000,
      lastSuccess,
      lastFailure: row.lastFailure,
      lastError: row.lastError,
      late: now - since > 2 * period,
    });
  }
  return out;
}

/**
 * When the newest automatic backup was written ('' when there is none). Read at most once a
 * minute: the backups may be in S3, and a monitor asks /api/health often.
 */
function newestBackup(app: core.App): string {
  const cached = app.store().get(NEWEST_BACKUP) as { at: number; value: string } | undefined;
  if (cached && Date.now() - cached.at < 60_000) return cached.value;
  const value = listNewestBackup(app);
  app.store().set(NEWEST_BACKUP, { at: Date.now(), value });
  return value;
}

const NEWEST_BACKUP = 'newestBackup';

function listNewestBackup(app: core.App): string {
  const files = app.newBackupsFilesystem();
  try {
    let newest = 0;
    for (const file of files.list('')) {
      if (!file || file.key.indexOf('@auto_pb_backup_') !== 0) continue;
      newest = Math.max(newest, file.modTime.unixMilli());
    }
    return newest ? stored(newest) : '';
  } finally {
    files.close();
  }
}
