import { API_PATHS } from '../../config/api-paths';
import type { ApiKeyView } from '../../domain/api';
import { clientApi } from '../../lib/pocketbase';

/** The signed-in administrator's company's API keys, newest first (revoked ones too). */
export async function fetchApiKeys(): Promise<ApiKeyView[]> {
  const answer = await clientApi.send<{ keys: ApiKeyView[] }>(API_PATHS.apiKeys, {
    method: 'GET',
    requestKey: null,
  });
  return answer.keys;
}

/** 'Criar chave': the new key's view, and the key itself, which the server never shows again. */
export function createApiKey(name: string): Promise<{ key: ApiKeyView; secret: string }> {
  return clientApi.send(API_PATHS.apiKeys, { method: 'POST', body: { name }, requestKey: null });
}

/** 'Revogar': the key stops working at once. */
export function revokeApiKey(id: string): Promise<{ key: ApiKeyView }> {
  return clientApi.send(API_PATHS.revokeApiKey(id), { method: 'POST', requestKey: null });
}
