import { paths } from './paths';

/**
 * What each page says about itself to search engines and link previews (the title comes from
 * the page's own <PageTitle>). The pages are written as HTML at build time with these.
 */
export const PAGE_DESCRIPTIONS: Record<string, string> = {
  [paths.home]:
    'Transporte expresso e urgente a partir de São Paulo e Guarulhos: simule o valor do frete, peça cotação e rastreie sua encomenda.',
  [paths.services]:
    'Coleta e entrega expressa em 24 a 48 horas e entregas urgentes para todo o Brasil.',
  [paths.localities]:
    'As cidades atendidas pelo serviço expresso, com prazo de entrega de 24 a 48 horas.',
  [paths.quote]:
    'Peça uma cotação de frete expresso: calcule o peso cubado e o valor na hora e envie o pedido, mesmo sem conexão.',
  [paths.urgent]:
    'Solicite uma entrega urgente para qualquer lugar do Brasil; respondemos com uma cotação para sua aprovação.',
  [paths.tracking]:
    'Rastreie sua encomenda pelo número de rastreio, CPF ou CNPJ e veja quando cada etapa aconteceu.',
  [paths.access]: 'Acesso restrito do cliente corporativo para solicitar coletas.',
  [paths.pickupRequest]: 'Formulário de solicitação de coleta do cliente corporativo.',
  [paths.myRequests]:
    'As solicitações de coleta do cliente corporativo e o que aconteceu com cada uma.',
  [paths.pickupImport]:
    'Importar de uma planilha (CSV ou XLSX) várias solicitações de coleta do cliente corporativo.',
  [paths.deliveryProof]:
    'Comprovante de entrega de uma remessa do cliente corporativo: quem recebeu, quando, foto e assinatura.',
  [paths.statement]:
    'Extrato mensal do cliente corporativo: as remessas do mês com peso, serviço e valor, para imprimir ou baixar.',
  [paths.clientAddresses]: 'Os endereços salvos da empresa, oferecidos no formulário de coleta.',
  [paths.clientPeople]: 'As pessoas da empresa com acesso à área do cliente corporativo.',
  [paths.apiKeys]:
    'Chaves de API do cliente corporativo: o sistema da empresa cota, pede coletas e acompanha remessas.',
  [paths.clientWebhooks]:
    'Webhooks do cliente corporativo: o servidor da empresa é avisado de cada etapa, tentativa e entrega das remessas.',
  [paths.invite]: 'Crie a sua senha de acesso à área do cliente corporativo.',
  [paths.trackingAdmin]: 'Área da equipe: gestão dos rastreamentos.',
  [paths.officeClients]: 'Área da equipe: clientes corporativos e suas pessoas.',
  [paths.requestsInbox]: 'Área da equipe: solicitações recebidas.',
  [paths.newShipment]: 'Área da equipe: nova remessa.',
  [paths.labels]: 'Área da equipe: etiquetas das remessas.',
  [paths.manifest]: 'Área da equipe: romaneio de entrega do motorista.',
  [paths.receiver]:
    'Instruções de entrega do destinatário: como entregar, quem pode receber e até quando guardar a encomenda.',
  [paths.privacy]:
    'Como tratamos seus dados pessoais (LGPD): o que guardamos, por quanto tempo e seus direitos.',
};

/** The pages written as HTML at build time: every route, and the 'not found' page. */
export const PRERENDERED = [...Object.keys(PAGE_DESCRIPTIONS), '/404'] as const;

/** The file a page is written to in dist: '/' → index.html, '/servicos' → servicos.html. */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);
