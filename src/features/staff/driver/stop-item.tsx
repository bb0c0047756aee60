import { memo, type HTMLAttributes } from 'react';
import {
  callUrl,
  googleMapsUrl,
  wazeUrl,
  whatsappUrl,
  isOpenStop,
  SHIPMENT_MESSAGES,
  type ShipmentDetails,
  type ShownRow,
} from '../../../domain';
import { currentStageText } from '../../../domain/driver-stops';
import { ReceiverNoteBlock } from '../tracking/receiver-note';
import { AttemptsBlock, look, RowNumber, sameRow, ShipmentSummary } from '../tracking/row-parts';

/** Navigate to the stop and reach the addressee; a button without the data it needs is not shown. */
function StopLinks({ details }: { details: ShipmentDetails }) {
  const links = [
    { label: 'Waze', href: wazeUrl(details), outside: true },
    { label: 'Google Maps', href: googleMapsUrl(details), outside: true },
    { label: 'Ligar', href: callUrl(details), outside: false },
    { label: 'WhatsApp', href: whatsappUrl(details), outside: true },
  ].filter((l): l is { label: string; href: string; outside: boolean } => Boolean(l.href));
  if (!links.length) return null;
  return (
    <div className="ti-grid">
      {links.map((l) => (
        <a
          key={l.label}
          {...look('subtle')}
          href={l.href}
          {...(l.outside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          aria-label={`${l.label}: ${String(details.recipientName)}`}
        >
          {l.label}
        </a>
      ))}
    </div>
  );
}

/**
 * What a stop can ask of the driver's screen. One object for every stop, made once by the screen:
 * a stop drawn earlier acts on the screen's state of now (a stop moved after others moved).
 */
export interface StopActions {
  /** 'Atualizar etapa': the stop's stages, in a sheet of their own. */
  update: (row: ShownRow) => void;
  attempt: (row: ShownRow) => void;
  /** 'Subir' / 'Descer', and the props of the handle that drags a stop (none while filtered). */
  move?: (id: string, by: -1 | 1) => void;
  dragHandle?: (id: string) => HTMLAttributes<HTMLElement>;
}

interface StopProps {
  row: ShownRow;
  actions: StopActions;
  /** Its place in the day's order. */
  stop: { position: number; total: number };
}

/**
 * One stop, drawn again only when its content changes: a change from another phone or a stop
 * marked here redraws that stop, not the hundred on screen.
 */
export const StopItem = memo(StopItemView, sameRow);

function StopItemView({ row, actions, stop }: StopProps) {
  const who = String(row.shipment?.recipientName ?? row.number);
  return (
    <li aria-label={`Rastreio ${row.number || SHIPMENT_MESSAGES.provisional}`} data-stop={row.id}>
      <div className="ti-head">
        <div>
          <RowNumber row={row} />
          {row.shipment && <ShipmentSummary details={row.shipment} />}
          {Boolean(row.followers) && (
            <p className="ti-small ti-muted" data-testid="followers">
              {row.followers === 1
                ? '1 pessoa acompanha por e-mail'
                : `${row.followers} pessoas acompanham por e-mail`}
            </p>
          )}
        </div>
      </div>
      <div className="ti-line">
        <span className="ti-badge" data-tone="blue">
          Parada {stop.position}
        </span>
        {actions.dragHandle && stop.total > 1 && (
          // For a finger or a mouse; the keyboard and screen readers have 'Subir' and 'Descer'.
          <span
            className="ti-handle"
            aria-hidden="true"
            title="Arraste para mudar a ordem"
            data-testid="arrastar"
            {...actions.dragHandle(row.id)}
          >
            ⠿ Arrastar
          </span>
        )}
        {actions.move && stop.total > 1 && (
          <>
            <button
              type="button"
              {...look('outline')}
              // aria-disabled, not disabled: a stop moved to the top keeps the keyboard's focus.
              aria-disabled={stop.position === 1}
              onClick={() => stop.position > 1 && actions.move?.(row.id, -1)}
              aria-label={`Subir a parada ${stop.position} (${who})`}
            >
              Subir
            </button>
            <button
              type="button"
              {...look('outline')}
              aria-disabled={stop.position === stop.total}
              onClick={() => stop.position < stop.total && actions.move?.(row.id, 1)}
              aria-label={`Descer a parada ${stop.position} (${who})`}
            >
              Descer
            </button>
          </>
        )}
      </div>
      <AttemptsBlock row={row} />
      {isOpenStop(row) && <ReceiverNoteBlock row={row} />}
      {row.shipment && isOpenStop(row) && (
        <>
          <StopLinks details={row.shipment} />
          {/* The stage at a glance; its four boxes wait behind one button (a sheet of large
              toggles), so a finger cannot tick the box above the one it meant. */}
          <p className="ti-small" style={{ marginBottom: '0.5rem' }} data-testid="etapa-atual">
            <span className="ti-muted">Etapa: </span>
            {currentStageText(row) ?? 'nenhuma marcada ainda'}
          </p>
          <div className="ti-grid" style={{ marginBottom: 0 }}>
            <button
              type="button"
              {...look('outline', 'brand')}
              onClick={() => actions.update(row)}
              aria-label={`Atualizar etapa: ${who}`}
            >
              Atualizar etapa
            </button>
            <button
              type="button"
              {...look('outline', 'orange')}
              onClick={() => actions.attempt(row)}
              aria-label={`Não entregue: ${who}`}
            >
              Não entregue
            </button>
          </div>
        </>
      )}
    </li>
  );
}
