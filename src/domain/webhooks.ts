/**
 * Webhooks: a client company's own address that hears of its shipments (a stage reached or undone,
 * a failed attempt, the delivery, the return), signed as Standard Webhooks says. The address's
 * rules, the events and their JSON, the retry schedule and the words the company reads of each
 * delivery. One module for the client area's page and the server (which runs it in PocketBase's
 * JS machines: no URL class there, so addresses are read by hand).
 */
import { reasonLabel } from './attempts';
import { DELIVERED_STAGE, TRACKING_STAGES, normalizeStages } from './stages';

export const WEBHOOK_EVENTS = {
  stage: 'shipment.stage',
  attemptFailed: 'shipment.attempt_failed',
  delivered: 'shipment.delivered',
  returned: 'shipment.returned',
  test: 'webhook.test',
} as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'shipment.stage': 'Etapa',
  'shipment.attempt_failed': 'Tentativa não realizada',
  'shipment.delivered': 'Entregue',
  'shipment.returned': 'Devolvida',
  'webhook.test': 'Teste',
};

/** The most addresses one company keeps (each one hears every event). */
export const WEBHOOKS_PER_COMPANY = 10;
export const WEBHOOK_URL_MAX = 500;
/** A delivery still failing this long after its event is given up (three days). */
export const WEBHOOK_GIVE_UP_SECONDS = 3 * 24 * 60 * 60;
/** How much of a receiver's answer the company reads back. */
export const WEBHOOK_EXCERPT_MAX = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Informe o endereço que vai receber os avisos',
  urlLong: `Use um endereço de até ${WEBHOOK_URL_MAX} caracteres`,
  https: 'Use um endereço https://',
  invalid: 'Endereço inválido: escreva como https://api.suaempresa.com.br/rotaveloz',
  credentials: 'Não ponha usuário e senha no endereço',
  notPublic: 'Use o endereço público do seu servidor, não um endereço interno',
  taken: 'Este endereço já está cadastrado',
  tooMany: `Sua empresa já tem ${WEBHOOKS_PER_COMPANY} webhooks: exclua um antes de criar outro`,
  adminOnly: 'Só um administrador da empresa cuida dos webhooks.',
  notFound: 'Webhook não encontrado.',
  deliveryNotFound: 'Entrega não encontrada.',
  sendingNow: 'Esta entrega está sendo enviada agora. Aguarde a resposta.',
  companyRequired: 'Informe a empresa.',
} as const;

