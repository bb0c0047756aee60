/**
 * A client company's address book: the places its pickups go to or are collected from, saved
 * with a tick on the pickup form, offered as a person types the company's name or the street, and
 * kept on the device (offline) and on the server (for the company's other people). An entry holds
 * the pickup form's 'other party' fields, checked by the same rules as the form.
 */
import { validateSubmission, type FieldErrors, type FieldRule } from './fields';
import { SUBMISSION_KINDS } from './submissions';
import { foldText } from './text';

export const ADDRESS_FIELDS = [
  'empresa',
  'contato',
  'telefone',
  'email',
  'endereco',
  'cidade',
  'estado',
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressEntry = Record<AddressField, string> & { id: string };

/** The pickup form's own rules for these fields (one copy: the catalogue's). */
export const ADDRESS_RULES: FieldRule[] = SUBMISSION_KINDS.pickup.rules.filter((rule) =>
  (ADDRESS_FIELDS as readonly string[]).includes(rule.name),
);

export function checkAddressEntry(values: Record<string, unknown>): FieldErrors {
  return validateSubmission(ADDRESS_RULES, values);
}

/** An entry's fields, trimmed, from any object (a form's values, a stored record). */
export function addressOf(values: Record<string, unknown>): Record<AddressField, string> {
  const out = {} as Record<AddressField, string>;
  for (const name of ADDRESS_FIELDS) out[name] = String(values[name] ?? '').trim();
  return out;
}

/** What a person reads in the list of suggestions: 'Loja X — Rua 7, 10 - Goiânia/GO'. */
export function entryLabel(entry: Record<AddressField, string>): string {
  return `${entry.empresa} — ${entry.endereco} - ${entry.cidade}/${entry.estado}`;
}

/** The same place twice: the same company at the same street and city (case and accents aside). */
export function entryKey(entry: Record<AddressField, string>): string {
  return [entry.empresa, entry.endereco, entry.cidade, entry.estado].map(foldText).join('|');
}

/**
 * The entries that match what is typed (in the company's name, the contact or the street, in
 * any case and with or without accents), best first: those whose name starts with it.
 */
export function matchEntries<T extends Record<AddressField, string>>(
  entries: readonly T[],
  typed: string,
  limit = 8,
): T[] {
  const words = foldText(typed).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const scored: { entry: T; score: number }[] = [];
  for (const entry of entries) {
    const name = foldText(entry.empresa);
    const text = `${name} ${foldText(entry.contato)} ${foldText(entry.endereco)}`;
    if (!words.every((w) => text.includes(w))) continue;
    scored.push({ entry, score: name.startsWith(words[0]!) ? 0 : 1 });
  }
  scored.sort((a, b) => a.score - b.score || a.entry.empresa.localeCompare(b.entry.empresa));
  return scored.slice(0, limit).map((s) => s.entry);
}
