import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  ATTEMPT_MESSAGES,
  CHANGE_MESSAGES,
  DELIVERED_STAGE,
  isOpenStop,
  moveStop,
  newChangeTime,
  normalizeTrackingNumber,
  NUMBER_LENGTH_MESSAGE,
  orderByCep,
  overlayChanges,
  placeStop,
  SHIPMENT_NUMBER_LENGTH,
  stopsInOrder,
  todayInBrazil,
  type AttemptChange,
  type RouteChange,
  type ShownRow,
  type StageChange,
  type TrackingStage,
} from '../../../domain';
import { useToastsAtTopOnPhone } from '../../../components/toaster';
import { deliveredToday } from '../../../domain/driver-stops';
import { db } from '../../../lib/db';
import { staffApi } from '../../../lib/pocketbase';
import { ChangesStatus } from '../tracking/changes-status';
import { useKeptList } from '../tracking/kept-list';
import { TrackingList } from '../tracking/row-parts';
import { ScanDialog } from '../tracking/scan-dialog';
import { useAllDrawn } from '../tracking/use-all-drawn';
import { actorName, change, useKeptTracking, useQuietWhile } from '../tracking/use-tracking';
import { AttemptDialog } from './attempt-dialog';
import { RecordDelivery } from '../tracking/delivery-dialog';
import { DeliveredItem } from './delivered-item';
import { DRIVER_STYLES } from './driver-styles';
import { useDragStops } from './drag-stops';
import { StageSheet } from './stage-sheet';
import { StopItem, type StopActions } from './stop-item';
import { undoDelivery } from './undo-delivery';

/**
 * A driver's day: the shipments assigned to it (the server's rules), in its own order, whose
 * stages it marks, with a failed attempt or a delivery's proof, then the day's deliveries. A
 * filter (a scanned label) shows one stop while the others keep their places in the route.
 */
