import { API_PATHS } from '../../config/api-paths';
import type { DeliveryView } from '../../domain/webhooks';
import { clientApi } from '../../lib/pocketbase';

/** One of the company's addresses, with its latest deliveries (newest first). */
export interface WebhookView {
  id: string;
  url: string;
  created: string;
  createdBy: string;
  deliveries: DeliveryView[];
}

/** The signed-in administrator's company's webhooks. */
export async function fetchWebhooks(): Promise<WebhookView[]> {
  const answer = await clientApi.send<{ webhooks: WebhookView[] }>(API_PATHS.webhooks, {
    method: 'GET',
    requestKey: null,
  });
  return answer.webhooks;
}

/** 'Novo webhook': the address, and its secret, which the server never shows again. */
export function createWebhook(url: string): Promise<{ webhook: WebhookView; secret: string }> {
  return clientApi.send(API_PATHS.webhooks, { method: 'POST', body: { url }, requestKey: null });
}

/** 'Excluir': the address and its deliveries. */
export function deleteWebhook(id: string): Promise<unknown> {
  return clientApi.send(API_PATHS.webhook(id), { method: 'DELETE', requestKey: null });
}

/** 'Enviar teste': a `webhook.test` event, posted like any other. */
export function testWebhook(id: string): Promise<{ delivery: DeliveryView }> {
  return clientApi.send(API_PATHS.webhookTest(id), { method: 'POST', requestKey: null });
}

/** 'Enviar de novo': one delivery posted again (the same message). */
export function resendDelivery(id: string): Promise<{ delivery: DeliveryView }> {
  return clientApi.send(API_PATHS.resendWebhookDelivery(id), { method: 'POST', requestKey: null });
}
