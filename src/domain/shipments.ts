/**
 * Shipments ('remessas'): a tracking record that carries the parcel's parties, contents and
 * promise. The office form and the server check them with these rules (the same kinds of check
 * as the public forms: CEP, phone with DDD, CPF/CNPJ check digits, Brazilian numbers), and the
 * form is filled from a request with `draftFromRequest`.
 *
 * The addressee is `recipient*`: `receiverName` on a tracking record is who signed for the parcel.
 */
import {
  storedName,
  textRule,
  toStored,
  validateSubmission,
  type FieldErrors,
  type FieldRule,
  type StoredValue,
} from './fields';
import { formatCents, formatDay, formatDecimal } from './format';
import { formatCep, formatDocument, formatPhone } from './masks';
import { STATE_CODES } from './states';
import { cepStateProblem } from './cep';
import {
  MAX_DIMENSION_CM,
  MAX_INVOICE_REAIS,
  MAX_WEIGHT_KG,
  MIN_DIMENSION_CM,
  MIN_WEIGHT_KG,
  NOT_INFORMED,
  type SubmissionKind,
} from './submissions';
import { foldText } from './text';

export const SERVICES = ['Expressa', 'Urgente'] as const;
export type Service = (typeof SERVICES)[number];

export type Party = 'sender' | 'recipient';
export const PARTY_LABEL: Record<Party, string> = {
  sender: 'Remetente',
  recipient: 'Destinatário',
};

function partyRules(prefix: Party): FieldRule[] {
  const who = prefix === 'sender' ? 'remetente' : 'destinatário';
  return [
    textRule(`${prefix}Name`, `Nome do ${who}`, true, { personal: true }),
    {
      name: `${prefix}Document`,
      label: `CPF/CNPJ do ${who}`,
      kind: 'document',
      required: false,
      max: 18,
      personal: true,
    },
    {
      name: `${prefix}Phone`,
      label: `Telefone do ${who}`,
      kind: 'phone',
      // The driver calls the addressee; the sender is reached through the office.
      required: prefix === 'recipient',
      max: 15,
      personal: true,
    },
    { name: `${prefix}Zip`, label: `CEP do ${who}`, kind: 'cep', required: true, max: 9 },
    textRule(`${prefix}Street`, `Logradouro do ${who}`, true, { personal: true }),
    textRule(`${prefix}StreetNumber`, `Número do endereço do ${who}`, true, {
      max: 20,
      personal: true,
    }),
    textRule(`${prefix}Complement`, `Complemento do ${who}`, false, { max: 100, personal: true }),
    textRule(`${prefix}District`, `Bairro do ${who}`, false, { max: 100 }),
    textRule(`${prefix}City`, `Cidade do ${who}`, true, { max: 100 }),
    {
      name: `${prefix}State`,
      label: `UF do ${who}`,
      kind: 'choice',
      required: true,
      options: STATE_CODES,
      requiredMessage: 'Escolha a UF',
    },
  ];
}

const size = (name: string, label: string): FieldRule => ({
  name,
  label,
  kind: 'decimal',
  required: false,
  minValue: MIN_DIMENSION_CM,
  maxValue: MAX_DIMENSION_CM,
  unit: 'cm',
});

export const SHIPMENT_RULES: readonly FieldRule[] = [
  ...partyRules('sender'),
  ...partyRules('recipient'),
  // Whom the driver asks for at the door (a porter, a reception desk), from the request's
  // 'Recebedor': it fills 'Nome de quem recebeu' on the driver's phone.
  textRule('recipientReceiver', 'Quem deve receber', false, { max: 120, personal: true }),
  // The addressee's own e-mail: it gets the private link where they leave delivery instructions
  // (src/domain/receiver-notes.ts).
  {
    name: 'recipientEmail',
    label: 'E-mail do destinatário',
    kind: 'email',
    required: false,
    max: 254,
    personal: true,
  },
  textRule('contents', 'Conteúdo', true, { max: 200 }),
  {
    name: 'weight',
    label: 'Peso',
    kind: 'decimal',
    required: true,
    minValue: MIN_WEIGHT_KG,
    maxValue: MAX_WEIGHT_KG,
    unit: 'kg',
  },
  size('length', 'Comprimento'),
  size('width', 'Largura'),
  size('height', 'Altura'),
  textRule('invoiceNumber', 'Número da NF', false, { max: 60 }),
  {
    name: 'invoiceValue',
    label: 'Valor da NF',
    kind: 'money',
    required: false,
    maxValue: MAX_INVOICE_REAIS,
  },
  {
    name: 'service',
    label: 'Serviço',
    kind: 'choice',
    required: true,
    options: SERVICES,
    requiredMessage: 'Escolha o serviço',
  },
  {
    name: 'promisedDate',
    label: 'Previsão de entrega',
    kind: 'date',
    required: true,
    max: 10,
    requiredMessage: 'Informe a previsão de entrega',
  },
];

