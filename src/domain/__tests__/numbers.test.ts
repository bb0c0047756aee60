import { describe, expect, it } from 'vitest';
import {
  checkField,
  formatDecimalTyping,
  formatMoneyFinal,
  formatMoneyTyping,
  moneyCents,
  prepareSubmission,
  priceQuote,
  readDecimal,
  readMoneyCents,
  SUBMISSION_KINDS,
  cleanText,
} from '..';

describe('weights and dimensions as Brazilians type them', () => {
  it.each([
    ['1,5', 1.5],
    ['1.5', 1.5], // a dot typed by habit
    ['12', 12],
    [' 2,25 ', 2.25],
    ['1.234,5', 1234.5],
    [',5', 0.5],
    [3, 3],
  ])('%j is %s', (typed, value) => expect(readDecimal(typed)).toBe(value));

  it.each(['', 'abc', '1,2,3', '-1', '1.2.3', '1e308', 'Infinity', '12kg'])(
    '%j is no number',
    (typed) => expect(readDecimal(typed)).toBeNaN(),
  );

  it.each([
    ['1.5', '1,5'],
    ['1,5', '1,5'],
    ['1,5,3', '1,53'],
    ['abc1x2', '12'],
    ['1.234,5', '1234,5'], // pasted with a thousands dot
    ['-3', '3'],
  ])('typing %j shows %j', (typed, shown) => expect(formatDecimalTyping(typed)).toBe(shown));
});

describe('money: one reader for every field, form and server', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$ 1.234', 123400],
    ['1.234.567,8', 123456780],
    ['2500,5', 250050],
    ['0,01', 1],
    ['99', 9900],
    [1234.56, 123456],
  ])('%j is %s cents', (typed, cents) => expect(readMoneyCents(typed)).toBe(cents));

  it.each(['-100', 'abc12x,3,4', '1,234', '12,345', '1.23.4', '1,2,3', '', 'R$'])(
    '%j is no amount',
    (typed) => expect(readMoneyCents(typed)).toBeNaN(),
  );

  it.each([
    ['1500', 'R$ 1.500'],
    ['R$ 1.500,5', 'R$ 1.500,5'],
    ['1500,567', 'R$ 1.500,56'],
    ['1234567,8', 'R$ 1.234.567,8'],
    ['1.234,56', 'R$ 1.234,56'],
    ['1234.56', 'R$ 1.234,56'],
    ['12.5', 'R$ 12,5'],
    ['R$ 1.2', 'R$ 1.2'], // still open: it may become 1.234 or stay 1,20
    ['abc12x,3,4', 'R$ 12,34'],
    ['007', 'R$ 7'],
    [',5', 'R$ 0,5'],
    ['abc', ''],
  ])('typing %j shows %j', (typed, shown) => expect(formatMoneyTyping(typed)).toBe(shown));

  /** Key by key, as a person types into the field. */
  const typeKeys = (keys: string) =>
    [...keys].reduce((shown, key) => formatMoneyTyping(shown + key), '');

  it.each([
    ['1.234,56', 'R$ 1.234,56', 123456],
    ['1234,56', 'R$ 1.234,56', 123456],
    ['1234.56', 'R$ 1.234.56', 123456],
    ['1.234.567,89', 'R$ 1.234.567,89', 123456789],
    ['1.234.567', 'R$ 1.234.567', 123456700],
    ['1.5', 'R$ 1.5', 150],
    ['2500,5', 'R$ 2.500,5', 250050],
  ])('typing %j key by key shows %j, worth %s cents', (keys, shown, cents) => {
    expect(typeKeys(keys)).toBe(shown);
    expect(readMoneyCents(typeKeys(keys))).toBe(cents);
  });

  it.each([
    ['R$ 1.234.56', 'R$ 1.234,56'],
    ['R$ 1.5', 'R$ 1,50'],
    ['R$ 2.500,5', 'R$ 2.500,50'],
    ['R$ 7', 'R$ 7,00'],
  ])('leaving the field with %j shows %j', (typed, settled) =>
    expect(formatMoneyFinal(typed)).toBe(settled),
  );

  it('what is shown reads back as the amount typed', () => {
    for (const typed of ['1.234,56', '1234,56', '1234.56']) {
      expect(moneyCents(formatMoneyTyping(typed))).toBe(123456);
      expect(formatMoneyFinal(formatMoneyTyping(typed))).toBe('R$ 1.234,56');
    }
  });
});

