import { API_PATHS } from '../../config/api-paths';
import { FOLLOW_MESSAGES } from '../../domain';
import { ClientResponseError, visitorApi } from '../../lib/pocketbase';

export type FollowLinkOutcome = { ok: boolean; message: string; number?: string };

/** The links of the 'Avise-me' e-mails (/rastrear?confirmar=… and ?cancelar=…), opened here. */
export async function openFollowLink(
  action: 'confirmar' | 'cancelar',
  token: string,
): Promise<FollowLinkOutcome> {
  if (!navigator.onLine) {
    return {
      ok: false,
      message: 'Sem conexão: abra o link do e-mail de novo quando o sinal voltar.',
    };
  }
  try {
    const answer = (await visitorApi.send(
      action === 'confirmar' ? API_PATHS.followConfirm : API_PATHS.followCancel(token),
      { method: 'POST', body: action === 'confirmar' ? { token } : {}, requestKey: null },
    )) as { message: string; number?: string };
    return { ok: true, message: answer.message, number: answer.number || undefined };
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 404) {
      return { ok: false, message: FOLLOW_MESSAGES.linkGone };
    }
    const message =
      error instanceof ClientResponseError && error.status === 429
        ? String(error.response?.message ?? '')
        : '';
    return {
      ok: false,
      message: message || 'Não foi possível agora. Tente o link de novo em instantes.',
    };
  }
}
