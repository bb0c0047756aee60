import {
  Box,
  Button,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { manifestLink, paths } from '../../../config/paths';
import { toaster, useToasterReady } from '../../../components/toaster';
import {
  assignProblem,
  checkField,
  displayTrackingNumber,
  DELIVERED_STAGE,
  newChangeTime,
  normalizeTrackingNumber,
  orderByCep,
  overlayChanges,
  pendingShipments,
  stopsInOrder,
  TRACKING_NUMBER_RULE,
  TRACKING_STAGES,
  todayInBrazil,
  type AssignChange,
  type DecisionChange,
  type RouteChange,
  type ShownRow,
  type StageChange,
  type TrackingChange,
  type TrackingStage,
} from '../../../domain';
import {
  bulkOutcome,
  citiesOf,
  dayPanel,
  PROMISES,
  rowFilter,
  SITUATIONS,
  sortRows,
  SORT_COLUMNS,
  type OfficeFilters,
  type PromiseFilter,
  type Situation,
  type Sort,
  type SortColumn,
  type StageFilter,
} from '../../../domain/office-view';
import { db } from '../../../lib/db';
import { DEVICE_FULL, isQuotaError } from '../../../lib/storage';
import { newRecordId } from '../../../offline';
import { sendChanges } from '../tracking/api';
import { ChangesStatus } from '../tracking/changes-status';
import { RecordDelivery } from '../tracking/delivery-dialog';
import { followKeptList, openingList, SHOWN, useKeptList } from '../tracking/kept-list';
import { TrackingList } from '../tracking/row-parts';
import { ScanDialog } from '../tracking/scan-dialog';
import { actorName, change, useKeptTracking, useQuietWhile } from '../tracking/use-tracking';
import { knownDrivers, refreshDrivers, signedInAsDriver, type Driver } from '../shipments/drivers';
import { BulkBar } from './bulk-bar';
import { DayPanel } from './day-panel';
import { ExportButton } from './export-button';
import { LoadingDialog } from './loading-dialog';
import { OfficeItem, type OfficeActions } from './office-item';
import { OfficeTable } from './office-table';
import { PendingList } from './pending-list';

/** What the screen works out from a whole list: kept per list, a new array when a row changes. */
interface Derived {
  today: string;
  panel: ReturnType<typeof dayPanel>;
  cities: string[];
  pending: ShownRow[];
  /** Newest first: the list's order with no sort chosen, and what a filter walks. */
  newest: ShownRow[];
}
const derived = new WeakMap<readonly ShownRow[], Derived>();
function derive(all: readonly ShownRow[], today: string): Derived {
  const known = derived.get(all);
  if (known?.today === today) return known;
  const made: Derived = {
    today,
    panel: dayPanel(all, today),
    cities: citiesOf(all),
    pending: pendingShipments(all),
    newest: sortRows(all, null, () => ''),
  };
  derived.set(all, made);
  return made;
}

/**
 * Work out the office's panel and order for the list the screen opens on while the page is idle:
 * a staff device loads this code and reads its list as the app starts, whatever page it is on, so
 * 'Rastreamentos' then opens in one draw (over ten thousand shipments these were most of it).
 */
function warmOffice() {
  let asked = false;
  followKeptList(() => {
    if (asked || signedInAsDriver()) return;
    asked = true;
    const whenIdle =
      window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    whenIdle(() => {
      asked = false;
      const list = openingList(false);
      if (list) derive(list.rows, todayInBrazil());
    });
  });
}
if (typeof window !== 'undefined') warmOffice();

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
 * The search as typed, ahead of the address: each keystroke filters the list at once, and the
 * address (a navigation of the whole app, several times a keystroke's work) takes it on Enter
 * (`commit`), when the office asks to keep it. Not on a timer nor when the field is left: either
 * navigation could land in the middle of a click on a line or a link and undo it. A search set
 * elsewhere (a scanned label, 'Limpar filtros', 'Voltar') replaces what was typed; typing over a
 * search in the address takes it out of the address once.
 */
function useTypedSearch(inAddress: string, toAddress: (value: string) => void) {
  const [typed, setTyped] = useState(inAddress);
  // The address as last seen, and the value this screen last wrote to it: a navigation lands a
  // moment after it is asked for, and its own write arriving must not undo what was typed since.
  const [seen, setSeen] = useState(inAddress);
  const [wrote, setWrote] = useState<string | null>(null);
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== wrote) setTyped(inAddress);
  }
  const write = (value: string) => {
    setWrote(value);
    toAddress(value);
  };
  const type = (value: string) => {
    setTyped(value);
    if (inAddress) write('');
  };
  const commit = () => {
    if (typed !== inAddress) write(typed);
  };
  return [typed, type, commit] as const;
}

