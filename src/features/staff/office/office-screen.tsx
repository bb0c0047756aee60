import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToasterReady } from '../../../components/toaster';
import {
  DELIVERED_STAGE,
  newChangeTime,
  overlayChanges,
  stopsInOrder,
  todayInBrazil,
  type DecisionChange,
  type ShownRow,
  type StageChange,
  type TrackingChange,
  type TrackingStage,
} from '../../../domain';
import { sortRows, type OfficeFilters, type SortColumn } from '../../../domain/office-view';
import { db } from '../../../lib/db';
import { ChangesStatus } from '../tracking/changes-status';
import { RecordDelivery } from '../tracking/delivery-dialog';
import { SHOWN, useKeptList } from '../tracking/kept-list';
import { TrackingList } from '../tracking/row-parts';
import { ScanDialog } from '../tracking/scan-dialog';
import { actorName, change, useKeptTracking, useQuietWhile } from '../tracking/use-tracking';
import { knownDrivers, refreshDrivers, type Driver } from '../shipments/drivers';
import { BulkBar } from './bulk-bar';
import { DeleteDialog } from './delete-dialog';
import { useBulkActions, withAhead } from './bulk-actions';
import { DayPanel } from './day-panel';
import { ExportButton } from './export-button';
import { FilterBar } from './filter-bar';
import { LoadingDialog } from './loading-dialog';
import { derive, filterRows } from './office-derive';
import { OfficeItem, type OfficeActions } from './office-item';
import { filtersOf, PARAM, sortOf, useTypedSearch } from './office-params';
import { OfficeTable } from './office-table';
import { PendingList } from './pending-list';
import { RouteBar } from './route-bar';
import { RegisterNumber, ScreenActions } from './screen-actions';

/** Cards drawn at once on a phone (see `limit`). */
const CARDS_SHOWN = 25;

/** A desk's screen: wide enough for the table (a phone keeps cards). */
const WIDE = '(min-width: 64em)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

/**
 * The office's screen: the day at a glance, then every shipment (filtered, sorted, a table at a
 * desk and cards on a phone), chosen one by one or all at once for an action on many. Everything
 * reads the list kept on the device, so it opens and works with no signal.
 */
