/**
 * Client companies and their people: the fields the office fills in 'Clientes' ('Novo cliente'),
 * checked by the form and again by the server with these rules; the kinds of account a company
 * has; an invitation's fields. A company's fixed site is where its pickups leave from.
 */
import { validateSubmission, textRule, type FieldErrors, type FieldRule } from './fields';
import { normalizeCnpj } from './documents';
import { formatCnpj } from './masks';
import type { FixedPickupPlace } from './submission-mails';

/**
 * The company the configuration names (the one client there was before there were many): made at
 * every start when missing, under this id, and the shared password account belongs to it.
 */
export const FIRST_COMPANY_ID = 'clienteempresa1';

export const COMPANY_RULES: FieldRule[] = [
  textRule('name', 'Razão social', true, { max: 120, requiredMessage: 'Informe a razão social' }),
  {
    name: 'taxId',
    label: 'CNPJ',
    kind: 'document',
    required: true,
    requiredMessage: 'Informe o CNPJ',
    max: 18,
  },
  textRule('stateRegistration', 'Inscrição estadual', false, { max: 20 }),
  textRule('street', 'Endereço do local de coleta fixo', true, {
    max: 160,
    requiredMessage: 'Informe o endereço do local de coleta',
  }),
  textRule('town', 'Cidade - UF', true, {
    max: 80,
    requiredMessage: 'Informe a cidade e a UF, como Itumbiara - GO',
  }),
];

export const NOT_A_CNPJ = 'Informe o CNPJ da empresa (14 caracteres), não um CPF';
export const BAD_TOWN = 'Escreva a cidade e a UF, como Itumbiara - GO';
export const TAX_ID_TAKEN = 'Já existe um cliente com este CNPJ';

export interface CompanyFields {
  name: string;
  taxId: string;
  stateRegistration: string;
  street: string;
  town: string;
}

const TOWN = /^.+\s-\s[A-Za-z]{2}$/;

/** Every field's message (empty when the company can be saved). */
export function checkCompany(values: Record<string, unknown>): FieldErrors {
  const errors = validateSubmission(COMPANY_RULES, values);
  const taxId = String(values.taxId ?? '');
  if (!errors.taxId && normalizeCnpj(taxId).length !== 14) errors.taxId = NOT_A_CNPJ;
  if (!errors.town && !TOWN.test(String(values.town ?? '').trim())) errors.town = BAD_TOWN;
  return errors;
}

/** A valid company's fields as stored: trimmed, the CNPJ written with its mask, the UF upper case. */
export function storedCompany(values: Record<string, unknown>): CompanyFields {
  const text = (name: string) =>
    String(values[name] ?? '')
      .trim()
      .replace(/\s+/g, ' ');
  const town = text('town');
  return {
    name: text('name'),
    taxId: formatCnpj(normalizeCnpj(text('taxId'))),
    stateRegistration: text('stateRegistration'),
    street: text('street'),
    town: town.replace(/\s-\s([A-Za-z]{2})$/, (_, uf: string) => ` - ${uf.toUpperCase()}`),
  };
}

/** A company as its pickups' e-mails and shipments name its fixed site. */
export function fixedSiteOf(company: CompanyFields): FixedPickupPlace {
  return {
    name: company.name,
    taxId: company.taxId,
    stateRegistration: company.stateRegistration,
    street: company.street,
    town: company.town,
  };
}

/**
 * The kinds of account a company has: the shared password it may keep ('Acesso Restrito' with the
 * password only), its administrators (who invite and disable its people) and its people.
 */
export type ClientKind = 'compartilhada' | 'administrador' | 'pessoa';

export const CLIENT_KIND_LABELS: Record<ClientKind, string> = {
  compartilhada: 'Senha compartilhada',
  administrador: 'Administrador',
  pessoa: 'Pessoa',
};

/** Who made a pickup, as the office's inbox and 'Minhas solicitações' show it. */
export function requesterName(kind: string, name: string): string {
  if (kind === 'compartilhada' || !name.trim()) return CLIENT_KIND_LABELS.compartilhada;
  return name.trim();
}

/** 'Convidar pessoa': a name, an e-mail, and whether the person administers the company's people. */
export const INVITE_RULES: FieldRule[] = [
  textRule('name', 'Nome', true, { max: 120, requiredMessage: 'Informe o nome da pessoa' }),
  {
    name: 'email',
    label: 'E-mail',
    kind: 'email',
    required: true,
    requiredMessage: 'Informe o e-mail da pessoa',
    max: 254,
  },
];

export const EMAIL_TAKEN = 'Este e-mail já tem um acesso de cliente. Use outro.';

/** A new password from an invitation's or a reset's link. */
export const PASSWORD_MIN = 10;

export function checkNewPassword(password: string, again: string): FieldErrors {
  const errors: FieldErrors = {};
  if (password.length < PASSWORD_MIN) errors.password = `Use pelo menos ${PASSWORD_MIN} caracteres`;
  else if (password.length > 72) errors.password = 'Use no máximo 72 caracteres';
  if (!errors.password && again !== password) errors.passwordConfirm = 'As senhas não são iguais';
  return errors;
}

/** The e-mail that invites a person: who invited them, to which company, and the link. */
export function inviteMail(
  invite: { name: string; companyName: string; invitedBy: string; admin: boolean },
  link: string,
  brand: { name: string; email: string },
): {
  subject: string;
  title: string;
  replyTo: string;
  paragraphs: string[];
  sections: { title: string; rows: [string, string][] }[];
  links: { label: string; href: string }[];
} {
  return {
    subject: `Seu acesso de cliente da ${brand.name}: ${invite.companyName}`,
    title: `Olá, ${invite.name}`,
    replyTo: brand.email,
    paragraphs: [
      `${invite.invitedBy} convidou você para pedir coletas e acompanhar as remessas da ${invite.companyName} na área do cliente da ${brand.name}.`,
      invite.admin
        ? 'Você também poderá convidar e desativar as pessoas da sua empresa.'
        : 'Você poderá pedir coletas e ver as solicitações da sua empresa.',
      'Crie a sua senha pelo botão abaixo. O link vale por 3 dias e só funciona uma vez; depois, entre em "Acesso Restrito" com este e-mail e a sua senha.',
    ],
    sections: [],
    links: [{ label: 'Criar minha senha', href: link }],
  };
}

/** The page where an invited person sets a password; the token rides in the fragment. */
export function inviteLink(site: string, token: string): string {
  return `${site}/convite#${token}`;
}
