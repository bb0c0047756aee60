/**
 * Addresses of the server's own routes (pb_hooks) that the app calls. The hooks register the same
 * paths; tests/server/catalogue.test.ts checks that each one answers.
 */
export const API_PATHS = {
  /** One change made on a staff phone (register, stage, delete). */
  trackingChanges: '/api/equipe/rastreios',
  /** Several changes of one phone in the order made, one answer each. */
  trackingBatch: '/api/equipe/rastreios/lote',
  /** A delivery's or a failed attempt's photo, sent after its change. */
  trackingPhotos: '/api/equipe/rastreios/fotos',
  /** 'Avise-me': follow a number by e-mail, confirm it, cancel it (the token is in the e-mailed link). */
  follows: '/api/avisos',
  followConfirm: '/api/avisos/confirmar',
  followCancel: (token: string) => `/api/avisos/cancelar/${encodeURIComponent(token)}`,
  /** The shipment numbers an office account keeps reserved for shipments made with no signal. */
  shipmentNumbers: '/api/equipe/numeros',
  /** The active drivers, by name, for the shipment form. */
  drivers: '/api/equipe/motoristas',
  /** The number the corporate client's next pickup request will get. */
  nextPickupNumber: '/api/pedidos-coleta/proximo-numero',
  /** Several pickup requests of the signed-in client in order, one answer each (a spreadsheet's rows). */
  pickupBatch: '/api/pedidos-coleta/lote',
  /** A client company's proof of delivery of one of its shipments, its photo and signature. */
  deliveryProof: (number: string) => `/api/comprovantes/${encodeURIComponent(number)}`,
  proofFile: (number: string, file: 'foto' | 'assinatura') =>
    `/api/comprovantes/${encodeURIComponent(number)}/${file}`,
  /** A client company's shipments of a month with their prices ('Extrato'). */
  statement: (month: string) => `/api/extrato?mes=${encodeURIComponent(month)}`,
  /** A company's API keys (its administrator): the list and 'Nova chave', and 'Revogar'. */
  apiKeys: '/api/cliente/chaves',
  revokeApiKey: (id: string) => `/api/cliente/chaves/${encodeURIComponent(id)}/revogar`,
  /**
   * A company's webhooks (its administrator): the list and 'Novo webhook', one address ('Excluir'),
   * 'Enviar teste', its deliveries, and 'Enviar de novo'.
   */
  webhooks: '/api/cliente/webhooks',
  webhook: (id: string) => `/api/cliente/webhooks/${encodeURIComponent(id)}`,
  webhookTest: (id: string) => `/api/cliente/webhooks/${encodeURIComponent(id)}/teste`,
  webhookDeliveries: (id: string) => `/api/cliente/webhooks/${encodeURIComponent(id)}/entregas`,
  resendWebhookDelivery: (id: string) =>
    `/api/cliente/webhooks/entregas/${encodeURIComponent(id)}/reenviar`,
  /** The API's own document (OpenAPI 3.1), for the people who connect a company's system. */
  apiDocument: '/api/v1/openapi.json',
  /** The receiver's private page: the shipment and their note (the token is the mailed link's). */
  receiverNote: (token: string) => `/api/recebedor/${encodeURIComponent(token)}`,
  /** The public lookup of one number. */
  lookup: (number: string) => `/api/rastreio/${encodeURIComponent(number)}`,
} as const;
