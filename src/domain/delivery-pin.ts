/**
 * The delivery code ('Código de entrega'): four digits the server draws for a shipment and mails to
 * its addressee only. The driver types it to record the delivery. The shipment carries a salt and
 * a slow hash of it, so the phone can check a code with no signal without ever holding the code
 * itself; the server checks again and counts wrong codes (the real guard: four digits are 10,000
 * values, which a stolen hash gives up in seconds). One module for the phone and the server: the
 * same hash on both sides, each with its own HMAC-SHA256 (WebCrypto; PocketBase's `$security`).
 */

export const PIN_LENGTH = 4;
/** The fifth wrong code sends the stop to the office's 'Pendências'. */
export const PIN_MAX_WRONG = 5;
/**
 * HMAC rounds of the hash: enough that reading the field tells nothing at a glance, little enough
 * for a cheap phone (tens of milliseconds) and for the server's JS (a few milliseconds).
 */
export const PIN_ROUNDS = 1000;

/** Why a shipment left the driver's list for 'Pendências', when it was not its failed attempts. */
export const PENDING_PIN = 'pin';

export const PIN_MESSAGES = {
  label: 'Código de entrega',
  helper: 'Peça ao recebedor o código de 4 dígitos que ele recebeu por e-mail.',
  required: 'Digite o código de entrega de 4 dígitos.',
  format: 'O código de entrega tem 4 dígitos.',
  emailRequired: 'Informe o e-mail do destinatário: o código de entrega vai para ele.',
  choice: 'Pedir código de entrega',
  choiceHelper:
    'O destinatário recebe por e-mail um código de 4 dígitos; a entrega só é registrada com ele.',
  pending: `Código de entrega errado ${PIN_MAX_WRONG} vezes`,
  wentPending: `Código incorreto ${PIN_MAX_WRONG} vezes: a remessa foi para Pendências.`,
  attempt: 'Tentativa de código inválida.',
} as const;

/** 'Código incorreto. Restam 3 tentativas.' (none left: the stop went to 'Pendências'). */
export function wrongPinText(left: number): string {
  if (left <= 0) return PIN_MESSAGES.wentPending;
  return left === 1
    ? 'Código incorreto. Resta 1 tentativa.'
    : `Código incorreto. Restam ${left} tentativas.`;
}

/** Whether a text is a code's shape (four digits). */
export const isPinShape = (code: unknown): code is string =>
  typeof code === 'string' && new RegExp(`^\\d{${PIN_LENGTH}}$`).test(code);

/** HMAC-SHA256 as lower-case hex, keyed by `key`, of `message` (both UTF-8 text). */
export type HmacHex = (key: string, message: string) => string;
export type HmacHexAsync = (key: string, message: string) => Promise<string>;

/**
 * The stored hash: HMAC rounds keyed by the code, the first over the salt, each next over the
 * previous one's hex. Text in and text out, so the server's `$security.hs256` (strings only) and
 * WebCrypto compute the same value.
 */
export function pinDigest(code: string, salt: string, hmac: HmacHex): string {
  let h = hmac(code, salt);
  for (let i = 1; i < PIN_ROUNDS; i++) h = hmac(code, h);
  return h;
}

/** The same hash with an asynchronous HMAC (the browser's WebCrypto). */
export async function pinDigestAsync(
  code: string,
  salt: string,
  hmac: HmacHexAsync,
): Promise<string> {
  let h = await hmac(code, salt);
  for (let i = 1; i < PIN_ROUNDS; i++) h = await hmac(code, h);
  return h;
}

/** One wrong code as the shipment keeps it (the count is what matters; the code is not kept). */
export interface WrongPin {
  /** Made on the phone: the same wrong code sent twice counts once. */
  id: string;
  at: string;
  by: string;
}

/** The wrong codes as stored (JSON): entries with an id, anything else dropped. */
export function wrongPinsOf(value: unknown): WrongPin[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = value ? JSON.parse(value) : [];
    } catch {
      list = [];
    }
  }
  return (Array.isArray(list) ? list : []).filter(
    (e): e is WrongPin => Boolean(e) && typeof e === 'object' && typeof e.id === 'string',
  );
}

/** How many more codes may be typed after `wrong` wrong ones. */
export const pinTriesLeft = (wrong: number) => Math.max(0, PIN_MAX_WRONG - wrong);

/**
 * Whether a new shipment asks for a code when the office did not choose: above the declared value
 * the server is set to (`PIN_ABOVE_CENTS`, 0 = never by default), and only with an e-mail to send
 * it to.
 */
export function pinByDefault(
  invoiceValueCents: number,
  aboveCents: number,
  recipientEmail: string,
): boolean {
  return aboveCents > 0 && invoiceValueCents > aboveCents && Boolean(recipientEmail.trim());
}

/** The addressee's e-mail with the code and the tracking link. The subject never holds the code. */
export function deliveryPinMail(
  shipment: { number: string; code: string; destination: string },
  links: { track: string },
  company: { name: string; email: string },
): {
  subject: string;
  title: string;
  replyTo: string;
  paragraphs: string[];
  sections: { title: string; rows: [string, string][] }[];
  links: { label: string; href: string }[];
} {
  return {
    subject: `Código de entrega da sua encomenda ${shipment.number} - ${company.name}`,
    title: `Código de entrega: ${shipment.code}`,
    replyTo: company.email,
    paragraphs: [
      `A encomenda ${shipment.number} será entregue somente com este código de ${PIN_LENGTH} dígitos.`,
      'Diga o código ao motorista na hora da entrega, com a encomenda em mãos. Ninguém da empresa vai pedir este código por telefone ou mensagem.',
    ],
    sections: [
      {
        title: 'Entrega',
        rows: [
          ['Número', shipment.number],
          [PIN_MESSAGES.label, shipment.code],
          ...(shipment.destination
            ? ([['Destino', shipment.destination]] as [string, string][])
            : []),
        ],
      },
    ],
    links: [{ label: 'Acompanhar a encomenda', href: links.track }],
  };
}