export function DriverScreen() {
  const [filter, setFilter] = useState('');
  const needle = normalizeTrackingNumber(filter);
  // The list, read before the screen was drawn (kept-list.ts): no empty first draw.
  const kept = useKeptList(true);
  const { waitingChanges, waitingCount, sync, offline } = useKeptTracking();
  const [delivering, setDelivering] = useState<ShownRow | null>(null);
  const [attempting, setAttempting] = useState<ShownRow | null>(null);
  const [scanning, setScanning] = useState(false);
  const [updatingId, setUpdatingId] = useState<string | null>(null);
  // The toasts go to the top of the phone: its lower half is the next stop's buttons.
  useToastsAtTopOnPhone();

  const all =
    kept === undefined ? undefined : overlayChanges(kept.rows, waitingChanges, actorName());
  const stops = stopsInOrder(all ?? []);
  const matches = (r: ShownRow) => !needle || r.number.includes(needle);
  const listed = stops.filter(matches);
  const places = new Map(stops.map((r, i) => [r.id, i + 1]));
  const allDrawn = useAllDrawn(all !== undefined);
  const drawn = allDrawn ? listed : listed.slice(0, 4);
  // Under the route, drawn after it: nothing the first paint needs.
  const done = allDrawn ? deliveredToday(all ?? [], todayInBrazil()).filter(matches) : [];
  // The sheet shows the stop as it is now (a stage just marked); a stop delivered or taken away
  // meanwhile closes it for good (a delivery undone later does not open it again).
  const updating = stops.find((r) => r.id === updatingId);
  if (updatingId && all !== undefined && !updating) setUpdatingId(null);
  useQuietWhile(Boolean(delivering || attempting || scanning || updating));

  const toggle = (row: ShownRow, stage: TrackingStage) => {
    const set = !row.stages.includes(stage);
    // Marking a parcel delivered asks who received it first, over the sheet (closing the sheet
    // under the finger's tap would close the dialog opened by that tap too). Once delivered, the
    // stop leaves the route and the sheet goes with it; 'Cancelar' is back on the sheet.
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

  /** A scanned (or typed) label: its stop alone on the list, or why it is not one of his. */
  const openScanned = async (scanned: string): Promise<string | null> => {
    const found = await db.staffTracking.where('number').equals(scanned).first();
    const row = found ? overlayChanges([found], waitingChanges, actorName())[0] : undefined;
    if (!row) {
      // A driver's stops are all shipments: a shorter or longer number is a typo, not another
      // driver's parcel.
      return scanned.length === SHIPMENT_NUMBER_LENGTH
        ? CHANGE_MESSAGES.notYours
        : NUMBER_LENGTH_MESSAGE;
    }
    if (!isOpenStop(row)) {
      return row.stages.includes(DELIVERED_STAGE)
        ? ATTEMPT_MESSAGES.delivered
        : CHANGE_MESSAGES.notYours;
    }
    setFilter(scanned);
    setScanning(false);
    return null;
  };

  /** 'Subir' / 'Descer', a dragged stop, 'Ordenar por CEP': the new order is kept and sent. */
  const ids = stops.map((r) => r.id);
  const sendOrder = (order: string[]) => {
    if (order.join() === ids.join()) return false;
    const made: RouteChange = {
      op: 'route',
      record: staffApi.authStore.record?.id ?? '',
      number: '',
      at: newChangeTime(),
      order,
    };
    void change(made, 'Ordem das paradas guardada');
    return true;
  };
  const moveBy = (id: string, by: -1 | 1) => void sendOrder(moveStop(ids, id, by));
  const placeAt = (id: string, before: string | null) => sendOrder(placeStop(ids, id, before));

  // The stops' handlers, one object for the life of the screen (a stop is drawn again only when
  // its content changes); those that read state call this render's function.
  const latest = useRef({ toggle, moveBy, placeAt });
  useLayoutEffect(() => {
    latest.current = { toggle, moveBy, placeAt };
  });
  const filtering = Boolean(needle);
  const dragHandle = useDragStops((id, before) => latest.current.placeAt(id, before), ids.join());
  const actions = useMemo<StopActions>(
    () => ({
      update: (row) => setUpdatingId(row.id),
      attempt: (row) => setAttempting(row),
      // Neither buttons nor drag while a filter shows part of the route (a scanned stop alone):
      // a move among the stops on screen would say nothing of its place among the others.
      ...(filtering ? {} : { dragHandle, move: (id, by) => latest.current.moveBy(id, by) }),
    }),
    [dragHandle, filtering],
  );
  const undo = useMemo(() => (row: ShownRow) => void undoDelivery(row), []);

  return (
    <Stack gap="6" css={DRIVER_STYLES} data-testid="minhas-entregas">
      <Button
        alignSelf="start"
        size="lg"
        variant="outline"
        colorPalette="brand"
        onClick={() => setScanning(true)}
      >
        Escanear etiqueta
      </Button>

      <Field.Root>
        <Field.Label>Filtrar por número</Field.Label>
        <Input
          size="lg"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          inputMode="numeric"
        />
      </Field.Root>

      <ChangesStatus offline={offline} syncedAt={sync?.syncedAt} waitingChanges={waitingCount} />

      {all === undefined || (!sync && all.length === 0 && !offline) ? (
        <Text role="status">Carregando...</Text>
      ) : listed.length === 0 ? (
        (!needle || done.length === 0) && (
          <Text color="fg.muted">
            {needle
              ? 'Nenhum número corresponde ao filtro.'
              : 'Nenhuma entrega pendente na sua lista.'}
          </Text>
        )
      ) : (
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading as="h2" size="lg">
              {stops.length === 1 ? '1 parada' : `${stops.length} paradas`} na sua rota
            </Heading>
            {needle && (
              <Button size="lg" variant="outline" onClick={() => setFilter('')}>
                Mostrar todas as paradas
              </Button>
            )}
            {!needle && stops.length > 1 && (
              <Button size="lg" variant="outline" onClick={() => void sendOrder(orderByCep(stops))}>
                Ordenar por CEP
              </Button>
            )}
          </HStack>
          <TrackingList label="Minhas entregas">
            {drawn.map((row) => (
              <StopItem
                key={row.id}
                row={row}
                actions={actions}
                stop={{ position: places.get(row.id) ?? 0, total: places.size }}
              />
            ))}
          </TrackingList>
        </Stack>
      )}

      {done.length > 0 && (
        <Stack gap="3">
          <Heading as="h2" size="md">
            Entregues hoje ({done.length})
          </Heading>
          <TrackingList label="Entregues hoje">
            {done.map((row) => (
              <DeliveredItem key={row.id} row={row} undo={undo} />
            ))}
          </TrackingList>
        </Stack>
      )}

      {scanning && <ScanDialog thumb onClose={() => setScanning(false)} onNumber={openScanned} />}

      {updating && (
        <StageSheet
          row={updating}
          onToggle={(row, stage) => latest.current.toggle(row, stage)}
          onClose={() => setUpdatingId(null)}
        />
      )}

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

      {delivering && <RecordDelivery thumb row={delivering} onDone={() => setDelivering(null)} />}
    </Stack>
  );
}