/** A change's identity among the waiting ones (a change carries no id of its own). */
const changeKey = (c: TrackingChange) => `${c.op} ${c.record} ${c.at}`;

/** The stored waiting changes, then those shown ahead of being stored that they do not hold. */
function withAhead(waiting: TrackingChange[], ahead: TrackingChange[]): TrackingChange[] {
  if (!ahead.length) return waiting;
  const stored = new Set(waiting.map(changeKey));
  const missing = ahead.filter((c) => !stored.has(changeKey(c)));
  return missing.length ? [...waiting, ...missing] : waiting;
}

/** The list's filters live in the address: a count of the panel is a link, and 'Voltar' works. */
const PARAM = {
  situation: 'situacao',
  driver: 'motorista',
  stage: 'etapa',
  promise: 'prazo',
  city: 'cidade',
  text: 'busca',
} as const satisfies Record<keyof OfficeFilters, string>;

function filtersOf(params: URLSearchParams): OfficeFilters {
  const pick = <T extends string>(name: string, allowed: readonly string[]) => {
    const value = params.get(name) ?? '';
    return allowed.includes(value) ? (value as T) : undefined;
  };
  return {
    situation: pick<Situation>(
      PARAM.situation,
      SITUATIONS.map((s) => s.key),
    ),
    driver: params.get(PARAM.driver) || undefined,
    stage: pick<StageFilter>(PARAM.stage, ['0', '1', '2', '3', '4']),
    promise: pick<PromiseFilter>(
      PARAM.promise,
      PROMISES.map((p) => p.key),
    ),
    city: params.get(PARAM.city) || undefined,
    text: params.get(PARAM.text) || undefined,
  };
}