/** The names the form sends. */
export const SHIPMENT_FIELDS = SHIPMENT_RULES.map((r) => r.name);
/**
 * What identifies a person on a shipment: names, documents, phones and the street address (the
 * CEP, district, city and state stay, as on an anonymized request). Erased after the retention
 * period, with the receiver's name and CPF and every photo.
 */
export const SHIPMENT_PERSONAL_FIELDS = SHIPMENT_RULES.filter((r) => r.personal).map(storedName);
/** The names under which the record keeps them (weightKg, invoiceValueCents, ...). */
export const SHIPMENT_STORED_FIELDS = SHIPMENT_RULES.map(storedName);

export type ShipmentValues = Record<string, string>;
/** A shipment's details as the record keeps them: text, and numbers for weight, sizes and money. */
export type ShipmentDetails = Record<string, StoredValue>;

/** Every field's message ({} when the shipment can be saved). */
export function checkShipment(values: Record<string, unknown>): FieldErrors {
  const errors = validateSubmission(SHIPMENT_RULES, values);
  // A UF that contradicts the CEP: the driver would be sent to the wrong state.
  for (const party of ['sender', 'recipient'] as const) {
    const wrong = cepStateProblem(
      String(values[`${party}Zip`] ?? ''),
      String(values[`${party}State`] ?? ''),
    );
    if (wrong && !errors[`${party}State`]) errors[`${party}State`] = wrong;
  }
  return errors;
}

export type PreparedShipment =
  { ok: true; details: ShipmentDetails } | { ok: false; errors: FieldErrors };

/** The checks, then the details as stored (numbers read once, text cleaned, CEP as 8 digits). */
export function prepareShipment(values: Record<string, unknown>): PreparedShipment {
  const errors = checkShipment(values);
  if (Object.keys(errors).length) return { ok: false, errors };
  const details = toStored(SHIPMENT_RULES, values);
  for (const party of ['sender', 'recipient'] as const) {
    details[`${party}Zip`] = String(details[`${party}Zip`]).replace(/\D/g, '');
    details[`${party}Document`] = String(details[`${party}Document`]).replace(/[^0-9A-Za-z]/g, '');
    details[`${party}Phone`] = String(details[`${party}Phone`]).replace(/\D/g, '');
  }
  return { ok: true, details };
}

/** The details a record carries (empty text and zeros for a record made before shipments). */
export function shipmentOf(record: Record<string, unknown>): ShipmentDetails {
  const out: ShipmentDetails = {};
  for (const rule of SHIPMENT_RULES) {
    const name = storedName(rule);
    const value = record[name];
    out[name] =
      rule.kind === 'decimal' || rule.kind === 'money'
        ? Number(value) || 0
        : String(value ?? '').slice(0, 10 * (rule.max ?? 200));
  }
  out.promisedDate = String(out.promisedDate).slice(0, 10);
  return out;
}

/** Whether a record is a shipment (made with the form), not a bare number registered by hand. */
export const isShipment = (details: ShipmentDetails | undefined): details is ShipmentDetails =>
  Boolean(details && details.recipientName);

/** Stored details back into what the form shows (to edit a shipment). */
export function shipmentFormValues(details: ShipmentDetails): ShipmentValues {
  const out: ShipmentValues = {};
  for (const rule of SHIPMENT_RULES) {
    const value = details[storedName(rule)];
    if (rule.kind === 'decimal') out[rule.name] = Number(value) ? formatDecimal(Number(value)) : '';
    else if (rule.kind === 'money')
      out[rule.name] = Number(value) ? formatCents(Number(value)).replace(/^R\$\s*/, '') : '';
    else out[rule.name] = String(value ?? '');
  }
  for (const party of ['sender', 'recipient'] as const) {
    const doc = out[`${party}Document`]!;
    if (doc) out[`${party}Document`] = formatDocument(doc.length > 11 ? 'cnpj' : 'cpf', doc);
    if (out[`${party}Phone`]) out[`${party}Phone`] = formatPhone(out[`${party}Phone`]!);
    if (out[`${party}Zip`]) out[`${party}Zip`] = formatCep(out[`${party}Zip`]!);
  }
  return out;
}