export function OfficeScreen() {
  const kept = useKeptList(false);
  useToasterReady();
  const { waitingChanges, waitingCount, sync, offline } = useKeptTracking();
  const [params, setParams] = useSearchParams();
  const [text, setText, commitText] = useTypedSearch(params.get(PARAM.text) ?? '', (value) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        if (value) next.set(PARAM.text, value);
        else next.delete(PARAM.text);
        return next;
      },
      { replace: true },
    ),
  );
  const filters = { ...filtersOf(params), text: text || undefined };
  const sort = sortOf(params);
  const filtered = Object.values(filters).some(Boolean);
  // Lines drawn at once, 'Mostrar mais' for the rest: a desk's table a hundred, a phone's cards
  // (~300 px each, three on screen) twenty-five, so a search keystroke redraws a quarter as many.
  const [pages, setPages] = useState(1);
  const [drivers, setDrivers] = useState<Driver[]>(knownDrivers);
  useEffect(() => {
    void refreshDrivers().then(setDrivers);
  }, []);
  const names = useMemo(() => new Map(drivers.map((d) => [d.id, d.name])), [drivers]);
  const driverName = useCallback((id: string) => names.get(id) ?? 'Motorista', [names]);
  const wide = useWide();
  const limit = pages * (wide ? SHOWN : CARDS_SHOWN);
  const today = todayInBrazil();

  // The waiting changes with those shown ahead are a new array when any is ahead: their content
  // says whether they changed.
  // Changes of an action on many shown before the device has stored them (`applyToMany`), until
  // the stored ones include them.
  const [ahead, setAhead] = useState<TrackingChange[]>([]);
  const shownWaiting = withAhead(waitingChanges, ahead);
  if (ahead.length && shownWaiting.length === waitingChanges.length) setAhead([]);
  const waitingKey = JSON.stringify(shownWaiting);
  const all = useMemo(
    () =>
      kept === undefined
        ? undefined
        : overlayChanges(kept.rows, JSON.parse(waitingKey) as typeof waitingChanges, actorName()),
    [kept, waitingKey],
  );
  // Once per change of the list (not per keystroke in the search), and often ready before the
  // screen opens (see `warmOffice`).
  const { panel, cities, pending, newest } = useMemo(() => derive(all ?? [], today), [all, today]);
  const filterKey = JSON.stringify(filters);
  const listed = useMemo(
    () => {
      const found = filtered ? filterRows(newest, filters, today) : newest;
      return sort ? sortRows(found, sort, driverName) : found;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [newest, filterKey, sort?.column, sort?.descending, today, driverName],
  );
  // As the screen opens, the panel first: 'Pendências', the filters and the table's lines (the
  // heavier part to draw) follow in the next frame. Later changes draw all at once (a deferred
  // table cost every change of the list a second pass of style and layout).
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const shown = useMemo(() => listed.slice(0, limit), [listed, limit]);

  const setFilter = (name: keyof OfficeFilters, value: string | undefined) => {
    setPages(1);
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        if (value) next.set(PARAM[name], value);
        else next.delete(PARAM[name]);
        return next;
      },
      { replace: name === 'text' },
    );
  };
  const clearFilters = () => {
    setText('');
    setParams(new URLSearchParams());
  };
  const onSort = (column: SortColumn) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        const now = sortOf(before);
        next.set('ordem', now?.column === column && !now.descending ? `-${column}` : column);
        return next;
      },
      { replace: true },
    );

  const [toDelete, setToDelete] = useState<ShownRow | null>(null);
  const [scanning, setScanning] = useState(false);
  const [loading, setLoading] = useState(false);
  const [delivering, setDelivering] = useState<ShownRow | null>(null);
  useQuietWhile(Boolean(toDelete || scanning || loading || delivering));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = useCallback(
    (id: string, on: boolean) => {
      setSelected((before) => {
        const next = new Set(before);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    [setSelected],
  );
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const onOpen = useCallback((id: string) => {
    setOpened((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const chosen = (all ?? []).filter((r) => selected.has(r.id));
  const allSelected = listed.length > 0 && listed.every((r) => selected.has(r.id));
  const selectAll = (on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const r of listed) {
        if (on) next.add(r.id);
        else next.delete(r.id);
      }
      return next;
    });

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

  const openScanned = async (scanned: string): Promise<string | null> => {
    const found = await db.staffTracking.where('number').equals(scanned).count();
    if (!found) return 'Este número não está na lista.';
    setFilter('text', scanned);
    setScanning(false);
    return null;
  };

  // The rows' handlers, one object for the life of the screen (a row is drawn again only when
  // its content changes); those that read state call this render's function.
  const latest = useRef({ toggle, decide, setFilter, waitingChanges });
  useLayoutEffect(() => {
    latest.current = { toggle, decide, setFilter, waitingChanges };
  });
  // Stable for the parts drawn again only when their own content changes (a search keystroke
  // draws the list and the count, not the panel, the filters' choices or the buttons).
  const onFilter = useCallback(
    (name: keyof OfficeFilters, value: string | undefined) => latest.current.setFilter(name, value),
    [],
  );
  const onChoose = useCallback(
    (situation?: string) => onFilter('situation', situation),
    [onFilter],
  );
  const onDriver = useCallback((driver: string) => onFilter('driver', driver), [onFilter]);
  const isWaiting = useCallback(
    (n: string) => latest.current.waitingChanges.some((c) => c.op === 'register' && c.number === n),
    [],
  );
  const onDecide = useCallback(
    (row: ShownRow, decision: 'retry' | 'return', driver?: string) =>
      latest.current.decide(row, decision, driver),
    [],
  );
  const actions = useMemo<OfficeActions>(
    () => ({
      toggle: (row, stage) => latest.current.toggle(row, stage),
      remove: (row) => setToDelete(row),
      select,
    }),
    [select, setToDelete],
  );

  // Filtered to one driver: his stops, which the office may give a first order by CEP.
  const routeOf = filters.driver && filters.driver !== 'nenhum' ? filters.driver : '';

  const { assignMany, stageMany } = useBulkActions(chosen, setAhead, setSelected);

  const manifestDriver =
    chosen.length && chosen.every((r) => r.driver && r.driver === chosen[0]!.driver)
      ? chosen[0]!.driver
      : '';

  return (
    <Stack gap="6">
      <HStack gap="3" wrap="wrap">
        <ScreenActions onScan={setScanning} onLoad={setLoading} />
        <ExportButton rows={listed} />
      </HStack>

      <DayPanel
        panel={panel}
        chosen={filters.situation}
        onChoose={onChoose}
        onDriver={onDriver}
        driverName={driverName}
        offline={offline}
        syncedAt={sync?.syncedAt}
      />

      <ChangesStatus offline={offline} syncedAt={sync?.syncedAt} waitingChanges={waitingCount} />
      {drawn && (
        <>
          <PendingList rows={pending} onDecide={onDecide} />

          <FilterBar
            text={filters.text ?? ''}
            onText={(value) => {
              setPages(1);
              setText(value);
            }}
            onCommit={commitText}
            filters={filters}
            onFilter={onFilter}
            drivers={drivers}
            cities={cities}
            count={listed.length}
            filtered={filtered}
            selectAll={!wide && listed.length > 0 ? () => selectAll(!allSelected) : undefined}
            allSelected={allSelected}
            onClear={clearFilters}
          />

          {routeOf && (
            <RouteBar
              driver={routeOf}
              driverName={driverName(routeOf)}
              stops={stopsInOrder((all ?? []).filter((r) => r.driver === routeOf))}
            />
          )}

          {selected.size > 0 && (
            <BulkBar
              count={selected.size}
              labelIds={chosen.filter((r) => r.shipment && r.number).map((r) => r.id)}
              drivers={drivers}
              manifestDriver={manifestDriver}
              selectedIds={chosen.map((r) => r.id)}
              onAssign={assignMany}
              onStage={stageMany}
              onClear={() => setSelected(new Set())}
            />
          )}

          {all === undefined || (!sync && all.length === 0 && !offline) ? (
            <Text role="status">Carregando...</Text>
          ) : listed.length === 0 ? (
            <Text color="fg.muted">
              {filtered ? 'Nenhuma remessa corresponde aos filtros.' : 'Nenhum número registrado.'}
            </Text>
          ) : wide ? (
            <OfficeTable
              rows={shown}
              actions={actions}
              selected={selected}
              opened={opened}
              onOpen={onOpen}
              driverName={driverName}
              sort={sort}
              onSort={onSort}
              allSelected={allSelected}
              onSelectAll={selectAll}
              today={today}
            />
          ) : (
            <TrackingList label="Números registrados">
              {shown.map((row) => (
                <OfficeItem
                  key={row.id}
                  row={row}
                  actions={actions}
                  selected={selected.has(row.id)}
                  driverName={row.driver ? driverName(row.driver) : ''}
                />
              ))}
            </TrackingList>
          )}

          {listed.length > limit && (
            <Box>
              <Button variant="outline" onClick={() => setPages((n) => n + 1)}>
                Mostrar mais ({listed.length - limit} restantes)
              </Button>
            </Box>
          )}

          <RegisterNumber isWaiting={isWaiting} />
        </>
      )}

      {toDelete && (
        <DeleteDialog row={toDelete} onConfirm={confirmDelete} onCancel={() => setToDelete(null)} />
      )}
      {scanning && <ScanDialog onClose={() => setScanning(false)} onNumber={openScanned} />}
      {loading && (
        <LoadingDialog rows={all ?? []} drivers={drivers} onClose={() => setLoading(false)} />
      )}
      {delivering && <RecordDelivery row={delivering} onDone={() => setDelivering(null)} />}
    </Stack>
  );
}
