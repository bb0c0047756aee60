/**
 * What the e-mails about a request say: to the company, every field of the request; to the person
 * who sent it, a short confirmation. Rendered on the server (server/mail/queue.ts, bundled with this
 * module) from the stored record; the staff inbox shows the company's version.
 */
import { formatCents, formatDateTimeBrasilia, formatDecimal, formatKg } from './format';
import {
  NOT_INFORMED,
  priceText,
  type SubmissionKind,
  type SubmissionKindDef,
} from './submissions';
import { defang } from './text';
import { pickupRoute } from './shipments';

/** A stored submission as the e-mail reads it: stored field names, numbers as numbers. */
export type StoredSubmission = Record<string, unknown>;

/** The corporate client's fixed pickup place (pb_hooks/lib/company.json), for the pickup e-mail. */
export interface FixedPickupPlace {
  name: string;
  taxId: string;
  stateRegistration: string;
  street: string;
  town: string;
}

export interface MailSection {
  title: string;
  rows: [label: string, value: string][];
}

export interface MailContent {
  subject: string;
  /** The heading of the message. */
  title: string;
  replyTo: string;
  /** Plain paragraphs under the heading. */
  paragraphs?: string[];
  sections: MailSection[];
  /** Buttons under the text (a confirmation link, the lookup page). */
  links?: { label: string; href: string }[];
}

/** How customers reach the company (pb_hooks/lib/company.json), for the confirmation e-mail. */
export interface CompanyContact {
  name: string;
  phone: string;
  email: string;
  whatsapp: string;
}

/** What a requester is told was received, in the confirmation e-mail. */
export interface Receipt {
  subject: string;
  /** The name typed in the form: shown as data ('Nome informado'), never in the greeting. */
  name: string;
  next: string;
  rows: [string, string][];
}

const str = (r: StoredSubmission, name: string) => {
  const v = r[name];
  return v === undefined || v === null ? '' : String(v);
};
const num = (r: StoredSubmission, name: string) => Number(r[name]) || 0;
const cm = (r: StoredSubmission, names: [string, string, string]) =>
  `${names.map((n) => formatDecimal(num(r, n), 1)).join(' × ')} cm (C × L × A)`;
const documentLabel = (type: string) => (type === 'cnpj' ? 'CNPJ' : 'CPF');

function partySection(r: StoredSubmission, prefix: 'sender' | 'recipient'): MailSection {
  const rows: [string, string][] = [
    ['Nome', str(r, `${prefix}Name`)],
    [documentLabel(str(r, `${prefix}DocumentType`)), str(r, `${prefix}Document`)],
    ['Endereço', str(r, `${prefix}Address`)],
    ['CEP', str(r, `${prefix}Zip`)],
    ['Cidade', str(r, `${prefix}City`)],
    ['Telefone', str(r, `${prefix}Phone`)],
  ];
  if (prefix === 'sender') rows.push(['E-mail', str(r, 'senderEmail')]);
  if (prefix === 'recipient') rows.push(['Recebedor', str(r, 'recipientReceiver')]);
  return { title: prefix === 'sender' ? 'Remetente' : 'Destinatário', rows };
}

function invoiceValueText(r: StoredSubmission, name: string): string {
  return num(r, name) > 0 ? formatCents(num(r, name)) : NOT_INFORMED;
}

/** Each kind's e-mails: the confirmation's contents (`receipt`) and the e-mail to the company. */
export const SUBMISSION_MAILS: Record<
  SubmissionKind,
  {
    receipt: (r: StoredSubmission) => Receipt;
    mail: (r: StoredSubmission, fixedPlace: FixedPickupPlace) => MailContent;
  }
