/** CPF and CNPJ check digits (mod 11), including the alphanumeric CNPJ. */
import { digitsOnly } from './text';

export type DocumentType = 'cpf' | 'cnpj';
export const DOCUMENT_TYPES: readonly DocumentType[] = ['cpf', 'cnpj'];

export function isValidCpf(value: string): boolean {
  const d = digitsOnly(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const digits = [...d].map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += digits[i]! * (len + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== digits[len]) return false;
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