/** An empty form: every field blank, the service 'Expressa' and its usual promise. */
export function emptyShipment(today: string): ShipmentValues {
  const out: ShipmentValues = Object.fromEntries(SHIPMENT_FIELDS.map((n) => [n, '']));
  out.service = 'Expressa';
  out.promisedDate = promisedDateFor('Expressa', today);
  return out;
}

let brasiliaDays: Intl.DateTimeFormat | undefined;

/** Today's date in Brasília as 'AAAA-MM-DD' (the office's calendar, whatever the phone's zone). */
export function todayInBrazil(now: number = Date.now()): string {
  // One formatter, made when first asked: making one took a slow phone a few milliseconds, and
  // the office's screen asks on every draw.
  brasiliaDays ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
  return brasiliaDays.format(now);
}

/**
 * The usual promise: 'Urgente' the same day, 'Expressa' two working days later (24-48h, no
 * deliveries on Saturdays and Sundays). Staff may change it.
 */
export function promisedDateFor(service: string, today: string): string {
  if (service === 'Urgente') return today;
  const day = new Date(`${today}T12:00:00Z`);
  let working = 0;
  while (working < 2) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) working++;
  }
  return day.toISOString().slice(0, 10);
}

/**
 * What names a neighbourhood ('Setor Oeste', 'Vila Nova', 'Centro'), compared without accents.
 * Only these go to the district: anything else after the number stays in the complement, the
 * field erased with the person's data after the retention period ('falar com João' must not
 * outlive it).
 */
const DISTRICT =
  /^(setor|vila|jardim|jd|bairro|parque|pq|centro|residencial|loteamento|chacara|nucleo|distrito|recanto|conjunto habitacional|cidade|morada|alto|vale|sitio|colonia)\b/;

