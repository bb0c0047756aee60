import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { toaster } from '../../../components/toaster';
import type { TrackingChange } from '../../../domain';
import { db } from '../../../lib/db';
import { failureKind, staffApi } from '../../../lib/pocketbase';
import { DEVICE_FULL, isQuotaError } from '../../../lib/storage';
import type { SubmitOutcome } from '../../../offline';
import { outcomeMessage } from '../../../offline/messages';
import { checkNow, endedStaffSession, followTracking, sendChange } from './api';
import { useKeptWaiting } from './kept-list';
import { forgetTracking, keepTracking, syncTracking } from './tracking-sync';
import { useLive } from '../../../hooks/use-live';

const ERROR_LOADING = 'Erro ao carregar os rastreamentos';

/**
 * Toasts of the list: a change's routine outcome ('sent', kept for later) goes when the next
 * dialog opens; a problem (a session to renew, a refusal, a full device) stays until read.
 */
export const ROUTINE_TOAST = 'rastreio';
export const PROBLEM_TOAST = 'rastreio-problema';

/** The toast for a change's outcome; the list already shows the change either way. */
function announceChange(outcome: SubmitOutcome, sent: string) {
  const routine = outcome.status === 'sent' || outcome.status === 'queued';
  (routine ? toaster.notice : toaster.replace)(
    routine ? ROUTINE_TOAST : PROBLEM_TOAST,
    outcomeMessage(outcome, {
      sent: { title: sent, duration: 2000 },
      queued: {
        title: 'Guardado neste aparelho',
        description: 'Sem conexão agora: a mudança vai para o servidor assim que o sinal voltar.',
        duration: 5000,
      },
      needsAuth: {
        title: 'Sessão expirada',
        description: 'Entre de novo: a mudança continua guardada neste aparelho.',
      },
      failed: (item) => {
        const fields = Object.values(item.fieldErrors ?? {});
        return {
          title: 'O servidor não aceitou a mudança',
          description: fields.length ? fields.join('; ') : item.lastError,
        };
      },
    }),
  );
}

/** Who is signed in, as the list shows who marked a stage. */
export const actorName = () => {
  const record = staffApi.authStore.record;
  return String(record?.name || record?.email || '');
};

/** Keep a change on the device and send it; what cannot be stored is said, never lost silently. */
export async function change(
  made: TrackingChange,
  sent: string,
  photo?: { target: string; blob: Blob } | { target: string; blob: Blob }[],
): Promise<boolean> {
  const problems = Object.values(checkNow(made));
  if (problems.length) {
    toaster.replace(PROBLEM_TOAST, { title: problems.join('; '), type: 'error' });
    return false;
  }
  try {
    announceChange(await sendChange(made, photo), sent);
    return true;
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    toaster.replace(PROBLEM_TOAST, {
      title: DEVICE_FULL.title,
      description: 'A mudança não foi guardada: libere espaço no aparelho e tente de novo.',
      type: 'error',
      duration: 10_000,
    });
    return false;
  }
}

/**
 * What both staff screens (the office's list and a driver's stops) share: the list kept on the
 * device, followed live from the server, and this device's changes not confirmed yet (shown on top
 * of it). `offline`: the last attempt to reach the server failed (the list is the one kept here).
 */
export function useKeptTracking() {
  // Read with the list (kept-list.ts): the rows and the changes over them are of one moment.
  const waiting = useKeptWaiting();
  const sync = useLiveQuery(() => db.staffSync.get('tracking'), []);
  // Known at once when the device says so: the first draw says 'Sem conexão' rather than being
  // drawn again when the first request fails.
  const [offline, setOffline] = useState(() => !navigator.onLine);

  const reload = useCallback(async () => {
    try {
      await syncTracking();
      setOffline(false);
    } catch (error) {
      if (endedStaffSession(error)) return;
      if (failureKind(error) === 'offline') setOffline(true);
      else toaster.create({ title: ERROR_LOADING, type: 'error' });
    }
  }, []);

  // Live: each change made on another phone is applied to this one as it comes; after a lost
  // connection, only what changed meanwhile is fetched.
  const follow = useCallback(
    () =>
      followTracking(
        (action, record) =>
          void (action === 'delete' ? forgetTracking(record.id) : keepTracking(record)),
        () => void reload(),
      ),
    [reload],
  );
  useLive(follow, reload);
  // Signal lost while the screen is open: say the list is the one kept here (reload clears it).
  useEffect(() => {
    const lost = () => setOffline(true);
    window.addEventListener('offline', lost);
    return () => window.removeEventListener('offline', lost);
  }, []);

  const waitingChanges = waiting ?? [];
  return {
    waitingChanges,
    waitingCount: waiting?.length ?? 0,
    loaded: waiting !== undefined,
    sync,
    offline,
  };
}

/** The routine toast goes once a dialog opens over the list (it covered the dialog's buttons). */
export function useQuietWhile(dialogOpen: boolean) {
  useEffect(() => {
    if (dialogOpen) toaster.dismiss(ROUTINE_TOAST);
  }, [dialogOpen]);
}
