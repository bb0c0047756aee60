// Runtime configuration from the environment (the README lists every variable).
import company from '../pb_hooks/lib/company.json';

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

/** A moment (milliseconds, now by default) as PocketBase stores times: '2026-01-02 03:04:05.678Z'. */
export function stored(ms: number = Date.now()): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

/**
 * The root app, for jobs (a cron handler gets no event with its app). It is a core.App with more;
 * PocketBase's type file names it apart.
 */
export function rootApp(): core.App {
  return $app as unknown as core.App;
}
