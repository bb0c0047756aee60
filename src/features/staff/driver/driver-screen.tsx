import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
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
  type AttemptChange,
  type RouteChange,
  type ShownRow,
  type StageChange,
  type TrackingStage,
} from '../../../domain';
import { db } from '../../../lib/db';
import { staffApi } from '../../../lib/pocketbase';
import { ChangesStatus } from '../tracking/changes-status';
import { openingList, readKeptList } from '../tracking/kept-list';
import { TrackingList } from '../tracking/row-parts';
import { ScanDialog } from '../tracking/scan-dialog';
import { useAllDrawn } from '../tracking/use-all-drawn';
import { actorName, change, useKeptTracking, useQuietWhile } from '../tracking/use-tracking';
import { AttemptDialog } from './attempt-dialog';
import { RecordDelivery } from '../tracking/delivery-dialog';
import { useDragStops } from './drag-stops';
import { StopItem, type StopActions } from './stop-item';

/**
 * A driver's day: the shipments assigned to it (the server's rules), in its own order, whose
 * stages it marks, with a failed attempt or a delivery's proof. A filter (a scanned label) shows
 * one stop while the others keep their places in the route.
 */
export function DriverScreen() {
  const [filter, setFilter] = useState('');
  const needle = normalizeTrackingNumber(filter);
  const kept = useLiveQuery(
    () => readKeptList(),
    [],
    // The list, read before the screen was drawn (kept-list.ts): no empty first draw.
    openingList(true),
  );
  const { waitingChanges, waitingCount, sync, offline } = useKeptTracking();
  const [delivering, setDelivering] = useState<ShownRow | null>(null);
  const [attempting, setAttempting] = useState<ShownRow | null>(null);
  const [scanning, setScanning] = useState(false);
  useQuietWhile(Boolean(delivering || attempting || scanning));

  const all =
    kept === undefined ? undefined : overlayChanges(kept.rows, waitingChanges, actorName());
  const stops = stopsInOrder(all ?? []);
  const matches = (r: ShownRow) => !needle || r.number.includes(needle);
  const listed = stops.filter(matches);
  const places = new Map(stops.map((r, i) => [r.id, i + 1]));
  const drawn = useAllDrawn(all !== undefined) ? listed : listed.slice(0, 4);

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
      toggle: (row, stage) => latest.current.toggle(row, stage),
      attempt: (row) => setAttempting(row),
      // Neither buttons nor drag while a filter shows part of the route (a scanned stop alone):
      // a move among the stops on screen would say nothing of its place among the others.
      ...(filtering ? {} : { dragHandle, move: (id, by) => latest.current.moveBy(id, by) }),
    }),
    [dragHandle, filtering],
  );

  return (
    <Stack gap="6">
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
        <Input value={filter} onChange={(e) => setFilter(e.target.value)} inputMode="numeric" />
      </Field.Root>

      <ChangesStatus offline={offline} syncedAt={sync?.syncedAt} waitingChanges={waitingCount} />

      {all === undefined || (!sync && all.length === 0 && !offline) ? (
        <Text role="status">Carregando...</Text>
      ) : listed.length === 0 ? (
        <Text color="fg.muted">
          {needle
            ? 'Nenhum número corresponde ao filtro.'
            : 'Nenhuma entrega pendente na sua lista.'}
        </Text>
      ) : (
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading as="h2" size="lg">
              {stops.length === 1 ? '1 parada' : `${stops.length} paradas`} na sua rota
            </Heading>
            {needle && (
              <Button size="sm" variant="outline" onClick={() => setFilter('')}>
                Mostrar todas as paradas
              </Button>
            )}
            {!needle && stops.length > 1 && (
              <Button size="sm" variant="outline" onClick={() => void sendOrder(orderByCep(stops))}>
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

      {delivering && <RecordDelivery row={delivering} onDone={() => setDelivering(null)} />}
    </Stack>
  );
}
