import { chakra } from '@chakra-ui/react';
import { memo } from 'react';
import { timeAgo } from '../../../domain';
import { useMinute } from '../../../hooks/use-minute';
import { SITUATIONS, type DayPanel as Panel, type Situation } from '../../../domain/office-view';

// Plain elements styled once by the section (as the table's lines are): the panel is the first
// thing the office's screen draws, and each Chakra element costs a slow phone a few milliseconds.
const PANEL_STYLES = {
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  '& .dp-head': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
  },
  '& h2': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'lg' },
  '& .dp-age': { fontSize: 'sm', color: 'fg.muted' },
  '& .dp-age[data-offline]': { color: 'orange.fg' },
  '& .dp-counts': {
    display: 'grid',
    gridTemplateColumns: {
      base: 'repeat(2, minmax(0, 1fr))',
      md: 'repeat(3, minmax(0, 1fr))',
      xl: 'repeat(6, minmax(0, 1fr))',
    },
    gap: '2',
  },
  '& .dp-counts button': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '0.5',
    minHeight: '16',
    padding: '3',
    borderWidth: '1px',
    borderRadius: 'lg',
    textAlign: 'start',
    cursor: 'pointer',
    bg: 'bg',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
  '& .dp-counts button[aria-pressed=true]': { borderColor: 'brand.solid', bg: 'brand.subtle' },
  '& .dp-counts button[data-tone=red] strong': { color: 'red.fg' },
  '& .dp-counts strong': { fontSize: '2xl', lineHeight: '1', fontWeight: 'bold' },
  '& .dp-counts span': { fontSize: 'sm', color: 'fg.muted' },
  '& .dp-drivers': { listStyleType: 'none', fontSize: 'sm' },
  '& .dp-drivers button': { textDecoration: 'underline', cursor: 'pointer', minHeight: '8' },
} as const;

/**
 * 'Painel do dia': the day's counts over the office's whole list (kept on this device and followed
 * live), each one a button that shows the list filtered to it, and each driver's progress.
 */
export const DayPanel = memo(function DayPanel({
  panel,
  chosen,
  onChoose,
  onDriver,
  driverName,
  offline,
  syncedAt,
}: {
  panel: Panel;
  chosen: Situation | undefined;
  onChoose: (situation: Situation | undefined) => void;
  onDriver: (driver: string) => void;
  driverName: (id: string) => string;
  offline: boolean;
  syncedAt: number | undefined;
}) {
  useMinute();
  return (
    <chakra.section aria-labelledby="painel-do-dia" css={PANEL_STYLES}>
      <div className="dp-head">
        <h2 id="painel-do-dia">Painel do dia</h2>
        <p className="dp-age" data-offline={offline || undefined} data-testid="idade-painel">
          {offline
            ? `Sem conexão: contagens da lista deste aparelho${syncedAt ? `, atualizada ${timeAgo(syncedAt)}` : ''}`
            : 'Ao vivo'}
        </p>
      </div>
      <div className="dp-counts">
        {SITUATIONS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            aria-pressed={chosen === key}
            data-tone={key === 'atrasadas' || key === 'pendencias' ? 'red' : undefined}
            onClick={() => onChoose(chosen === key ? undefined : key)}
            aria-label={`${label}: ${panel.counts[key]}`}
          >
            <strong>{panel.counts[key]}</strong>
            <span>{label}</span>
          </button>
        ))}
      </div>
      {panel.drivers.length > 0 && (
        <ul className="dp-drivers" aria-label="Motoristas hoje">
          {panel.drivers.map((d) => (
            <li key={d.driver}>
              <button type="button" onClick={() => onDriver(d.driver)}>
                {driverName(d.driver)}
              </button>
              : {d.left === 1 ? '1 parada a fazer' : `${d.left} paradas a fazer`},{' '}
              {d.deliveredToday === 1 ? '1 entregue hoje' : `${d.deliveredToday} entregues hoje`}
              {d.failedToday
                ? `, ${d.failedToday} não ${d.failedToday === 1 ? 'entregue' : 'entregues'} hoje`
                : ''}
            </li>
          ))}
        </ul>
      )}
    </chakra.section>
  );
});