> = {
  quote: {
    receipt: (r) => ({
      subject: `Recebemos sua solicitação de cotação${protocolSuffix(r)}`,
      name: str(r, 'senderName'),
      next: `Recebemos sua solicitação de cotação${protocolSuffix(r)}. Nossa equipe vai conferir os dados e responder por e-mail com a confirmação do valor.${quoteIt(r)}`,
      rows: [
        ...protocolRow(r),
        ['Retirada', str(r, 'pickupLocation')],
        ['Entrega', str(r, 'deliveryLocation')],
        ['Peso', formatKg(num(r, 'weightKg'))],
        ['Valor estimado', priceText(num(r, 'priceCents'))],
      ],
    }),
    mail: (r) => ({
      subject: num(r, 'number')
        ? `Cotação nº ${num(r, 'number')} — ${str(r, 'senderName')}`
        : 'Solicitação de Cotação',
      title: `Solicitação de Cotação${protocolSuffix(r)}`,
      replyTo: str(r, 'senderEmail'),
      sections: [
        {
          title: 'Encomenda',
          rows: [
            ['Local de retirada', str(r, 'pickupLocation')],
            ['Local de entrega', str(r, 'deliveryLocation')],
            ['Tipo', str(r, 'parcelType') === 'documento' ? 'Documento' : 'Encomenda'],
            ['Peso', formatKg(num(r, 'weightKg'))],
            ['Dimensões', cm(r, ['lengthCm', 'widthCm', 'heightCm'])],
            ['Nota fiscal', str(r, 'invoiceNumber')],
            ['Valor da nota fiscal', invoiceValueText(r, 'invoiceValueCents')],
            ['Taxa de seguro da NF (1%)', formatCents(num(r, 'insuranceCents'))],
            ['Valor Total', priceText(num(r, 'priceCents'))],
          ],
        },
        partySection(r, 'sender'),
        partySection(r, 'recipient'),
        { title: 'Item', rows: [['Descrição', str(r, 'itemDescription')]] },
      ],
    }),
  },
  urgent: {
    receipt: (r) => ({
      subject: `Recebemos sua solicitação de entrega urgente${protocolSuffix(r)}`,
      name: str(r, 'senderName'),
      next: `Recebemos sua solicitação de entrega urgente${protocolSuffix(r)}. Vamos verificá-la e enviar uma cotação para sua aprovação.${quoteIt(r)}`,
      rows: [
        ...protocolRow(r),
        ['De', str(r, 'senderCity')],
        ['Para', `${str(r, 'recipientName')} — ${str(r, 'recipientCity')}`],
        ['Peso', formatKg(num(r, 'weightKg'))],
      ],
    }),
    mail: (r) => ({
      subject: num(r, 'number')
        ? `Entrega urgente nº ${num(r, 'number')} — ${str(r, 'senderName')}`
        : `Solicitação de Entrega Urgente - ${str(r, 'senderName')}`,
      title: `Solicitação de Entrega Urgente${protocolSuffix(r)}`,
      replyTo: str(r, 'senderEmail'),
      sections: [
        partySection(r, 'sender'),
        {
          title: 'Nota fiscal',
          rows: [
            ['Número', str(r, 'invoiceNumber')],
            ['Valor', invoiceValueText(r, 'invoiceValueCents')],
          ],
        },
        partySection(r, 'recipient'),
        {
          title: 'Volume',
          rows: [
            ['Peso', formatKg(num(r, 'weightKg'))],
            ['Dimensões', cm(r, ['lengthCm', 'widthCm', 'heightCm'])],
            ['Prazo desejado', str(r, 'desiredDeadline')],
          ],
        },
        { title: 'Item', rows: [['Descrição', str(r, 'itemDescription')]] },
      ],
    }),
  },
  pickup: {
    receipt: (r) => ({
      subject: `Recebemos sua solicitação de coleta nº ${num(r, 'number')}`,
      name: str(r, 'solicitadaPor'),
      next: `A solicitação de coleta nº ${num(r, 'number')} foi recebida. Vamos verificá-la e responder por e-mail ainda hoje.`,
      rows: [
        ['Número da solicitação', String(num(r, 'number'))],
        // The place named in the form is where it is collected only when the parcel does not
        // leave from the client's fixed site; otherwise it is where it goes (`pickupEnds`).
        [
          str(r, 'saiLocalColeta') === 'não' ? 'Coleta em' : 'Entrega em',
          `${str(r, 'empresa')} — ${str(r, 'cidade')} - ${str(r, 'estado')}`,
        ],
        ['O que vamos entregar', str(r, 'tipoEntrega')],
      ],
    }),
    mail: (r, place) => {
      const title = 'Formulário de Solicitação';
      const route = pickupRoute(r, place);
      const tipo = str(r, 'tipoEntrega');
      const outro = str(r, 'outroTipoEntrega');
      return {
        subject: `${title} ${num(r, 'number')} - ${str(r, 'solicitadaPor')}`,
        title: `${title} nº ${num(r, 'number')}`,
        replyTo: str(r, 'email'),
        sections: [
          {
            title: 'Solicitação',
            rows: [
              ['Número da solicitação', String(num(r, 'number'))],
              ['Solicitada por', str(r, 'solicitadaPor')],
              ['O que vamos entregar', tipo === 'Outros' && outro ? `${tipo}: ${outro}` : tipo],
              ['Sai do local de coleta fixo', str(r, 'saiLocalColeta') === 'não' ? 'Não' : 'Sim'],
              ['Coleta em', route.from],
              ['Entrega em', route.to],
            ],
          },
          {
            title: 'Local de coleta fixo',
            rows: [
              ['Empresa', place.name],
              ['CNPJ', place.taxId],
              ['Inscrição estadual', place.stateRegistration],
              ['Endereço', place.street],
              ['Cidade', place.town],
            ],
          },
          {
            title: 'Onde será a coleta deste material?',
            rows: [
              ['Empresa', str(r, 'empresa')],
              ['Contato', str(r, 'contato')],
              ['Telefone', str(r, 'telefone')],
              ['Email', str(r, 'email')],
              ['Endereço', str(r, 'endereco')],
              ['Cidade', `${str(r, 'cidade')} - ${str(r, 'estado')}`],
            ],
          },
          {
            title: 'Peso e Dimensões',
            rows: [
              ['Peso', formatKg(num(r, 'pesoKg'))],
              ['Dimensões', cm(r, ['comprimentoCm', 'larguraCm', 'alturaCm'])],
              ['Valor da NF', formatCents(num(r, 'valorNFCents'))],
            ],
          },
        ],
      };
    },
  },
};

