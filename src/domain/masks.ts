/**
 * Input rules of the forms. The mask options are plain imask options, and the functions below
 * write every value through them (the forms on each keystroke, lists and the server for whole
 * values), so screens, tests and the server agree on one definition.
 */
import IMask from 'imask';
import { isValidCnpj, isValidCpf } from './documents';
import { digitsOnly } from './text';

import type { DocumentType } from './documents';
export type { DocumentType } from './documents';

export const CPF_MASK = { mask: '000.000.000-00' } as const;

/** CNPJ, also in the alphanumeric form in use since July 2026: 12 letters/digits, 2 check digits. */
export const CNPJ_MASK = {
  mask: 'XX.XXX.XXX/XXXX-00',
  definitions: { X: /[0-9A-Za-z]/ },
  prepareChar: (ch: string) => ch.toUpperCase(),
} as const;

/** Landline or mobile; at most 15 characters ('(11) 98765-4321'). */
export const PHONE_MASK = {
  mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
} as const;

export const CEP_MASK = { mask: '00000-000' } as const;

type PipeMask = Parameters<typeof IMask.pipe>[1];

function pipe(value: string, mask: object): string {
  return IMask.pipe(value, mask as PipeMask);
}

/**
 * A whole value (exactly as many characters as its mask has slots, each of the slot's kind)
 * written straight into the mask's pattern: '0' and 'X' take the next character, anything else
 * is copied. Lists show hundreds of whole values and the server formats them in its JS engine,
 * where a mask pipe costs a millisecond on a phone and makes every engine evaluate the mask
 * library; partial values (typing) still go through the mask. A test keeps both equal.
 */
function fillPattern(chars: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (let i = 0; i < pattern.length; i++) {
    const slot = pattern.charAt(i);
    out += slot === '0' || slot === 'X' ? chars.charAt(next++) : slot;
  }
  return out;
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

export function formatCpf(value: string): string {
  const digits = digitsOnly(value).slice(0, 11);
  if (digits.length === 11) return fillPattern(digits, CPF_MASK.mask);
  return pipe(digits, CPF_MASK);
}

export function formatCnpj(value: string): string {
  const chars = value.replace(/[^0-9A-Za-z]/g, '').slice(0, 14);
  // Whole: the check digits are digits (a letter there is refused by the mask).
  if (chars.length === 14 && isDigit(chars.charAt(12)) && isDigit(chars.charAt(13))) {
    return fillPattern(chars.toUpperCase(), CNPJ_MASK.mask);
  }
  return pipe(chars, CNPJ_MASK);
}

export function formatDocument(type: DocumentType, value: string): string {
  return type === 'cpf' ? formatCpf(value) : formatCnpj(value);
}

export function formatPhone(value: string): string {
  const digits = digitsOnly(value).slice(0, 11);
  // Ten digits fill the landline pattern, eleven the mobile one, as the mask chooses them.
  if (digits.length === 10) return fillPattern(digits, PHONE_MASK.mask[0].mask);
  if (digits.length === 11) return fillPattern(digits, PHONE_MASK.mask[1].mask);
  return pipe(digits, PHONE_MASK);
}

export function formatCep(value: string): string {
  const digits = digitsOnly(value).slice(0, 8);
  if (digits.length === 8) return fillPattern(digits, CEP_MASK.mask);
  return pipe(digits, CEP_MASK);
}

/** A tracking number that is a valid CPF or CNPJ is shown masked; a waybill number as typed. */
export function displayTrackingNumber(number: string): string {
  if (number.length === 11 && isValidCpf(number)) return formatCpf(number);
  if (number.length === 14 && isValidCnpj(number)) return formatCnpj(number);
  return number;
}

/**
 * A tracking number as written where others may read it (an e-mail): a CPF or CNPJ with its first
 * and last digits hidden ('***.456.789-**', as Brazilian public bodies print them); a waybill as is.
 */
export function maskTrackingNumber(number: string): string {
  const shown = displayTrackingNumber(number);
  if (shown === number) return number;
  if (number.length === 11) return `***${shown.slice(3, 11)}-**`;
  return `**${shown.slice(2, 15)}-**`;
}
