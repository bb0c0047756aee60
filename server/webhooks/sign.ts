// Signing as Standard Webhooks says, with its own library (standardwebhooks): the receiver checks
// `webhook-signature` = 'v1,' + base64(HMAC-SHA256(secret, id + '.' + timestamp + '.' + body)).
// The library runs in PocketBase's JS machines as it is, save for one thing they lack: the
// TextEncoder it turns the text to sign into UTF-8 bytes with. A small one is put in its place
// (only where there is none), checked against the library's answer in Node by
// tests/server/webhooks.test.ts (every receiver there verifies with the library).
import { Webhook } from 'standardwebhooks';

/** UTF-8 bytes of a string (what TextEncoder.encode gives), surrogate pairs included. */
class Utf8Encoder {
  encode(text: string): Uint8Array {
    const out: number[] = [];
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low < 0xe000) {
          c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else {
        out.push(
          0xf0 | (c >> 18),
          0x80 | ((c >> 12) & 63),
          0x80 | ((c >> 6) & 63),
          0x80 | (c & 63),
        );
      }
    }
    return new Uint8Array(out);
  }
}

/** The three headers of one attempt (its own timestamp: a retry days later still verifies). */
export function signedHeaders(
  secret: string,
  msgId: string,
  body: string,
  now: Date,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const scope = globalThis as { TextEncoder?: unknown };
  if (typeof scope.TextEncoder === 'undefined') scope.TextEncoder = Utf8Encoder;
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(msgId, now, body),
  };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A new secret: 'whsec_' and 24 random bytes in base64 (32 characters drawn from its alphabet by
 * the system's secure random source are exactly that: 32 × 6 bits, no padding).
 */
export function newSecret(): string {
  return 'whsec_' + $security.randomStringWithAlphabet(32, BASE64);
}

/** A message id, as Standard Webhooks names them: the same on every retry of one message. */
export function newMessageId(): string {
  return 'msg_' + $security.randomStringWithAlphabet(24, BASE64.slice(0, 62));
}
