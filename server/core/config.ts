// Runtime configuration from the environment (the README lists every variable).
import company from '../../pb_hooks/lib/company.json';

export { company };

/** An environment variable, or the fallback when it is unset or empty. */
export function env(name: string, fallback: string): string {
  const value = $os.getenv(name);
  return value === '' ? fallback : value;
}

export const companyMailbox = () => env('COMPANY_MAILBOX', company.requestMailbox);
export const mailFrom = () => env('MAIL_FROM', 'nao-responda@rotaveloz.example');
/** First retry delay in seconds; each retry doubles it (tests set 0). */
export const retryBaseSeconds = () => Number(env('MAIL_RETRY_BASE_SECONDS', '60'));
/** The longest wait between two attempts: a failing e-mail is tried at least this often, forever. */
export const retryMaxSeconds = () => Number(env('MAIL_RETRY_MAX_SECONDS', '3600'));

/** The site's address, for links in e-mails (APP_URL, or the address the server was given). */
export function siteUrl(app: core.App): string {
  return (env('APP_URL', '') || app.settings().meta.appURL || '').replace(/\/+$/, '');
}

/** A moment (milliseconds, now by default) as PocketBase stores times: '2026-01-02 03:04:05.678Z'. */
export function stored(ms: number = Date.now()): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

const ROOT_APP = 'rootApp';

/** Keep the root app where every hook can find it (called once, as the server starts). */
export function rememberRootApp(app: core.App): void {
  app.store().set(ROOT_APP, app);
}

/**
 * The root app, for jobs (a cron handler gets no event with its app). Not `$app` as it stands:
 * PocketBase sets a pooled VM's `$app` to each hook's `e.app` and leaves it there, and a job runs
 * in whichever VM is free. In a VM whose last hook ran inside a transaction (a tracking record
 * saved in `runInTransaction` runs its save hooks with the transaction's app), `$app` is that
 * finished transaction, and every query of the job failed with "sql: transaction has already
 * been committed or rolled back" (the mail queue stopped for good once the VM it kept landing on
 * was such a one). The root app is kept in the app's store as the server starts
 * (`rememberRootApp`); a transaction's app shares the root's store.
 */
export function rootApp(): core.App {
  const current = $app as unknown as core.App;
  const kept = current.store().get(ROOT_APP) as core.App | undefined;
  if (kept) return kept;
  if (current.isTransactional()) throw new Error('O app principal não foi guardado ao iniciar.');
  return current;
}