/** Hosts that are this machine (accepted over plain HTTP only in development and tests). */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** An address written as an IP that is not on the internet: private, link-local, this network. */
function isInternalAddress(host: string): boolean {
  if (isLoopback(host) || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host.startsWith('[')) return true; // IPv6 literals: fc00::/7, fe80::/10, ::1… refused alike
  const ip = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!ip) return false;
  const [a, b] = [Number(ip[1]), Number(ip[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

/**
 * What is wrong with an address as typed ('' when it can be saved). HTTPS only, to a public host;
 * `loopbackHttp` (development and tests) also takes http:// to this machine.
 */
export function checkWebhookUrl(value: string, opts: { loopbackHttp?: boolean } = {}): string {
  const url = value.trim();
  if (!url) return WEBHOOK_MESSAGES.urlRequired;
  if (url.length > WEBHOOK_URL_MAX) return WEBHOOK_MESSAGES.urlLong;
  const parts = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^#]*)$/.exec(url);
  if (!parts) return url.includes('://') ? WEBHOOK_MESSAGES.invalid : WEBHOOK_MESSAGES.https;
  const scheme = parts[1]!.toLowerCase();
  const authority = parts[2]!;
  if (/\s/.test(url)) return WEBHOOK_MESSAGES.invalid;
  if (authority.includes('@')) return WEBHOOK_MESSAGES.credentials;
  const hostPort = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!hostPort) return WEBHOOK_MESSAGES.invalid;
  const host = hostPort[1]!.toLowerCase();
  const port = hostPort[2] === undefined ? undefined : Number(hostPort[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return WEBHOOK_MESSAGES.invalid;
  if (scheme === 'http' && opts.loopbackHttp && isLoopback(host)) return '';
  if (scheme !== 'https') return WEBHOOK_MESSAGES.https;
  if (opts.loopbackHttp && isLoopback(host)) return '';
  if (isInternalAddress(host)) return WEBHOOK_MESSAGES.notPublic;
  const name = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
  if (!host.startsWith('[') && !name.test(host)) return WEBHOOK_MESSAGES.invalid;
  return '';
}

/** The address as stored: trimmed, its scheme and host in lower case. */
export function storedWebhookUrl(value: string): string {
  return value
    .trim()
    .replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*)/, (start) => start.toLowerCase());
}

/** What a shipment's change tells the company: one event, or none. */
export interface ShipmentEventInput {
  /** The history row's action ('stage-set', 'stage-cleared', 'attempt', 'decision', …). */
  action: string;
  /** The history row's details. */
  details: { [name: string]: unknown };
  /** When it happened (on the device that made the change), as stored or ISO. */
  at: string;
  shipment: {
    number: string;
    stages: readonly unknown[];
    receiverName: string;
    /** Failed attempts so far. */
    attempts: number;
    /** The company's pickup it came from, when it did. */
    pickupNumber?: number;
  };
}

export interface WebhookPayload {
  type: WebhookEvent;
  /** When the event happened (ISO 8601, UTC). */
  timestamp: string;
  data: { [name: string]: unknown };
}

/** A stored time ('2026-11-28 17:51:52.123Z') in ISO 8601 ('2026-11-28T17:51:52.123Z'). */
export function isoTime(value: string): string {
  const time = new Date(String(value).replace(' ', 'T')).getTime();
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** The shipment's stage now (the highest one reached; 0 before the pickup) and its words. */
function stageNow(stages: readonly unknown[]): { stage: number; stageLabel: string } {
  const set = normalizeStages(stages);
  const stage = set.length ? set[set.length - 1]! : 0;
  const label = TRACKING_STAGES.find((s) => s.stage === stage)?.label ?? 'Aguardando coleta';
  return { stage, stageLabel: label };
}

/**
 * The event a shipment's history row makes, or null for rows a company does not hear of (an edit,
 * a label, a driver assigned, a new attempt decided by the office).
 */
export function shipmentEvent(input: ShipmentEventInput): WebhookPayload | null {
  const { action, details, shipment } = input;
  const at = isoTime(input.at) || new Date().toISOString();
  const base: { [name: string]: unknown } = {
    number: shipment.number,
    ...stageNow(shipment.stages),
    at,
    ...(shipment.pickupNumber ? { pickupNumber: shipment.pickupNumber } : {}),
  };
  const stage = Number(details.stage);
  if (action === 'stage-set' && stage === DELIVERED_STAGE) {
    return {
      type: WEBHOOK_EVENTS.delivered,
      timestamp: at,
      data: {
        ...base,
        deliveredAt: at,
        receiverName: String(details.receiverName ?? shipment.receiverName ?? ''),
      },
    };
  }
  if (action === 'stage-set' || action === 'stage-cleared') {
    return {
      type: WEBHOOK_EVENTS.stage,
      timestamp: at,
      data: { ...base, changed: { stage, set: action === 'stage-set' } },
    };
  }
  if (action === 'attempt') {
    const reason = String(details.reason ?? '');
    return {
      type: WEBHOOK_EVENTS.attemptFailed,
      timestamp: at,
      data: {
        ...base,
        attempt: {
          reason,
          reasonLabel: reasonLabel(reason),
          count: shipment.attempts,
          // The last attempt allowed: the shipment waits for the office to decide.
          pending: details.pending === true,
        },
      },
    };
  }
  if (action === 'decision' && details.decision === 'return') {
    return { type: WEBHOOK_EVENTS.returned, timestamp: at, data: { ...base, returnedAt: at } };
  }
  return null;
}

/** 'Enviar teste': what a test delivery carries. */
export function testPayload(now: Date, companyName: string): WebhookPayload {
  return {
    type: WEBHOOK_EVENTS.test,
    timestamp: now.toISOString(),
    data: { message: `Teste de webhook da ${companyName}` },
  };
}

/**
 * Seconds to wait after the `attempt`-th failure (1, 2, …): `base` doubled each time, at most
 * `max`. With 30 s and 30 minutes a receiver back from an hour down hears within half an hour.
 */
export function retryDelaySeconds(attempt: number, base: number, max: number): number {
  return Math.min(base * Math.pow(2, Math.max(0, attempt - 1)), max);
}

/**
 * Whether a failed answer says the receiving server is down or overloaded (no answer, a timeout,
 * 5xx, 408, 429): then every delivery to that address waits, not only this one. Any other refusal
 * (a 4xx) holds back only this delivery and the later events of its shipment.
 */
export function addressFailing(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'gaveup';

/** One delivery as the company reads it. */
export interface DeliveryView {
  id: string;
  event: WebhookEvent;
  number: string;
  status: DeliveryStatus;
  attempts: number;
  created: string;
  nextAt: string;
  lastStatus: number;
  lastAnswer: string;
  lastAt: string;
  sentAt: string;
}

const hhmm = (value: string) => {
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
};

/** A delivery's state in words: 'Entregue', 'Falhou; nova tentativa às 14:32', … */
export function deliveryStateText(d: Pick<DeliveryView, 'status' | 'nextAt'>): string {
  switch (d.status) {
    case 'sent':
      return 'Entregue';
    case 'sending':
      return 'Enviando';
    case 'failed':
      return d.nextAt ? `Falhou; nova tentativa às ${hhmm(d.nextAt)}` : 'Falhou; aguardando';
    case 'gaveup':
      return 'Não entregue em 3 dias: desistimos';
    default:
      return 'Na fila';
  }
}

/** The receiver's last answer in one line: 'HTTP 200 · ok', or why there was none. */
export function lastAnswerText(d: Pick<DeliveryView, 'lastStatus' | 'lastAnswer'>): string {
  if (!d.lastStatus && !d.lastAnswer) return 'Ainda sem resposta';
  if (!d.lastStatus) return d.lastAnswer;
  return d.lastAnswer ? `HTTP ${d.lastStatus} · ${d.lastAnswer}` : `HTTP ${d.lastStatus}`;
}

/** A short, single-line excerpt of a receiver's answer. */
export function answerExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > WEBHOOK_EXCERPT_MAX ? `${line.slice(0, WEBHOOK_EXCERPT_MAX - 1)}…` : line;
}

/** A request that got no answer, in the company's words (Go's error text stays in the log). */
export function failureText(error: string, timeoutSeconds: number): string {
  if (/deadline exceeded|timeout|Timeout/.test(error)) {
    return `Sem resposta em ${timeoutSeconds} s`;
  }
  if (/connection refused/.test(error)) return 'Conexão recusada';
  if (/no such host|server misbehaving/.test(error)) return 'Endereço não encontrado (DNS)';
  if (/certificate|x509|tls|TLS/.test(error)) return 'Certificado HTTPS inválido';
  if (/connection reset|EOF/.test(error)) return 'A conexão caiu antes da resposta';
  return 'Falha de rede';
}
