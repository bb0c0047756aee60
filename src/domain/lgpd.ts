/**
 * A person's request under the LGPD (`npm run lgpd`): whom it is about, an e-mail address or a
 * CPF/CNPJ, read however it was typed. The server finds and erases that person's records with it.
 */
import { isValidCnpj, isValidCpf, normalizeCnpj } from './documents';
import { isMailAddress } from './text';

export type DataSubject = { kind: 'email'; value: string } | { kind: 'document'; value: string };

export const LGPD_MESSAGES = {
  subject: 'Informe um e-mail ou um CPF/CNPJ válido.',
  by: 'Informe quem pede a exclusão (--por).',
} as const;

/** The longest name kept as who erased a record. */
export const ERASED_BY_MAX = 200;

/**
 * A CPF or CNPJ as compared: letters and digits only, upper case ('529.982.247-25' and
 * '52998224725' are one person; the alphanumeric CNPJ keeps its letters).
 */
export function documentKey(value: string): string {
  return normalizeCnpj(value);
}

/** An e-mail (compared in lower case) or a valid CPF/CNPJ (compared by `documentKey`); else null. */
export function dataSubjectOf(text: string): DataSubject | null {
  const typed = String(text ?? '').trim();
  if (typed.indexOf('@') !== -1) {
    return isMailAddress(typed) ? { kind: 'email', value: typed.toLowerCase() } : null;
  }
  const key = documentKey(typed);
  if (/^[0-9]{11}$/.test(key) && isValidCpf(key)) return { kind: 'document', value: key };
  if (isValidCnpj(key)) return { kind: 'document', value: key };
  return null;
}
