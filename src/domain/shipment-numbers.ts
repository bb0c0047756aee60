/**
 * Shipment numbers ('remessas'): twelve digits, the last one a check digit, the first eleven drawn
 * at random by the server (never one after another, so a number says nothing about any other).
 * Twelve digits tell them apart from a CPF (11) and a CNPJ (14), which the public lookup also takes.
 *
 * The check digit is mod 11 with weights 2–9 from the right, as CPF and CNPJ use. Bodies whose
 * digit would be 10 are never issued (instead of writing it as 0, as CPF does), so every single
 * mistyped digit and every swap of two neighbours gives a number whose check fails.
 */

import { isValidCnpj, isValidCpf } from './documents';

export const SHIPMENT_NUMBER_LENGTH = 12;

/** Said when a number typed or read for a driver's stop is not twelve digits long. */
export const NUMBER_LENGTH_MESSAGE = `Confira o número: as etiquetas têm ${SHIPMENT_NUMBER_LENGTH} dígitos.`;

/** Said before looking a number up, when its last digit does not match the others. */
export const CHECK_DIGIT_MESSAGE = 'Confira o número: o dígito final não confere';

/** The check digit of the first eleven digits: 0–9, or 10 for a body that is never issued. */
export function shipmentCheckDigit(body: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return (11 - (sum % 11)) % 11;
}

/** Whether a number has the shape of a shipment number (twelve digits, not starting with 0). */
export function looksLikeShipmentNumber(number: string): boolean {
  return /^[1-9]\d{11}$/.test(number);
}

/** Whether a twelve-digit number's last digit matches the others. */
export function hasValidCheckDigit(number: string): boolean {
  if (!looksLikeShipmentNumber(number)) return false;
  return shipmentCheckDigit(number.slice(0, -1)) === Number(number[SHIPMENT_NUMBER_LENGTH - 1]);
}

/**
 * The shipment number made from eleven random digits, or null when they cannot make one (a leading
 * 0, or a body whose check digit would be 10): the caller draws again.
 */
export function shipmentNumberFrom(randomDigits: string): string | null {
  if (!/^[1-9]\d{10}$/.test(randomDigits)) return null;
  const check = shipmentCheckDigit(randomDigits);
  return check === 10 ? null : randomDigits + String(check);
}

/**
 * What the lookup says of a number before asking the server: the check-digit message for a
 * twelve-digit number that cannot be ours, nothing for anything else (a CPF, a CNPJ, an older
 * number registered by hand).
 */
export function shipmentNumberProblem(number: string): string | null {
  if (!looksLikeShipmentNumber(number)) return null;
  return hasValidCheckDigit(number) ? null : CHECK_DIGIT_MESSAGE;
}

/** Said when a new record's number is neither a shipment number nor a CPF or CNPJ. */
export const NEW_NUMBER_MESSAGE =
  'Use um número de remessa (12 dígitos) desta conta, ou um CPF (11 dígitos) ou CNPJ (14 dígitos) válido.';

/**
 * What is wrong with the number of a new tracking record, or null: it is either a shipment number
 * (twelve digits, not starting with 0, its check digit right; the server then also wants it
 * reserved by the account) or a valid CPF or CNPJ, the documents a customer may track by. Anything
 * else ('1', a 13-digit string) would answer the public lookup for a number nobody was given.
 */
export function newNumberProblem(number: string): string | null {
  if (/^\d{12}$/.test(number)) {
    return looksLikeShipmentNumber(number) ? shipmentNumberProblem(number) : NEW_NUMBER_MESSAGE;
  }
  if (/^\d{11}$/.test(number)) return isValidCpf(number) ? null : 'CPF inválido';
  if (/^\d{14}$/.test(number)) return isValidCnpj(number) ? null : 'CNPJ inválido';
  return NEW_NUMBER_MESSAGE;
}

/** Numbers an office account keeps reserved, unused, for shipments made with no signal. */
export const RESERVED_NUMBERS_PER_ACCOUNT = 50;

/** Said when a shipment names a twelve-digit number its account did not reserve, or one used. */
export const NOT_RESERVED_MESSAGE =
  'Este número de remessa não foi reservado por esta conta ou já foi usado. Use um número da numeração desta conta.';

/**
 * The tracking number a scanned label holds: its Code 128 (the digits) or its QR code (the
 * tracking link, '…/rastrear?numero=…'). Null for anything else (another carrier's barcode, a
 * product's EAN is still digits: the list lookup decides whether it is one of ours).
 */
export function numberFromScan(raw: string): string | null {
  const text = raw.trim();
  if (/^\d{1,32}$/.test(text)) return text;
  // An address with a host, then /rastrear with 'numero' among its parameters.
  const link =
    /^https?:\/\/[^/?#\s]+\/rastrear\/?\?(?:[^#\s]*&)?numero=(\d{1,32})(?:[&#]\S*)?$/.exec(text);
  return link ? link[1]! : null;
}
