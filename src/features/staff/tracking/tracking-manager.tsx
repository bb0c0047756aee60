import {
  Box,
  Button,
  Dialog,
  Field,
  Heading,
  HStack,
  Input,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { toaster } from '../../../components/toaster';
import {
  checkField,
  DELIVERED_STAGE,
  displayTrackingNumber,
  newChangeTime,
  normalizeTrackingNumber,
  overlayChanges,
  TRACKING_NUMBER_RULE,
  type ShownRow,
  type StageChange,
  type RouteChange,
  moveStop,
  orderByCep,
  placeStop,
  pendingShipments,
  isOpenStop,
  ATTEMPT_MESSAGES,
  CHANGE_MESSAGES,
  stopsInOrder,
  type AttemptChange,
  type DecisionChange,
  type TrackingChange,
  type TrackingStage,
  SHIPMENT_NUMBER_LENGTH,
  NUMBER_LENGTH_MESSAGE,
} from '../../../domain';
import { db } from '../../../lib/db';
import { newRecordId, type SubmitOutcome, type TrackingPayload } from '../../../offline';
import { outcomeMessage } from '../../../offline/messages';
import { failureKind, staffApi } from '../../../lib/pocketbase';
import { DEVICE_FULL, isQuotaError } from '../../../lib/storage';
import { endedStaffSession, followTracking, sendChange } from './api';
import { forgetTracking, keepTracking, syncTracking } from './tracking-sync';
import { useLive } from './use-live';
import { openingList, readKeptList, SHOWN } from './kept-list';
import { useDragStops } from './drag-stops';
import { TrackingItem, TrackingList, type RowActions } from './tracking-item';
import { ChangesStatus } from './changes-status';
import { DeliveryDialog } from './delivery-dialog';
import { AttemptDialog } from './attempt-dialog';
import { PendingList } from './pending-list';
import { ScanDialog } from './scan-dialog';
import { checkNow } from './api';
import { signedInAsDriver } from '../shipments/drivers';
import { ExportButton } from './export-button';

const ERROR_LOADING = 'Erro ao carregar os rastreamentos';
/** Rows drawn before the first paint: a phone's screen shows two or three; the rest follow it. */
const FIRST_PASS = 4;

/**
 * Toasts of the list: a change's routine outcome ('sent', kept for later) goes when the next stop's
 * dialog opens; a problem (a session to renew, a refusal, a full device) stays until read.
 */
const ROUTINE_TOAST = 'rastreio';
const PROBLEM_TOAST = 'rastreio-problema';

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
const actorName = () => {
  const record = staffApi.authStore.record;
  return String(record?.name || record?.email || '');
};

export function TrackingManager() {
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(SHOWN);
  const needle = normalizeTrackingNumber(filter);
  // The list lives on the device: it opens with no signal and follows every change. A driver's
  // stops keep their places in its whole route while a filter shows one of them.
  const driverList = signedInAsDriver();
  const onScreen = useLiveQuery(
    () => readKeptList(needle, limit, driverList),
    [needle, limit, driverList],
    // The unfiltered list, read before the screen was drawn (kept-list.ts): no empty first draw.
    needle || limit !== SHOWN ? undefined : openingList(driverList),
  );
  // Changes made on this phone the server has not confirmed yet (shown on top of its list).
  const mine = useLiveQuery(
    () => db.outbox.where('kind').equals('tracking').sortBy('createdAt'),
    [],
  );
  const waiting = mine?.filter((i) => i.state === 'pending' || i.state === 'sending');
  // 'Pendências' looks at every kept row (through its index), not only the hundred on screen.
  const pendingKept = useLiveQuery(
    () => (driverList ? [] : db.staffTracking.orderBy('decisionDue').toArray()),
    [driverList],
  );
  const sync = useLiveQuery(() => db.staffSync.get('tracking'), []);
  const [number, setNumber] = useState('');
  const [toDelete, setToDelete] = useState<ShownRow | null>(null);
  const [delivering, setDelivering] = useState<ShownRow | null>(null);
  const [attempting, setAttempting] = useState<ShownRow | null>(null);
  const [scanning, setScanning] = useState(false);
  const [offline, setOffline] = useState(false);
  // A dialog opened for the next stop: the toast of the last change (at the bottom of a phone,
  // over the dialog's buttons) has been read; the status line keeps saying what waits.
  const dialogOpen = Boolean(toDelete || delivering || attempting || scanning);
  useEffect(() => {
    if (dialogOpen) toaster.dismiss(ROUTINE_TOAST);
  }, [dialogOpen]);
  // Shipments chosen for printing their labels together.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = useCallback((id: string, on: boolean) => {
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

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

  const waitingChanges = (waiting ?? []).map(
    (i) => (i.payload as unknown as TrackingPayload).change,
  );
  const matches = (r: ShownRow) => !needle || r.number.includes(needle);
  const unfiltered =
    onScreen === undefined ? undefined : overlayChanges(onScreen.rows, waitingChanges, actorName());
  const rows = unfiltered?.filter(matches);

  /** Keep a change on the device and send it; what cannot be stored is said, never lost silently. */
  const change = async (
    made: TrackingChange,
    sent: string,
    photo?: { target: string; blob: Blob },
  ) => {
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
  };

  const register = async (e: FormEvent) => {
    e.preventDefault();
    const message = checkField(TRACKING_NUMBER_RULE, number, {});
    if (message) {
      toaster.create({ title: message, type: 'warning' });
      return;
    }
    const known =
      (await db.staffTracking.where('number').equals(number).count()) > 0 ||
      waitingChanges.some((c) => c.op === 'register' && c.number === number);
    if (known) {
      toaster.create({ title: 'Este número já foi registrado', type: 'error' });
      return;
    }
    const made = { op: 'register', record: newRecordId(), number, at: newChangeTime() } as const;
    setNumber('');
    if (!(await change(made, 'Número registrado com sucesso'))) setNumber(made.number);
  };

  const toggle = (row: ShownRow, stage: TrackingStage) => {
    const set = !row.stages.includes(stage);
    // Marking a parcel delivered asks who received it first.
    if (stage === DELIVERED_STAGE && set) {
      setDelivering(row);
      return;
    }
    const made: StageChange = {
      op: 'stage',
      record: row.id,
      number: row.number,
      stage,
      set,
      at: newChangeTime(),
    };
    void change(made, 'Status atualizado com sucesso');
  };

  const confirmDelete = () => {
    const row = toDelete;
    setToDelete(null);
    if (!row) return;
    const made = { op: 'delete', record: row.id, number: row.number, at: newChangeTime() } as const;
    void change(made, 'Número removido com sucesso');
  };

  const shown = (rows ?? []).slice(0, limit);
  const remaining = Math.max(0, (onScreen?.total ?? 0) - (onScreen?.rows.length ?? 0));

  // A driver's list holds only the shipments assigned to it (the server's rules): its stops for
  // the day, in its own order, whose stages it marks; the office makes, edits, prints and deletes.
  const office = !signedInAsDriver();
  const stops = office ? null : stopsInOrder(unfiltered ?? []);
  const listed = stops ? stops.filter(matches) : shown;
  const stopPlaces = stops ? new Map(stops.map((r, i) => [r.id, i + 1])) : null;
  // The screen opens with the first rows and draws the others once that is painted.
  const [allDrawn, setAllDrawn] = useState(false);
  const loaded = rows !== undefined;
  useEffect(() => {
    if (allDrawn || !loaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAllDrawn(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [allDrawn, loaded]);
  const drawn = allDrawn ? listed : listed.slice(0, FIRST_PASS);

  // Shipments whose attempts ran out, for the office to decide (with decisions made here on top).
  const pending = office
    ? pendingShipments(
        overlayChanges(
          [
            ...(pendingKept ?? []),
            ...(rows ?? []).filter((r) => !(pendingKept ?? []).some((k) => k.id === r.id)),
          ],
          waitingChanges,
          actorName(),
        ),
      )
    : [];

  const decide = (row: ShownRow, decision: 'retry' | 'return', driver?: string) => {
    const made: DecisionChange = {
      op: 'decision',
      record: row.id,
      number: row.number,
      at: newChangeTime(),
      decision,
      ...(decision === 'retry' ? { driver: driver ?? '' } : {}),
    };
    void change(
      made,
      decision === 'retry' ? 'Nova tentativa marcada' : 'Remessa marcada para devolução',
    );
  };

  /**
   * A scanned (or typed) label: its shipment alone on the list, or why it cannot be opened here (a
   * driver reads only its own stops).
   */
  const openScanned = async (scanned: string): Promise<string | null> => {
    const kept = await db.staffTracking.where('number').equals(scanned).first();
    const row = kept ? overlayChanges([kept], waitingChanges, actorName())[0] : undefined;
    if (!row) {
      if (office) return 'Este número não está na lista.';
      // A driver's stops are all shipments: a shorter or longer number is a typo, not another
      // driver's parcel.
      return scanned.length === SHIPMENT_NUMBER_LENGTH
        ? CHANGE_MESSAGES.notYours
        : NUMBER_LENGTH_MESSAGE;
    }
    if (!office && !isOpenStop(row)) {
      return row.stages.includes(DELIVERED_STAGE)
        ? ATTEMPT_MESSAGES.delivered
        : CHANGE_MESSAGES.notYours;
    }
    setFilter(scanned);
    setLimit(SHOWN);
    setScanning(false);
    return null;
  };

  /** 'Subir' / 'Descer' and a dragged stop: the new order is kept on the device and sent. */
  const moveBy = (id: string, by: -1 | 1) =>
    sendOrder(
      moveStop(
        (stops ?? []).map((r) => r.id),
        id,
        by,
      ),
    );
  const placeAt = (id: string, before: string | null) => {
    const now = (stops ?? []).map((r) => r.id);
    const order = placeStop(now, id, before);
    if (order.join() === now.join()) return false;
    sendOrder(order);
    return true;
  };
  const sendOrder = (order: string[]) => {
    const made: RouteChange = {
      op: 'route',
      record: staffApi.authStore.record?.id ?? '',
      number: '',
      at: newChangeTime(),
      order,
    };
    void change(made, 'Ordem das paradas guardada');
  };

  // The rows' handlers, one object for the life of the screen (a row is drawn again only when
  // its content changes); those that read state call this render's function.
  const latest = useRef({ toggle, moveBy, placeAt });
  useLayoutEffect(() => {
    latest.current = { toggle, moveBy, placeAt };
  });
  const filtering = Boolean(needle);
  const dragHandle = useDragStops(
    (id, before) => latest.current.placeAt(id, before),
    (stops ?? []).map((r) => r.id).join(),
  );
  const actions = useMemo<RowActions>(
    () => ({
      toggle: (row, stage) => latest.current.toggle(row, stage),
      attempt: (row) => setAttempting(row),
      remove: (row) => setToDelete(row),
      select,
      // Neither buttons nor drag while a filter shows part of the route (a scanned stop alone):
      // a move among the stops on screen would say nothing of its place among the others.
      ...(filtering ? {} : { dragHandle, move: (id, by) => latest.current.moveBy(id, by) }),
    }),
    [select, dragHandle, filtering],
  );

  return (
    <Stack gap="6">
      {office && (
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.newShipment}>Nova remessa</RouterLink>
          </Button>
          {selected.size > 0 && (
            <Button asChild variant="outline">
              <RouterLink to={`${paths.labels}?remessas=${[...selected].join(',')}`}>
                {selected.size === 1
                  ? 'Imprimir 1 etiqueta selecionada'
                  : `Imprimir ${selected.size} etiquetas selecionadas`}
              </RouterLink>
            </Button>
          )}
          {selected.size === 0 && (rows ?? []).some((r) => r.shipment && r.number) && (
            <Button asChild variant="outline">
              <RouterLink
                to={`${paths.labels}?remessas=${shown
                  .filter((r) => r.shipment && r.number)
                  .map((r) => r.id)
                  .join(',')}`}
              >
                Imprimir etiquetas da lista
              </RouterLink>
            </Button>
          )}
          <ExportButton rows={rows ?? []} />
        </HStack>
      )}
      {office && (
        <form onSubmit={register} noValidate>
          <HStack w="full" align="end">
            <Field.Root flex="1">
              <Field.Label>Novo número de rastreio</Field.Label>
              <Input
                value={number}
                onChange={(e) => setNumber(normalizeTrackingNumber(e.target.value))}
                inputMode="numeric"
                placeholder="Somente números"
                maxLength={32}
              />
            </Field.Root>
            <Button type="submit" colorPalette="brand">
              Registrar
            </Button>
          </HStack>
        </form>
      )}

      <Button
        alignSelf="start"
        variant="outline"
        colorPalette="brand"
        onClick={() => setScanning(true)}
      >
        Escanear etiqueta
      </Button>

      <Field.Root>
        <Field.Label>Filtrar por número</Field.Label>
        <Input
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setLimit(SHOWN);
          }}
          inputMode="numeric"
        />
      </Field.Root>

      <ChangesStatus
        offline={offline}
        syncedAt={sync?.syncedAt}
        waitingChanges={waiting?.length ?? 0}
      />
      {office && <PendingList rows={pending} onDecide={decide} />}

      {rows === undefined || (!sync && rows.length === 0 && !offline) ? (
        <Text role="status">Carregando...</Text>
      ) : listed.length === 0 ? (
        <Text color="fg.muted">
          {needle
            ? 'Nenhum número corresponde ao filtro.'
            : office
              ? 'Nenhum número registrado.'
              : 'Nenhuma entrega pendente na sua lista.'}
        </Text>
      ) : (
        <Stack gap="3">
          {!office && (
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Heading as="h2" size="lg">
                {stops?.length === 1 ? '1 parada' : `${stops?.length ?? 0} paradas`} na sua rota
              </Heading>
              {needle && (
                <Button size="sm" variant="outline" onClick={() => setFilter('')}>
                  Mostrar todas as paradas
                </Button>
              )}
              {!needle && (stops?.length ?? 0) > 1 && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    const order = orderByCep(stops ?? []);
                    if (order.join() !== (stops ?? []).map((r) => r.id).join()) sendOrder(order);
                  }}
                >
                  Ordenar por CEP
                </Button>
              )}
            </HStack>
          )}
          <TrackingList label={office ? 'Números registrados' : 'Minhas entregas'}>
            {drawn.map((row) => (
              <TrackingItem
                key={row.id}
                row={row}
                actions={actions}
                office={office}
                selected={selected.has(row.id)}
                stop={
                  stopPlaces
                    ? { position: stopPlaces.get(row.id) ?? 0, total: stopPlaces.size }
                    : undefined
                }
              />
            ))}
          </TrackingList>
        </Stack>
      )}

      {remaining > 0 && (
        <Box>
          <Button variant="outline" onClick={() => setLimit((n) => n + SHOWN)}>
            Mostrar mais ({remaining} restantes)
          </Button>
        </Box>
      )}

      {toDelete && (
        <Dialog.Root role="alertdialog" open onOpenChange={(e) => !e.open && setToDelete(null)}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>Excluir número</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>
                    Excluir o rastreio {displayTrackingNumber(toDelete.number)}? Esta ação não pode
                    ser desfeita.
                  </Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={() => setToDelete(null)}>
                    Cancelar
                  </Button>
                  <Button colorPalette="red" onClick={confirmDelete}>
                    Excluir
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}

      {scanning && <ScanDialog onClose={() => setScanning(false)} onNumber={openScanned} />}

      {attempting && (
        <AttemptDialog
          row={attempting}
          onClose={() => setAttempting(null)}
          onConfirm={async (made: AttemptChange, photo) => {
            const kept = await change(
              made,
              'Tentativa registrada',
              photo ? { target: made.attempt, blob: photo } : undefined,
            );
            if (kept) setAttempting(null);
          }}
        />
      )}

      {delivering && (
        <DeliveryDialog
          row={delivering}
          onClose={() => setDelivering(null)}
          onConfirm={async (receiver, photo) => {
            const made: StageChange = {
              op: 'stage',
              record: delivering.id,
              number: delivering.number,
              stage: DELIVERED_STAGE,
              set: true,
              at: newChangeTime(),
              ...receiver,
            };
            const kept = await change(
              made,
              'Entrega registrada',
              photo ? { target: 'entrega', blob: photo } : undefined,
            );
            if (kept) setDelivering(null);
          }}
        />
      )}
    </Stack>
  );
}