/** The part of an address after its number, split into complement and district. */
function afterNumber(rest: string): { complement: string; district: string } {
  const pieces = rest
    .split(/\s*,\s*|\s+[-–]\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const isDistrict = (piece: string) => DISTRICT.test(foldText(piece));
  return {
    complement: pieces.filter((p) => !isDistrict(p)).join(', '),
    district: pieces.filter(isDistrict).join(', '),
  };
}

/**
 * 'Rua das Flores, 123 - apto 4' → street 'Rua das Flores', number '123', complement 'apto 4';
 * 'Rua 7, 45 - Setor Oeste' → district 'Setor Oeste'. A request keeps its address as one line;
 * the shipment wants its parts. What cannot be split stays whole in the street, for staff to
 * finish.
 */
export function splitAddress(line: string): {
  street: string;
  number: string;
  complement: string;
  district: string;
} {
  const text = line.trim().replace(/\s+/g, ' ');
  const whole = { street: text, number: '', complement: '', district: '' };
  const comma = text.indexOf(',');
  if (comma > 0) {
    // 'Rua 7, 45 - Setor Oeste': the number comes after the first comma.
    const m = /^(?:n[º°o.]?\s*)?(\d+[A-Za-z]?|s\/?n)(?=$|[\s,–-])\s*(?:[-,–]\s*)?(.*)$/i.exec(
      text.slice(comma + 1).trim(),
    );
    if (!m) return whole;
    return {
      street: text.slice(0, comma).trim(),
      number: m[1]!.toUpperCase(),
      ...afterNumber(m[2]!),
    };
  }
  // 'Av. Paulista 1578': a number at the end.
  const m = /^(.*[A-Za-zÀ-ú].*?)\s+(?:n[º°o.]?\s*)?(\d+[A-Za-z]?)$/i.exec(text);
  return m ? { ...whole, street: m[1]!, number: m[2]!.toUpperCase() } : whole;
}

/** 'Goiânia - GO', 'Goiânia/GO' → city and UF (UF empty when the text names none). */
export function splitCity(text: string): { city: string; state: string } {
  const clean = text.trim();
  if (!clean || clean === NOT_INFORMED) return { city: '', state: '' };
  const m = /^(.*?)\s*[-/,]\s*([A-Za-z]{2})$/.exec(clean);
  const state = m ? m[2]!.toUpperCase() : '';
  if (m && (STATE_CODES as readonly string[]).includes(state)) return { city: m[1]!, state };
  return { city: clean, state: '' };
}

/**
 * A quote's city: the one typed, or else the place chosen for the price ('São Paulo - SP'), which
 * also gives the UF when the typed city is the same one written without it.
 */
function cityOrLocation(typed: unknown, location: unknown): string {
  const city = text(typed);
  const place = text(location);
  if (!city) return place;
  if (splitCity(city).state) return city;
  const chosen = splitCity(place);
  return chosen.state && foldText(chosen.city) === foldText(city) ? place : city;
}

/** The corporate client's fixed pickup site, the sender of its pickups. */
export interface PickupSite {
  name: string;
  taxId: string;
  street: string;
  town: string;
  zip?: string;
}

const text = (value: unknown) => {
  const s = String(value ?? '').trim();
  return s === NOT_INFORMED || s === 'Anonimizado' ? '' : s;
};

function party(
  prefix: Party,
  values: {
    name: unknown;
    document?: unknown;
    phone?: unknown;
    zip?: unknown;
    address?: unknown;
    city?: unknown;
    state?: unknown;
  },
): ShipmentValues {
  const address = splitAddress(text(values.address));
  const place = splitCity(text(values.city));
  const doc = text(values.document);
  return {
    [`${prefix}Name`]: text(values.name),
    [`${prefix}Document`]: doc,
    [`${prefix}Phone`]: text(values.phone),
    [`${prefix}Zip`]: text(values.zip),
    [`${prefix}Street`]: address.street,
    [`${prefix}StreetNumber`]: address.number,
    [`${prefix}Complement`]: address.complement,
    [`${prefix}District`]: address.district,
    [`${prefix}City`]: place.city,
    [`${prefix}State`]: text(values.state) || place.state,
  };
}

const amount = (value: unknown, unit: 'kg' | 'cm') =>
  Number(value) > 0 ? formatDecimal(Number(value), unit === 'kg' ? 3 : 1).replace(/,?0+$/, '') : '';
const money = (cents: unknown) =>
  Number(cents) > 0 ? formatCents(Number(cents)).replace(/^R\$\s*/, '') : '';

type PartyInput = Parameters<typeof party>[1];

/**
 * The two ends of a corporate pickup: the place the form names ('Onde será a coleta deste
 * material?') and the client's fixed site. The parcel is collected where it leaves from: at the
 * fixed site when the request says it leaves from there ('sim', the default), and then it goes to
 * the named place; otherwise it is collected at the named place and brought to the fixed site.
 */
export function pickupEnds(
  r: Record<string, unknown>,
  site: PickupSite,
): { from: PartyInput; to: PartyInput; fromFixedSite: boolean } {
  const named: PartyInput = {
    name: [text(r.empresa), text(r.contato)].filter(Boolean).join(' — '),
    phone: r.telefone,
    address: r.endereco,
    city: r.cidade,
    state: r.estado,
  };
  const town = splitCity(site.town);
  const fixed: PartyInput = {
    name: site.name,
    document: site.taxId,
    zip: site.zip ?? '',
    address: site.street,
    city: town.city,
    state: town.state,
  };
  const fromFixedSite = text(r.saiLocalColeta) !== 'não';
  return fromFixedSite
    ? { from: fixed, to: named, fromFixedSite }
    : { from: named, to: fixed, fromFixedSite };
}

/** 'Goiânia - GO': where a pickup is collected and where it goes, as its requester reads them. */
export function pickupRoute(
  r: Record<string, unknown>,
  site: PickupSite,
): { from: string; to: string } {
  const { from, to } = pickupEnds(r, site);
  const place = (end: PartyInput) => {
    const { city, state } = splitCity(text(end.city));
    return [city, text(end.state) || state].filter(Boolean).join(' - ');
  };
  return { from: place(from), to: place(to) };
}

/**
 * The shipment form filled from a request as the server stored it: for quotes and urgent
 * requests both parties come from the request; for the corporate client's pickup the sender is
 * where it is collected and the addressee where it goes (`pickupEnds`). Staff complete what is
 * missing.
 */
export function draftFromRequest(
  kind: SubmissionKind,
  request: Record<string, unknown>,
  site: PickupSite,
  today: string,
): ShipmentValues {
  const r = request;
  const base = emptyShipment(today);
  if (kind === 'pickup') {
    const ends = pickupEnds(r, site);
    const contents =
      r.tipoEntrega === 'Outros' ? text(r.outroTipoEntrega) || 'Outros' : text(r.tipoEntrega);
    return {
      ...base,
      ...party('sender', ends.from),
      ...party('recipient', ends.to),
      contents: contents.slice(0, 200),
      weight: amount(r.pesoKg, 'kg'),
      length: amount(r.comprimentoCm, 'cm'),
      width: amount(r.larguraCm, 'cm'),
      height: amount(r.alturaCm, 'cm'),
      invoiceValue: money(r.valorNFCents),
    };
  }
  const service = kind === 'urgent' ? 'Urgente' : 'Expressa';
  const fromQuote = kind === 'quote';
  return {
    ...base,
    ...party('sender', {
      name: r.senderName,
      document: r.senderDocument,
      phone: r.senderPhone,
      zip: r.senderZip,
      address: r.senderAddress,
      city: fromQuote ? cityOrLocation(r.senderCity, r.pickupLocation) : r.senderCity,
    }),
    ...party('recipient', {
      name: r.recipientName,
      document: r.recipientDocument,
      phone: r.recipientPhone,
      zip: r.recipientZip,
      address: r.recipientAddress,
      city: fromQuote ? cityOrLocation(r.recipientCity, r.deliveryLocation) : r.recipientCity,
    }),
    contents:
      text(r.itemDescription).split('\n')[0]!.slice(0, 200) ||
      (fromQuote ? text(r.parcelType) : ''),
    weight: amount(r.weightKg, 'kg'),
    length: amount(r.lengthCm, 'cm'),
    width: amount(r.widthCm, 'cm'),
    height: amount(r.heightCm, 'cm'),
    recipientReceiver: text(r.recipientReceiver).slice(0, 120),
    invoiceNumber: text(r.invoiceNumber),
    invoiceValue: money(r.invoiceValueCents),
    service,
    promisedDate: promisedDateFor(service, today),
  };
}

/** Where a shipment goes, as the public lookup and the label say it: 'Goiânia - GO'. */
export function destinationOf(details: {
  recipientCity?: unknown;
  recipientState?: unknown;
}): string {
  const city = String(details.recipientCity ?? '').trim();
  const state = String(details.recipientState ?? '').trim();
  return city && state ? `${city} - ${state}` : city;
}

/** One line of a party's address: 'Rua das Flores, 123 - apto 4 - Centro'. */
export function addressLine(details: ShipmentDetails, prefix: Party): string {
  const get = (name: string) => String(details[`${prefix}${name}`] ?? '').trim();
  const street = [get('Street'), get('StreetNumber')].filter(Boolean).join(', ');
  return [street, get('Complement'), get('District')].filter(Boolean).join(' - ');
}

export const SHIPMENT_MESSAGES = {
  requestTaken: (number: string) =>
    `Esta solicitação já virou a remessa ${number}: nenhuma remessa nova foi criada.`,
  requestUnknown: 'Solicitação não encontrada.',
  provisional: 'número provisório',
} as const;

/**
 * The e-mail a requester gets when their request becomes a shipment: the number, the lookup link,
 * the promised date and a link to be told of each stage ('Avise-me').
 */
export function shipmentCreatedMail(
  shipment: { number: string; promisedDate: string; destination: string },
  links: { track: string; follow: string },
  company: { name: string; email: string },
): {
  subject: string;
  title: string;
  replyTo: string;
  paragraphs: string[];
  sections: { title: string; rows: [string, string][] }[];
  links: { label: string; href: string }[];
} {
  const promised = formatDay(shipment.promisedDate);
  return {
    subject: `Sua remessa ${shipment.number} - ${company.name}`,
    title: `Sua solicitação virou a remessa ${shipment.number}`,
    replyTo: company.email,
    paragraphs: [
      `Sua encomenda já tem número de rastreio: ${shipment.number}.`,
      ...(promised ? [`Previsão de entrega: ${promised}.`] : []),
      'Acompanhe cada etapa pelo link abaixo. Para receber um e-mail a cada nova etapa, use "Avise-me" na mesma página.',
    ],
    sections: [
      {
        title: 'Remessa',
        rows: [
          ['Número', shipment.number],
          ...(promised ? ([['Previsão de entrega', promised]] as [string, string][]) : []),
          ...(shipment.destination
            ? ([['Destino', shipment.destination]] as [string, string][])
            : []),
        ],
      },
    ],
    links: [
      { label: 'Acompanhar a remessa', href: links.track },
      { label: 'Avise-me a cada etapa', href: links.follow },
    ],
  };
}
