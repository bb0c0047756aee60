// A CEP's address for the forms: from the device when it was looked up before (so it fills with
// no signal), otherwise from the public services through cep-promise, which asks BrasilAPI,
// ViaCEP and WideNet at once and takes the first answer. This module and cep-promise load only
// when a complete CEP is typed: never with a page.
import { cepAnswerOf, type CepAnswer, type CepOutcome } from '../domain/cep';
import { db, type KeptCep } from './db';

/** How long a person waits for the services before typing the address themselves. */
export const CEP_TIMEOUT_MS = 4000;
/** Streets are renamed now and then: an answer older than this is asked again when online. */
const KEPT_FOR_MS = 180 * 24 * 60 * 60 * 1000;

export type CepLookup =
  | { outcome: 'found'; answer: CepAnswer; from: 'device' | 'service' }
  | { outcome: Exclude<CepOutcome, 'found'> };

/** The address of a CEP (eight digits, with or without the dash). */
export async function lookUpCep(
  cep: string,
  { timeoutMs = CEP_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<CepLookup> {
  const digits = cep.replace(/\D/g, '');
  const kept = await db.ceps.get(digits).catch(() => undefined);
  const keptAnswer = kept ? cepAnswerOf(kept, digits) : null;
  const fromDevice =
    keptAnswer && ({ outcome: 'found', answer: keptAnswer, from: 'device' } as const);
  if (fromDevice && (Date.now() - kept!.at < KEPT_FOR_MS || !navigator.onLine)) return fromDevice;
  if (!navigator.onLine) return { outcome: 'offline' };
  try {
    const answer = cepAnswerOf(await askServices(digits, timeoutMs), digits);
    if (!answer) return fromDevice || { outcome: 'not-found' };
    const row: KeptCep = { ...answer, at: Date.now() };
    // A full device only loses the shortcut for next time.
    await db.ceps.put(row).catch(() => undefined);
    return { outcome: 'found', answer, from: 'service' };
  } catch (error) {
    if (fromDevice) return fromDevice;
    // The signal may have gone while the services were asked.
    if (!navigator.onLine) return { outcome: 'offline' };
    return { outcome: notFound(error) ? 'not-found' : 'failed' };
  }
}

// cep-promise replaces the browser's Promise.any with its own as it loads (it reads the global
// only when called), so the browser's, kept before, is put back for the rest of the app.
const nativeAny = Promise.any;

async function askServices(digits: string, timeoutMs: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The wait includes loading cep-promise; its own timeout does nothing in a browser.
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  const ask = async () => {
    const { default: cepPromise } = await import('cep-promise');
    Promise.any = nativeAny;
    return cepPromise(digits);
  };
  try {
    return await Promise.race([ask(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every service said it has no such CEP (rather than failing to answer). */
function notFound(error: unknown): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e) => /não encontrado/i.test(String((e as { message?: unknown })?.message)))
  );
}
