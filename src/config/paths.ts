/** The one list of the site's paths, and the menus built from them. */
export const paths = {
  home: '/',
  services: '/servicos',
  quote: '/cotacao',
  urgent: '/entrega-urgente',
  tracking: '/rastrear',
  access: '/acesso-conta',
  localities: '/localidades',
  pickupRequest: '/formulario-solicitacao',
  myRequests: '/minhas-solicitacoes',
  pickupImport: '/importar-planilha',
  /** 'Comprovante de entrega' of one of the company's shipments: `?numero=<number>`. */
  deliveryProof: '/comprovante',
  /** 'Extrato': the company's shipments of a month with their prices, `?mes=AAAA-MM`. */
  statement: '/extrato',
  /** A company's administrator: its people, invited and disabled. */
  clientPeople: '/pessoas',
  /** A company's administrator: the API keys of its own systems, made and revoked. */
  apiKeys: '/chaves-api',
  /** A company's administrator: the addresses its shipments' events are posted to. */
  clientWebhooks: '/webhooks',
  /** A company's address book. */
  clientAddresses: '/enderecos',
  /** An invited person sets a password: the token mailed to them follows it after '#'. */
  invite: '/convite',
  trackingAdmin: '/admin/tracking',
  officeClients: '/admin/clientes',
  requestsInbox: '/admin/solicitacoes',
  newShipment: '/admin/remessas/nova',
  labels: '/admin/etiquetas',
  manifest: '/admin/romaneio',
  privacy: '/privacidade',
  /** The receiver's private page: the token mailed to them follows it after '#'. */
  receiver: '/recebedor',
} as const;

/**
 * The romaneio's address: a driver's open stops (`driver`, his account id), or the shipments chosen
 * on the office's list (`ids`: the sheet then takes their driver). `day` ('aaaa-mm-dd') is the date
 * written on it; without it, today.
 */
export function manifestLink({
  driver,
  day,
  ids,
}: { driver?: string; day?: string; ids?: readonly string[] } = {}): string {
  const query = [
    ids?.length ? `remessas=${ids.map(encodeURIComponent).join(',')}` : '',
    driver && !ids?.length ? `motorista=${encodeURIComponent(driver)}` : '',
    day ? `data=${encodeURIComponent(day)}` : '',
  ].filter(Boolean);
  return query.length ? `${paths.manifest}?${query.join('&')}` : paths.manifest;
}

/** The five links of the mobile drawer, in order; the desktop bar adds 'Acessar Conta'. */
export const mainNav = [
  { label: 'Início', to: paths.home },
  { label: 'Serviços', to: paths.services },
  { label: 'Cotação Expressa', to: paths.quote },
  { label: 'Entrega Urgente', to: paths.urgent },
  { label: 'Rastrear', to: paths.tracking },
] as const;

export const accountNav = { label: 'Acessar Conta', to: paths.access } as const;

/** The staff's way in (drivers on the installed app have no address bar): footer, phone menu, shortcut. */
export const staffNav = { label: 'Área da equipe', to: paths.trackingAdmin } as const;
