import { formatDateTimeBrasilia } from './format';
import type { MailContent } from './submission-mails';

/**
 * Password sign-in limited per account (collection and identity), whatever the address it comes
 * from: a handful of wrong passwords costs nothing, then each attempt waits longer, then the
 * identity is locked for a while. The server keeps the counts (server/accounts/sign-in.ts); the screens
 * show its words.
 */
export const SIGN_IN_LIMITS = {
  /** Failures before each further attempt must wait (the first delay, doubling after each). */
  delayAfter: 5,
  /** Failures that lock the identity. */
  lockAfter: 10,
  /** A count is forgotten this long after its last attempt. */
  windowMinutes: 15,
  lockMinutes: 15,
  /** The first delay (SIGN_IN_FIRST_DELAY_MS shortens it in tests). */
  firstDelayMs: 1000,
} as const;

/** One identity's count: attempts since the last success (those in flight too), and its lock. */
export interface SignInCount {
  failures: number;
  /** When the first of them was made (ms). */
  first: number;
  /** When the last attempt was made or failed (ms). */
  last: number;
  /** The lock's end (ms), 0 when not locked. */
  lockedUntil: number;
}

export type SignInVerdict =
  { kind: 'try' } | { kind: 'wait'; ms: number } | { kind: 'locked'; until: number };

const MINUTE_MS = 60_000;
const NONE: SignInCount = { failures: 0, first: 0, last: 0, lockedUntil: 0 };

/** The key a count is kept under: the same account however its identity is typed. */
export function signInKey(collection: string, identity: string): string {
  return collection + ':' + String(identity).trim().toLowerCase();
}

/** The count as it stands now: none once its lock ended or it went quiet for the window. */
export function currentCount(
  count: SignInCount | undefined,
  now: number,
  windowMinutes: number = SIGN_IN_LIMITS.windowMinutes,
): SignInCount {
  if (!count) return NONE;
  if (count.lockedUntil) return now >= count.lockedUntil ? NONE : count;
  return now - count.last >= windowMinutes * MINUTE_MS ? NONE : count;
}

/**
 * Whether an attempt may check its password now and, if so, the count with it already added: two
 * attempts at once cannot both slip into the same free slot. A success clears the count.
 */
export function admit(
  count: SignInCount | undefined,
  now: number,
  firstDelayMs: number = SIGN_IN_LIMITS.firstDelayMs,
): { verdict: SignInVerdict; count: SignInCount } {
  const c = currentCount(count, now);
  if (c.lockedUntil > now) return { verdict: { kind: 'locked', until: c.lockedUntil }, count: c };
  if (c.failures >= SIGN_IN_LIMITS.delayAfter) {
    const due = c.last + firstDelayMs * Math.pow(2, c.failures - SIGN_IN_LIMITS.delayAfter);
    if (now < due) return { verdict: { kind: 'wait', ms: due - now }, count: c };
  }
  return {
    verdict: { kind: 'try' },
    count: { ...c, failures: c.failures + 1, first: c.first || now, last: now },
  };
}

/** An admitted attempt failed: its delay starts now, and the lock when it was the last allowed. */
export function failed(
  count: SignInCount | undefined,
  now: number,
): { count: SignInCount; lockStarted: boolean } {
  const c: SignInCount = count
    ? { ...count, last: now }
    : { ...NONE, failures: 1, first: now, last: now };
  if (c.lockedUntil || c.failures < SIGN_IN_LIMITS.lockAfter)
    return { count: c, lockStarted: false };
  return {
    count: { ...c, lockedUntil: now + SIGN_IN_LIMITS.lockMinutes * MINUTE_MS },
    lockStarted: true,
  };
}

/** What a refused attempt is told (429): the same for every identity, known or not. */
export function refusalMessage(verdict: SignInVerdict, now: number): string {
  if (verdict.kind === 'wait') {
    const seconds = Math.max(1, Math.ceil(verdict.ms / 1000));
    return (
      'Muitas senhas erradas seguidas. Aguarde ' +
      (seconds === 1 ? '1 segundo' : `${seconds} segundos`) +
      ' e tente de novo.'
    );
  }
  if (verdict.kind === 'locked') {
    const minutes = Math.max(1, Math.ceil((verdict.until - now) / MINUTE_MS));
    return (
      'Muitas senhas erradas seguidas. Por segurança, o acesso está bloqueado; tente de novo em ' +
      (minutes === 1 ? '1 minuto' : `${minutes} minutos`) +
      '.'
    );
  }
  return '';
}

/** A moment (ms) as stored times are read in Brasília: '22/11/2026 14:05'. */
const brasilia = (ms: number) => formatDateTimeBrasilia(new Date(ms).toISOString());

/**
 * The e-mail to an account's owner when a lock starts: when, how many wrong passwords, until
 * when, and what to do if it was not them. `shared`: the corporate client's account, whose
 * password the company sets.
 */
export function signInLockMail(
  lock: { email: string; count: SignInCount; shared: boolean },
  company: { name: string; shortName: string; email: string; phone: string },
): MailContent {
  const { count } = lock;
  const from = brasilia(count.first);
  const to = brasilia(count.last);
  const until = brasilia(count.lockedUntil).slice(-5);
  const advice = lock.shared
    ? `Se não foi ninguém da sua empresa, fale com a ${company.shortName} (${company.phone}, ${company.email}) para trocarmos a senha de acesso.`
    : 'Se não foi você, troque sua senha assim que puder e avise o responsável pelas contas da equipe.';
  return {
    subject: `Acesso bloqueado por senhas erradas - ${company.shortName}`,
    title: 'Acesso bloqueado por senhas erradas',
    replyTo: company.email,
    paragraphs: [
      `Entre ${from} e ${to} (horário de Brasília), houve ${count.failures} tentativas de entrar na conta ${lock.email} com a senha errada.`,
      `Por segurança, a conta está bloqueada até as ${until}; nesse tempo nem a senha certa entra. Depois, o acesso volta ao normal.`,
      'Se foi você, basta esperar e entrar de novo com a senha certa.',
      advice,
    ],
    sections: [],
  };
}

/** What a sign-in screen shows when the server refused to try (429): the server's own words. */
export function refusedSignInText(serverMessage: unknown): string {
  return typeof serverMessage === 'string' && serverMessage.trim()
    ? serverMessage
    : 'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.';
}
