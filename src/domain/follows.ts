/**
 * 'Avise-me': a visitor follows a tracking number by e-mail. The form, the outbox and,
 * through the generated bundle, the server read the rules, limits and e-mails from here.
 * Double opt-in: a subscription counts only once the link in its confirmation e-mail is opened.
 */
import { formatDateTimeBrasilia } from './format';
import { FOLLOW_LIMITS } from './follow-limits';
import type { FieldRule } from './fields';
import { displayTrackingNumber, maskTrackingNumber } from './masks';
import { DELIVERED_STAGE, TRACKING_STAGES, type TrackingStage } from './stages';
import { publicAttemptText } from './attempts';
import type { MailContent } from './submission-mails';
import { TRACKING_NUMBER_RULE } from './submissions';

export { FOLLOW_LIMITS };

export const FOLLOW_CONSENT = 'sim';

export const FOLLOW_RULES: readonly FieldRule[] = [
  TRACKING_NUMBER_RULE,
  {
    name: 'email',
    label: 'E-mail',
    kind: 'email',
    required: true,
    requiredMessage: 'Digite seu e-mail',
    max: 254,
    personal: true,
  },
  {
    name: 'consent',
    label: 'Concordo com o aviso de privacidade',
    kind: 'choice',
    required: true,
    options: [FOLLOW_CONSENT],
    requiredMessage: 'Marque que concorda para receber os avisos',
  },
];

/** The server's answers, the same whether or not the number exists. */
export const FOLLOW_MESSAGES = {
  requested: (email: string) =>
    `Pedido recebido. Para começar a receber os avisos, abra o link do e-mail de confirmação enviado para ${email}.`,
  confirmed: (number: string) =>
    `Pronto! Você vai receber um e-mail a cada nova etapa do rastreio ${maskTrackingNumber(number)}.`,
  alreadyDelivered: (number: string) =>
    `O rastreio ${maskTrackingNumber(number)} já foi entregue: não há mais avisos a enviar.`,
  linkGone: `Este link não é mais válido (ele expira em ${FOLLOW_LIMITS.confirmHours / 24} dias, ou os avisos já terminaram). Peça o aviso de novo na página de rastreio.`,
  cancelled: 'Pronto: você não vai mais receber avisos deste rastreio.',
  tooManyForAddress:
    'Muitos pedidos de aviso para este e-mail hoje. Tente de novo amanhã ou fale conosco.',
  tooManyFromHere:
    'Muitos pedidos de aviso feitos desta conexão. Aguarde uma hora e tente de novo.',
} as const;

/**
 * The mailbox an address reaches, for the per-address limit: lower case, without a '+tag', and
 * for Gmail without dots ('A.na+1@gmail.com' and 'ana@gmail.com' are one mailbox).
 */
export function mailboxKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const plain = local.split('+')[0]!;
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? plain.replace(/\./g, '') : plain}@${gmail ? 'gmail.com' : domain}`;
}

/**
 * The number as it may travel in a link (an e-mail can reach the wrong person): a waybill number;
 * never a CPF or CNPJ, which the person types on the page instead ('' then).
 */
export function linkableNumber(number: string): string {
  return displayTrackingNumber(number) === number ? number : '';
}

/** The highest stage reached (0 for none): what a follower was last told about. */
export function highestStage(stages: readonly TrackingStage[]): number {
  return stages.reduce((max, s) => Math.max(max, s), 0);
}

/** The stages reached above what a follower was last told, with their times, oldest first. */
export function stagesToTell(
  stages: readonly TrackingStage[],
  times: Record<string, string>,
  told: number,
): { stage: TrackingStage; label: string; at: string }[] {
  return stages
    .filter((s) => s > told)
    .map((s) => ({ stage: s, label: TRACKING_STAGES[s - 1]!.label, at: times[s] ?? '' }));
}

export interface FollowLinks {
  /** The lookup page of the number. */
  lookup: string;
  /** One click ends the subscription (the page; the e-mail header has the API address). */
  unsubscribe: string;
}

/** The e-mail that asks the person to confirm (double opt-in). */
export function followConfirmMail(
  number: string,
  confirmUrl: string,
  company: { name: string; email: string },
): MailContent {
  const shown = maskTrackingNumber(number);
  return {
    subject: `Confirme os avisos do rastreio ${shown} - ${company.name}`,
    title: 'Confirme os avisos por e-mail',
    replyTo: company.email,
    paragraphs: [
      `Recebemos um pedido para enviar a este e-mail um aviso a cada nova etapa do rastreio ${shown}.`,
      'Para começar, abra o link abaixo. Se não foi você, ignore este e-mail: sem a confirmação, nada será enviado.',
      `O link vale por ${FOLLOW_LIMITS.confirmHours / 24} dias. Guardamos seu e-mail só para estes avisos e o apagamos na entrega ou em ${FOLLOW_LIMITS.maxDays} dias.`,
    ],
    links: [{ label: 'Confirmar os avisos', href: confirmUrl }],
    sections: [],
  };
}

/** One piece of news in a follower's e-mail: a stage reached (`stage`) or a failed attempt. */
export interface FollowNews {
  stage?: TrackingStage;
  label: string;
  at: string;
}

/** The failed attempts beyond the `told` first ones, as news ('Tentativa de entrega não realizada: …'). */
export function attemptsToTell(
  attempts: readonly { at: string; reason: string }[],
  told: number,
): FollowNews[] {
  return attempts.slice(told).map((a) => ({ label: publicAttemptText(a.reason), at: a.at }));
}

/** Stages and attempts together, oldest first, as one e-mail tells them. */
export function newsInOrder(news: readonly FollowNews[]): FollowNews[] {
  const time = (at: string) => Date.parse(at.replace(' ', 'T')) || 0;
  return [...news].sort((a, b) => time(a.at) - time(b.at));
}

/** The e-mail of one or more new stages (several quick changes go in one e-mail). */
export function followUpdateMail(
  number: string,
  reached: readonly FollowNews[],
  links: FollowLinks,
  company: { name: string; email: string },
): MailContent {
  const shown = maskTrackingNumber(number);
  const last = reached[reached.length - 1]!;
  const delivered = reached.some((r) => r.stage === DELIVERED_STAGE);
  const onlyStages = reached.every((r) => r.stage !== undefined);
  return {
    subject: `${last.label} - rastreio ${shown}`,
    title: `Rastreio ${shown}: ${last.label.toLowerCase()}`,
    replyTo: company.email,
    paragraphs: [
      onlyStages
        ? reached.length === 1
          ? 'Seu rastreio tem uma nova etapa:'
          : 'Seu rastreio tem novas etapas:'
        : reached.length === 1
          ? 'Seu rastreio tem uma novidade:'
          : 'Seu rastreio tem novidades:',
      ...(delivered
        ? [
            'A encomenda foi entregue. Este foi o último aviso: apagamos seu e-mail da lista deste rastreio.',
          ]
        : []),
    ],
    sections: [
      {
        title: onlyStages ? 'Etapas (horário de Brasília)' : 'Novidades (horário de Brasília)',
        rows: reached.map((r) => [r.label, r.at ? formatDateTimeBrasilia(r.at) : '']),
      },
    ],
    links: [
      { label: 'Ver o rastreio', href: links.lookup },
      ...(delivered
        ? []
        : [{ label: 'Não quero mais receber estes avisos', href: links.unsubscribe }]),
    ],
  };
}
