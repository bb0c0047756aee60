import { chakra } from '@chakra-ui/react';
import { Fragment, memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import {
  displayTrackingNumber,
  formatDay,
  isOpenStop,
  SHIPMENT_MESSAGES,
  TRACKING_STAGES,
  type ShownRow,
} from '../../../domain';
import {
  cityOf,
  promiseState,
  stageReached,
  type Sort,
  type SortColumn,
} from '../../../domain/office-view';
import { TrackingList } from '../tracking/row-parts';
import { OfficeItem, type OfficeActions } from './office-item';

const COLUMNS: { column: SortColumn; label: string }[] = [
  { column: 'number', label: 'Número' },
  { column: 'receiver', label: 'Destinatário' },
  { column: 'city', label: 'Cidade' },
  { column: 'driver', label: 'Motorista' },
  { column: 'stage', label: 'Etapa' },
  { column: 'promise', label: 'Previsão' },
  { column: 'attempts', label: 'Tentativas' },
];

/*
 * A desk's list: one line of about 36 px per shipment, so twenty and more fit on a screen. Plain
 * elements styled once by the table (as the cards are), so a thousand lines draw quickly.
 */
const TABLE_STYLES = {
  width: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': {
    textAlign: 'start',
    paddingInline: '2',
    paddingBlock: '0.5',
    borderBottomWidth: '1px',
    verticalAlign: 'middle',
  },
  '& thead th': { position: 'sticky', top: 0, bg: 'bg', zIndex: 1, whiteSpace: 'nowrap' },
  '& th button': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    minHeight: '8',
    fontWeight: 'semibold',
    cursor: 'pointer',
    _hover: { textDecoration: 'underline' },
  },
  '& tbody tr:hover': { bg: 'bg.muted' },
  '& tr[aria-selected=true]': { bg: 'brand.subtle' },
  '& td.tt-number': {
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    fontWeight: 'medium',
  },
  '& td.tt-late': { color: 'red.fg', fontWeight: 'semibold' },
  '& .tt-open': {
    minHeight: '7',
    paddingInline: '2',
    borderRadius: 'l2',
    cursor: 'pointer',
    _hover: { bg: 'bg.emphasized' },
  },
  // A mouse's target at a desk: the line stays one text line high (a phone keeps 44 px cards).
  '& .tt-link': { color: 'brand.fg', textDecoration: 'underline', fontWeight: 'medium' },
  '& td.tt-details': { paddingBlock: '3', bg: 'bg.subtle' },
  // The opened card is on screen with its line, and a table sizes its columns from what is in
  // them: the lists' skipping of rows off screen is not for it.
  '& td.tt-details li': { bg: 'bg', contentVisibility: 'visible' },
} as const;

const stageText = (row: ShownRow) => {
  const reached = stageReached(row);
  if (row.returnedAt) return 'Devolvida';
  return reached
    ? `${reached}. ${TRACKING_STAGES[reached - 1]!.label.replace('Encomenda ', '')}`
    : '—';
};

interface LineProps {
  row: ShownRow;
  actions: OfficeActions;
  selected: boolean;
  open: boolean;
  onOpen: (id: string) => void;
  driverName: string;
  today: string;
}

const Line = memo(function Line({
  row,
  actions,
  selected,
  open,
  onOpen,
  driverName,
  today,
}: LineProps) {
  const number = row.number ? displayTrackingNumber(row.number) : SHIPMENT_MESSAGES.provisional;
  const promised = String(row.shipment?.promisedDate ?? '');
  const late = promiseState(row, today) === 'atrasadas';
  return (
    <Fragment>
      <tr
        aria-selected={selected}
        aria-label={`Linha ${row.number || SHIPMENT_MESSAGES.provisional}`}
      >
        <td>
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => actions.select(row.id, e.target.checked)}
            aria-label={`Selecionar ${row.number || SHIPMENT_MESSAGES.provisional}`}
          />
        </td>
        <td className="tt-number">
          <button
            type="button"
            className="tt-open"
            aria-expanded={open}
            onClick={() => onOpen(row.id)}
            aria-label={`${open ? 'Fechar' : 'Abrir'} ${row.number || SHIPMENT_MESSAGES.provisional}`}
          >
            {open ? '▾' : '▸'} {number}
          </button>
          {row.waiting ? ' ⏳' : ''}
        </td>
        <td>{String(row.shipment?.recipientName ?? '')}</td>
        <td>{cityOf(row)}</td>
        <td>
          {driverName || '—'}
          {/* Its place on the driver's route, while it is still a stop to make. */}
          {driverName && row.stopOrder > 0 && isOpenStop(row) ? ` · ${row.stopOrder}ª` : ''}
        </td>
        <td>{stageText(row)}</td>
        <td className={late ? 'tt-late' : undefined}>
          {promised ? formatDay(promised.slice(0, 10)) : '—'}
          {late ? ' (atrasada)' : ''}
        </td>
        <td>{row.attempts.length || ''}</td>
        <td>
          {row.shipment && row.number && (
            <RouterLink className="tt-link" to={`${paths.labels}?remessas=${row.id}`}>
              Etiqueta
            </RouterLink>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={COLUMNS.length + 3} className="tt-details">
            <TrackingList label={`Remessa ${number}`}>
              <OfficeItem row={row} actions={actions} selected={selected} driverName={driverName} />
            </TrackingList>
          </td>
        </tr>
      )}
    </Fragment>
  );
});

/**
 * The office's list at a desk: a dense table sortable by column; a line opens in place to the
 * shipment's card (its stages, history, label and edit).
 */
export function OfficeTable({
  rows,
  actions,
  selected,
  opened,
  onOpen,
  driverName,
  sort,
  onSort,
  allSelected,
  onSelectAll,
  today,
}: {
  rows: ShownRow[];
  actions: OfficeActions;
  selected: ReadonlySet<string>;
  opened: ReadonlySet<string>;
  onOpen: (id: string) => void;
  driverName: (id: string) => string;
  sort: Sort | null;
  onSort: (column: SortColumn) => void;
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  today: string;
}) {
  return (
    <chakra.table css={TABLE_STYLES} aria-label="Remessas">
      <thead>
        <tr>
          <th>
            <input
              type="checkbox"
              checked={allSelected}
              onChange={(e) => onSelectAll(e.target.checked)}
              aria-label="Selecionar todos"
            />
          </th>
          {COLUMNS.map(({ column, label }) => (
            <th
              key={column}
              aria-sort={
                sort?.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined
              }
            >
              <button type="button" onClick={() => onSort(column)}>
                {label}
                {sort?.column === column ? (sort.descending ? ' ↓' : ' ↑') : ''}
              </button>
            </th>
          ))}
          <th>
            <chakra.span srOnly>Ações</chakra.span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Line
            key={row.id}
            row={row}
            actions={actions}
            selected={selected.has(row.id)}
            open={opened.has(row.id)}
            onOpen={onOpen}
            driverName={row.driver ? driverName(row.driver) : ''}
            today={today}
          />
        ))}
      </tbody>
    </chakra.table>
  );
}