/**
 * A stored request as its e-mails show it: every free-text value defanged, so that nothing a
 * visitor typed becomes a link in a mail client; e-mail addresses (checked by their rule) stay
 * usable, and choices, numbers and documents follow their own strict rules.
 */
export function mailValues(def: SubmissionKindDef, r: StoredSubmission): StoredSubmission {
  const out = { ...r };
  for (const rule of def.rules) {
    if (rule.kind === 'text' && typeof out[rule.name] === 'string')
      out[rule.name] = defang(out[rule.name] as string);
  }
  return out;
}

/** ' nº 482913' for a request with a protocol number; nothing for one stored before numbers. */
function protocolSuffix(r: StoredSubmission): string {
  return num(r, 'number') ? ` nº ${num(r, 'number')}` : '';
}

function protocolRow(r: StoredSubmission): [string, string][] {
  return num(r, 'number') ? [['Número da solicitação', String(num(r, 'number'))]] : [];
}

function quoteIt(r: StoredSubmission): string {
  return num(r, 'number') ? ' Se precisar falar conosco, informe este número.' : '';
}

/** The e-mail to the company about a stored request, with the sender's text defanged. */
export function companyMail(
  def: SubmissionKindDef,
  r: StoredSubmission,
  fixedPlace: FixedPickupPlace,
): MailContent {
  return SUBMISSION_MAILS[def.kind].mail(mailValues(def, r), fixedPlace);
}

/**
 * The short confirmation e-mail to the person who sent a request. Anyone can type any address
 * and any name, so the text is ours alone: a fixed greeting, and what was typed only as data in
 * the table, defanged.
 */
export function confirmationMail(
  def: SubmissionKindDef,
  r: StoredSubmission,
  contact: CompanyContact,
): MailContent & { to: string } {
  const receipt = SUBMISSION_MAILS[def.kind].receipt(mailValues(def, r));
  const whatsapp = contact.whatsapp.replace(/^55(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  return {
    to: str(r, def.requesterEmail),
    subject: `${receipt.subject} - ${contact.name}`,
    title: receipt.subject,
    replyTo: contact.email,
    paragraphs: [
      'Olá!',
      receipt.next,
      'Se algo estiver errado, responda a este e-mail ou fale conosco pelos contatos abaixo.',
    ],
    sections: [
      { title: 'O que recebemos', rows: [['Nome informado', receipt.name], ...receipt.rows] },
      {
        title: 'Fale conosco',
        rows: [
          ['Telefone', contact.phone],
          ['WhatsApp', whatsapp],
          ['E-mail', contact.email],
        ],
      },
    ],
  };
}

/** One request listed in a summary e-mail. */
export interface SummaryLine {
  /** The kind's name ('Cotação', 'Solicitação de coleta') and its number, if it has one. */
  label: string;
  number?: number;
  /** The request in one line (requestSummary). */
  summary: string;
  /** When it arrived, as stored. */
  created: string;
}

/**
 * The one e-mail the company gets for the requests of a burst, instead of one each: when each
 * arrived and what it is in one line, and the way to the inbox, where every request is in full.
 */
export function summaryMail(lines: SummaryLine[], inboxUrl: string, replyTo: string): MailContent {
  const first = lines[0];
  const last = lines[lines.length - 1];
  const span =
    first && last
      ? `${formatDateTimeBrasilia(first.created)} a ${formatDateTimeBrasilia(last.created)}`
      : '';
  return {
    subject: `Resumo: ${lines.length} solicitações recebidas em sequência`,
    title: `${lines.length} solicitações recebidas em sequência`,
    replyTo,
    paragraphs: [
      `Chegaram muitas solicitações em pouco tempo (${span}, horário de Brasília). Para não lotar ` +
        'esta caixa, elas vêm juntas neste resumo, sem um e-mail para cada uma.',
      'Todas estão completas em Solicitações, no site. Se forem de um robô, podem ser ignoradas lá.',
    ],
    sections: [
      {
        title: 'Solicitações',
        rows: lines.map((l) => [
          `${l.label}${l.number ? ` nº ${l.number}` : ''} — ${formatDateTimeBrasilia(l.created)}`,
          defang(l.summary) || NOT_INFORMED,
        ]),
      },
    ],
    links: [{ label: 'Abrir Solicitações', href: inboxUrl }],
  };
}
