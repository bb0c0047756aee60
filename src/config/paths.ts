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
  trackingAdmin: '/admin/tracking',
  requestsInbox: '/admin/solicitacoes',
  newShipment: '/admin/remessas/nova',
  labels: '/admin/etiquetas',
  privacy: '/privacidade',
} as const;

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