function sortOf(params: URLSearchParams): Sort | null {
  const value = params.get('ordem') ?? '';
  const column = value.replace(/^-/, '') as SortColumn;
  return SORT_COLUMNS.includes(column) ? { column, descending: value.startsWith('-') } : null;
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

  // The waiting changes are a new array each render: their content says whether they changed.
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
      const found = filtered ? newest.filter(rowFilter(filters, today)) : newest;
      return sort ? sortRows(found, sort, driverName) : found;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [newest, filterKey, sort?.column, sort?.descending, today, driverName],
  );
  // As the screen opens, the panel first: the table's lines (the heavier part to draw) follow in
  // the next frame. Later changes draw both at once (a deferred table cost every change of the
  // list a second pass of style and layout).
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const shown = useMemo(() => (drawn ? listed.slice(0, limit) : []), [drawn, listed, limit]);

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

  const [number, setNumber] = useState('');
  const [toDelete, setToDelete] = useState<ShownRow | null>(null);
  const [scanning, setScanning] = useState(false);
  const [loading, setLoading] = useState(false);
  const [delivering, setDelivering] = useState<ShownRow | null>(null);
  useQuietWhile(Boolean(toDelete || scanning || loading || delivering));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = useCallback((id: string, on: boolean) => {
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
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

  /** An action on many: the rows it would not change are said, the rest go as one batch. */
  const applyToMany = async (
    rows: ShownRow[],
    make: (row: ShownRow) => StageChange | AssignChange,
    skip: (row: ShownRow) => string | null,
    done: [string, string],
  ) => {
    const leftOut: string[] = [];
    const changes: (StageChange | AssignChange)[] = [];
    for (const row of rows) {
      const reason = skip(row);
      if (reason) leftOut.push(reason);
      else changes.push(make(row));
    }
    if (changes.length && !navigator.onLine) {
      // With no signal the outcome is known before the device has stored anything: every change
      // will wait. Shown at once (the lines and the count, in one draw), then stored; storing
      // two hundred took the screen ~2 s of a slow phone before anything showed.
      setAhead((before) => [...before, ...changes]);
      setSelected(new Set());
      toaster.create({
        title: bulkOutcome(done, changes.length, leftOut),
        description: 'Sem conexão agora: as mudanças vão para o servidor assim que o sinal voltar.',
        type: 'success',
        duration: 8000,
      });
      const mine = new Set(changes.map(changeKey));
      const settle = () => setAhead((before) => before.filter((c) => !mine.has(changeKey(c))));
      sendChanges(changes).then(settle, (error: unknown) => {
        settle();
        // Not stored (a full device): said, and the lines go back to what the device holds.
        toaster.create({
          title: isQuotaError(error) ? DEVICE_FULL.title : 'As mudanças não foram guardadas',
          description: 'Nada foi alterado: libere espaço no aparelho e tente de novo.',
          type: 'error',
          duration: 10_000,
        });
      });
      return;
    }
    const outcomes = changes.length ? await sendChanges(changes) : [];
    const refused = outcomes.filter((o) => o.status === 'failed');
    const waiting = outcomes.some((o) => o.status === 'queued' || o.status === 'needs-auth');
    const title = bulkOutcome(done, changes.length - refused.length, leftOut);
    const description = [
      refused.length
        ? `${refused.length} recusada${refused.length === 1 ? '' : 's'} pelo servidor: ${refused[0]!.item.lastError}`
        : '',
      waiting ? 'Sem conexão agora: as mudanças vão para o servidor assim que o sinal voltar.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    toaster.create({
      title,
      description: description || undefined,
      type: refused.length ? 'warning' : 'success',
      duration: 8000,
    });
    setSelected(new Set());
  };

  const assignMany = (driver: string) =>
    applyToMany(
      chosen,
      (row) => ({ op: 'assign', record: row.id, number: row.number, at: newChangeTime(), driver }),
      (row) =>
        assignProblem(row) ?? (row.driver === driver ? 'já estava com esse motorista' : null),
      driver ? ['atribuída', 'atribuídas'] : ['tirada do motorista', 'tiradas do motorista'],
    );
  const stageMany = (stage: TrackingStage, set: boolean) =>
    applyToMany(
      chosen,
      (row) => ({
        op: 'stage',
        record: row.id,
        number: row.number,
        stage,
        set,
        at: newChangeTime(),
      }),
      (row) =>
        row.stages.includes(DELIVERED_STAGE)
          ? 'já entregue'
          : row.stages.includes(stage) === set
            ? set
              ? 'já estava nessa etapa'
              : 'não estava nessa etapa'
            : null,
      set ? ['marcada', 'marcadas'] : ['desmarcada', 'desmarcadas'],
    );

  const openScanned = async (scanned: string): Promise<string | null> => {
    const found = await db.staffTracking.where('number').equals(scanned).count();
    if (!found) return 'Este número não está na lista.';
    setFilter('text', scanned);
    setScanning(false);
    return null;
  };

  // The rows' handlers, one object for the life of the screen (a row is drawn again only when
  // its content changes); those that read state call this render's function.
  const latest = useRef({ toggle });
  useLayoutEffect(() => {
    latest.current = { toggle };
  });
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
  const routeStops = routeOf ? stopsInOrder((all ?? []).filter((r) => r.driver === routeOf)) : [];
  const orderRoute = () => {
    const order = orderByCep(routeStops);
    if (order.join() === routeStops.map((r) => r.id).join()) {
      toaster.create({ title: 'As paradas já estão em ordem de CEP', type: 'info' });
      return;
    }
    const made: RouteChange = {
      op: 'route',
      record: routeOf,
      number: '',
      at: newChangeTime(),
      order,
    };
    void change(made, `Paradas de ${driverName(routeOf)} ordenadas por CEP`);
  };

  const manifestDriver =
    chosen.length && chosen.every((r) => r.driver && r.driver === chosen[0]!.driver)
      ? chosen[0]!.driver
      : '';

  return (
    <Stack gap="6">
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.newShipment}>Nova remessa</RouterLink>
        </Button>
        <Button variant="outline" colorPalette="brand" onClick={() => setScanning(true)}>
          Escanear etiqueta
        </Button>
        <Button variant="outline" colorPalette="brand" onClick={() => setLoading(true)}>
          Carregar veículo
        </Button>
        <ExportButton rows={listed} />
      </HStack>

      <DayPanel
        panel={panel}
        chosen={filters.situation}
        onChoose={(situation) => setFilter('situation', situation)}
        onDriver={(driver) => setFilter('driver', driver)}
        driverName={driverName}
        offline={offline}
        syncedAt={sync?.syncedAt}
      />

      <ChangesStatus offline={offline} syncedAt={sync?.syncedAt} waitingChanges={waitingCount} />
      <PendingList rows={pending} onDecide={decide} />

      <Stack as="section" aria-label="Filtros" gap="3">
        <Field.Root>
          <Field.Label>Buscar por número, destinatário ou CEP</Field.Label>
          <Input
            type="search"
            value={filters.text ?? ''}
            onChange={(e) => {
              setPages(1);
              setText(e.target.value);
            }}
            onKeyDown={(e) => e.key === 'Enter' && commitText()}
          />
        </Field.Root>
        <Box
          display="grid"
          gridTemplateColumns={{
            base: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          }}
          gap="3"
        >
          <Choice
            label="Motorista"
            value={filters.driver ?? ''}
            onChange={(v) => setFilter('driver', v)}
            options={[
              { value: 'nenhum', label: 'Sem motorista' },
              ...drivers.map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
          <Choice
            label="Etapa"
            value={filters.stage ?? ''}
            onChange={(v) => setFilter('stage', v)}
            options={[
              { value: '0', label: 'Nenhuma etapa' },
              ...TRACKING_STAGES.map((s) => ({
                value: String(s.stage),
                label: `${s.stage}. ${s.label}`,
              })),
            ]}
          />
          <Choice
            label="Prazo"
            value={filters.promise ?? ''}
            onChange={(v) => setFilter('promise', v)}
            options={PROMISES.map((p) => ({ value: p.key, label: p.label }))}
          />
          <Choice
            label="Cidade"
            value={filters.city ?? ''}
            onChange={(v) => setFilter('city', v)}
            options={cities.map((c) => ({ value: c, label: c }))}
          />
        </Box>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted" role="status">
            {listed.length === 1 ? '1 remessa' : `${listed.length} remessas`}
            {filtered ? ' com estes filtros' : ''}
            {filters.situation
              ? ` · ${SITUATIONS.find((s) => s.key === filters.situation)?.label}`
              : ''}
          </Text>
          <HStack gap="2">
            {!wide && listed.length > 0 && (
              <Button size="sm" variant="outline" onClick={() => selectAll(!allSelected)}>
                {allSelected ? 'Desmarcar todos' : 'Selecionar todos'}
              </Button>
            )}
            {filtered && (
              <Button size="sm" variant="ghost" onClick={clearFilters}>
                Limpar filtros
              </Button>
            )}
          </HStack>
        </HStack>
      </Stack>

      {routeOf && (
        <HStack
          as="section"
          aria-label={`Rota de ${driverName(routeOf)}`}
          justify="space-between"
          wrap="wrap"
          gap="2"
          p="3"
          borderWidth="1px"
          borderRadius="lg"
        >
          <Text fontSize="sm">
            {driverName(routeOf)}:{' '}
            {routeStops.length === 1 ? '1 parada a fazer' : `${routeStops.length} paradas a fazer`}
          </Text>
          <HStack gap="2" wrap="wrap">
            {routeStops.length > 1 && (
              <Button size="sm" variant="outline" onClick={orderRoute}>
                Ordenar paradas por CEP
              </Button>
            )}
            <Button asChild size="sm" variant="outline">
              <RouterLink to={manifestLink({ driver: routeOf })}>Romaneio</RouterLink>
            </Button>
          </HStack>
        </HStack>
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
      {loading && (
        <LoadingDialog rows={all ?? []} drivers={drivers} onClose={() => setLoading(false)} />
      )}
      {delivering && <RecordDelivery row={delivering} onDone={() => setDelivering(null)} />}
    </Stack>
  );
}

/** A filter's select: 'Todos' first, then its choices. */
function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Todos</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
