/**
 * Input rules of the forms. The mask options are plain imask options: the
 * forms hand them to react-imask, and the pure functions below run the very same masks
 * through IMask.pipe, so screens, tests and the server agree on one definition.
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

export function formatCpf(value: string): string {
  return pipe(digitsOnly(value).slice(0, 11), CPF_MASK);
}

export function formatCnpj(value: string): string {
  return pipe(value.replace(/[^0-9A-Za-z]/g, '').slice(0, 14), CNPJ_MASK);
}

export function formatDocument(type: DocumentType, value: string): string {
  return type === 'cpf' ? formatCpf(value) : formatCnpj(value);
}

export function formatPhone(value: string): string {
  return pipe(digitsOnly(value).slice(0, 11), PHONE_MASK);
}

export function formatCep(value: string): string {
  const digits = digitsOnly(value).slice(0, 8);
  // A whole CEP is written directly: lists show hundreds, and a mask pipe costs a millisecond
  // each on a phone. Partial values (typing) go through the mask; a test keeps both equal.
  if (digits.length === 8) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
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