describe('field rules', () => {
  const rules = Object.fromEntries(SUBMISSION_KINDS.quote.rules.map((r) => [r.name, r]));
  const pickup = Object.fromEntries(SUBMISSION_KINDS.pickup.rules.map((r) => [r.name, r]));

  it.each([
    ['0', 'Informe um número maior que zero'],
    ['abc', 'Informe um número maior que zero'],
    ['1e308', 'Informe um número maior que zero'],
    ['1001', 'Use no máximo 1.000 kg'],
    ['1000', null],
    ['1,5', null],
  ])('weight %j: %s', (typed, message) =>
    expect(checkField(rules.weight!, typed, {})).toBe(message),
  );

  it('dimensions have a bound in cm', () =>
    expect(checkField(rules.height!, '501', {})).toBe('Use no máximo 500 cm'));

  it.each([
    ['-100', 'Informe um valor em reais, como 1.234,56'],
    ['R$ 10.000.000,01', 'Use no máximo R$ 10.000.000,00'],
    ['R$ 1.234,56', null],
  ])('invoice value %j: %s', (typed, message) =>
    expect(checkField(rules.invoiceValue!, typed, {})).toBe(message),
  );

  it.each([
    ['1', 'CEP inválido'],
    ['01310-10', 'CEP inválido'],
    ['01310-100', null],
    ['01310100', null],
  ])('CEP %j: %s', (typed, message) =>
    expect(checkField(rules.senderZip!, typed, {})).toBe(message),
  );

  it.each([
    ['(1', 'Telefone inválido'],
    ['(11) 9876-543', 'Telefone inválido'],
    ['(20) 3456-7890', 'Telefone inválido'], // no such DDD
    ['(11) 1234-5678', 'Telefone inválido'], // no landline starts with 1
    ['(11) 3456-7890', null],
    ['(11) 98765-4321', null],
    ['11987654321', null],
  ])('phone %j: %s', (typed, message) => {
    expect(checkField(rules.senderPhone!, typed, {})).toBe(message);
    expect(checkField(pickup.telefone!, typed, {})).toBe(message);
  });
});

describe('the quote is priced from what was typed, the same way on both sides', () => {
  const typed = { weight: '1,5', length: '', width: '', height: '', invoiceValue: '' };

  it("'1,5' kg is tier 2, not 15 kg", () => {
    expect(priceQuote(typed).totalCents).toBe(8380);
  });

  it('an invoice value with thousands dots is insured at 1%', () => {
    expect(priceQuote({ ...typed, invoiceValue: 'R$ 1.234,56' }).insuranceCents).toBe(1235);
  });

  it('nothing is priced until there is a weight', () => {
    const quote = priceQuote({ ...typed, weight: '', invoiceValue: 'R$ 1.000,00' });
    expect(quote.totalCents).toBe(0);
  });

  it('the server stores cents and the price it computed itself', () => {
    const prepared = prepareSubmission(SUBMISSION_KINDS.quote, {
      pickupLocation: 'São Paulo - SP',
      deliveryLocation: 'Goiânia - GO',
      weight: '1,5',
      width: '10',
      length: '10',
      height: '10',
      invoiceValue: 'R$ 1.234,56',
      senderDocumentType: 'cpf',
      senderDocument: '529.982.247-25',
      senderName: 'Maria',
      senderAddress: 'Rua A, 1',
      senderZip: '01305-000',
      senderPhone: '(11) 98765-4321',
      senderEmail: 'maria@cliente.example',
      recipientDocumentType: 'cpf',
      recipientDocument: '111.444.777-35',
      recipientName: 'João\u202e',
      recipientAddress: 'Rua B, 2\r\n',
      recipientZip: '74000-000',
      recipientPhone: '(62) 3333-4444',
      priceCents: 1,
    });
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.record).toMatchObject({
      weightKg: 1.5,
      invoiceValueCents: 123456,
      insuranceCents: 1235,
      priceCents: 8380 + 1235,
      parcelType: 'encomenda',
      recipientReceiver: 'João',
      recipientName: 'João',
      recipientAddress: 'Rua B, 2',
      senderCity: 'Não informado',
    });
  });
});

describe('text as it is stored', () => {
  it('drops control and direction-changing characters and trailing line breaks', () => {
    expect(cleanText('Ana\u0000 \u202eSouza\r\n')).toBe('Ana Souza');
    expect(cleanText('linha 1\r\nlinha 2\n', true)).toBe('linha 1\nlinha 2');
  });
});
