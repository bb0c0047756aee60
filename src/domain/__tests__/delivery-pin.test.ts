import { createHmac, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deliveryPinMail,
  PIN_MAX_WRONG,
  PIN_MESSAGES,
  pinByDefault,
  pinDigest,
  pinDigestAsync,
  pinTriesLeft,
  wrongPinText,
} from '../delivery-pin';
import {
  checkTrackingChange,
  overlayChanges,
  trackingRowOf,
  type TrackingChange,
} from '../tracking-changes';
import { isOpenStop } from '../stops';

// The server's `$security.hs256(message, key)` and the browser's WebCrypto, in Node's words.
const hmac = (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest('hex');
const text = new TextEncoder();
const hmacAsync = async (key: string, message: string) => {
  const k = await webcrypto.subtle.importKey(
    'raw',
    text.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signed = new Uint8Array(await webcrypto.subtle.sign('HMAC', k, text.encode(message)));
  return Array.from(signed, (b) => b.toString(16).padStart(2, '0')).join('');
};

describe('the delivery code hash', () => {
  it('is the same with a synchronous HMAC (server) and WebCrypto (phone)', async () => {
    const salt = 'sal-de-teste-0123456789ab';
    const stored = pinDigest('4821', salt, hmac);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(await pinDigestAsync('4821', salt, hmacAsync)).toBe(stored);
  });

  it.each([
    ['another code', '4822', 'sal-a'],
    ['another salt', '4821', 'sal-b'],
  ])('differs for %s', (_, code, salt) => {
    expect(pinDigest(code, salt, hmac)).not.toBe(pinDigest('4821', 'sal-a', hmac));
  });

  it('never holds the code in clear', () => {
    expect(pinDigest('4821', 'sal', hmac)).not.toContain('4821');
  });
});

describe('wrong codes', () => {
  it.each([
    [0, 5, 'Código incorreto. Restam 5 tentativas.'],
    [1, 4, 'Código incorreto. Restam 4 tentativas.'],
    [2, 3, 'Código incorreto. Restam 3 tentativas.'],
    [4, 1, 'Código incorreto. Resta 1 tentativa.'],
    [5, 0, PIN_MESSAGES.wentPending],
    [7, 0, PIN_MESSAGES.wentPending],
  ])('after %i wrong, %i left: %s', (wrong, left, words) => {
    expect(pinTriesLeft(wrong)).toBe(left);
    expect(wrongPinText(pinTriesLeft(wrong))).toBe(words);
  });

  const row = trackingRowOf({
    id: 'abcdefghij12345',
    number: '123456789012',
    stages: ['1', '2', '3'],
    recipientName: 'Ana',
    driver: 'motoristademo01',
    pinSalt: 'sal',
    pinHash: 'a'.repeat(64),
    pinWrong: [{ id: 'x', at: '2026-01-01 10:00:00Z', by: 'M' }],
  });
  const wrong = (n: number): TrackingChange => ({
    op: 'pin',
    record: row.id,
    number: row.number,
    at: `2026-01-01T10:0${n}:00.000Z`,
    attempt: `tentativa${n}`.padEnd(15, '0'),
    pin: '0000',
  });

  it('the phone counts the ones still waiting and, at the fifth, the stop leaves the route', () => {
    expect(row.pin).toEqual({ salt: 'sal', hash: 'a'.repeat(64) });
    expect(row.pinWrong).toBe(1);
    const three = overlayChanges([row], [wrong(1), wrong(2), wrong(3)], 'M')[0]!;
    expect(three.pinWrong).toBe(4);
    expect(isOpenStop(three)).toBe(true);
    const four = overlayChanges([row], [1, 2, 3, 4].map(wrong), 'M')[0]!;
    expect(four.pinWrong).toBe(PIN_MAX_WRONG);
    expect(four.pendingReason).toBe('pin');
    expect(isOpenStop(four)).toBe(false);
  });

  it.each([
    ['123', PIN_MESSAGES.format],
    ['12a4', PIN_MESSAGES.format],
    ['12345', PIN_MESSAGES.format],
  ])('a code typed as %s is refused before it is queued', (pin, words) => {
    const now = Date.parse('2026-01-01T11:00:00Z');
    expect(checkTrackingChange({ ...wrong(1), pin }, { now }).pin).toBe(words);
    expect(
      checkTrackingChange(
        {
          op: 'stage',
          record: row.id,
          number: row.number,
          at: '2026-01-01T10:30:00.000Z',
          stage: 4,
          set: true,
          receiverName: 'Ana',
          pin,
        },
        { now },
      ).pin,
    ).toBe(words);
  });
});

describe('asking for a code', () => {
  it.each([
    [500_000, 100_000, 'ana@exemplo.com.br', true],
    [100_000, 100_000, 'ana@exemplo.com.br', false],
    [500_000, 0, 'ana@exemplo.com.br', false],
    [500_000, 100_000, ' ', false],
  ])('declared %i cents, setting %i, e-mail "%s": %s', (cents, above, email, asks) => {
    expect(pinByDefault(cents, above, email)).toBe(asks);
  });

  it('a shipment that asks for one needs the addressee e-mail', () => {
    const problems = checkTrackingChange(
      {
        op: 'shipment',
        record: 'abcdefghij12345',
        number: '',
        at: '2026-01-01T10:00:00.000Z',
        fields: {},
        deliveryPin: true,
      },
      { now: Date.parse('2026-01-01T11:00:00Z') },
    );
    expect(problems.recipientEmail).toBe(PIN_MESSAGES.emailRequired);
  });

  it('the e-mail carries the code and the link, its subject does not', () => {
    const mail = deliveryPinMail(
      { number: '123456789012', code: '4821', destination: 'Goiânia - GO' },
      { track: 'https://site/rastrear?numero=123456789012' },
      { name: 'Rota', email: 'contato@rota.example' },
    );
    expect(mail.subject).not.toContain('4821');
    expect(JSON.stringify(mail.sections)).toContain('4821');
    expect(mail.links[0]!.href).toContain('/rastrear?numero=123456789012');
  });
});
