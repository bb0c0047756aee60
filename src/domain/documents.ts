/** CPF and CNPJ check digits (mod 11), including the alphanumeric CNPJ. */
import { digitsOnly } from './text';

export type DocumentType = 'cpf' | 'cnpj';
export const DOCUMENT_TYPES: readonly DocumentType[] = ['cpf', 'cnpj'];

export function isValidCpf(value: string): boolean {
  const d = digitsOnly(value);
  if (d.length !== 11 || d === d.charAt(0).repeat(11)) return false; // 111.111.111-11 passes the sums
  // Indexed loops and char codes: the server checks every request's CPFs in PocketBase's JS engine,
  // where spreading the string and for-of over the lengths made this 36 µs a CPF.
  for (let len = 9; len <= 10; len++) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (d.charCodeAt(i) - 48) * (len + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== d.charCodeAt(len) - 48) return false;
  }
  return true;
}

/** Character value for the CNPJ check: ASCII code minus 48 (digits 0–9, 'A' = 17 … 'Z' = 42). */
function cnpjCharValue(ch: string): number {
  return ch.charCodeAt(0) - 48;
}

function cnpjCheckDigit(base: string): number {
  let weight = 2;
  let sum = 0;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += cnpjCharValue(base[i]!) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function normalizeCnpj(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

export function isValidCnpj(value: string): boolean {
  const c = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(c) || /^(\d)\1{13}$/.test(c)) return false;
  const first = cnpjCheckDigit(c.slice(0, 12));
  const second = cnpjCheckDigit(c.slice(0, 12) + first);
  return c.endsWith(`${first}${second}`);
}
