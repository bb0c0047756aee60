import data from '../../pb_hooks/lib/company.json';

/** Who we are, from the one data file the server hooks read too. */
export const company = {
  name: data.name,
  shortName: data.shortName,
  tagline: data.tagline,
  phone: data.phone,
  phoneHref: `tel:${data.phoneHref}`,
  email: data.email,
  whatsappHref: `https://wa.me/${data.whatsapp}`,
  client: data.client,
  /** The corporate client's account: 'Acesso Restrito' asks only for its password. */
  clientAccountEmail: data.clientAccountEmail,
} as const;
