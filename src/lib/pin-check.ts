/**
 * The delivery code checked on the phone, with no signal: the typed code hashed as the server
 * hashed it (src/domain/delivery-pin.ts) with the browser's WebCrypto, and compared with the hash
 * the shipment carries. The phone never holds the code itself.
 */
import { pinDigestAsync } from '../domain/delivery-pin';

const text = new TextEncoder();

/** HMAC-SHA256 as hex; one imported key per code (the key is the code, as the server's). */
function hmacWith() {
  const keys = new Map<string, Promise<CryptoKey>>();
  return async (key: string, message: string) => {
    let imported = keys.get(key);
    if (!imported) {
      imported = crypto.subtle.importKey(
        'raw',
        text.encode(key),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      keys.set(key, imported);
    }
    const signed = new Uint8Array(
      await crypto.subtle.sign('HMAC', await imported, text.encode(message)),
    );
    return Array.from(signed, (b) => b.toString(16).padStart(2, '0')).join('');
  };
}

/** Whether a typed code is the shipment's (its salt and hash as the record carries them). */
export async function pinMatches(code: string, pin: { salt: string; hash: string }) {
  return (await pinDigestAsync(code, pin.salt, hmacWith())) === pin.hash;
}
