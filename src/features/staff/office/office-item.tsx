import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { isOpenStop, SHIPMENT_MESSAGES, type ShownRow, type TrackingStage } from '../../../domain';
import {
  AttemptsBlock,
  DeliveryProof,
  look,
  RowNumber,
  sameRow,
  ShareLinks,
  ShipmentSummary,
  StageChecks,
} from '../tracking/row-parts';
import { HistoryButton } from '../tracking/history-dialog';
import { ReceiverNoteBlock } from '../tracking/receiver-note';

/**
 * What a row can ask of the office's screen. One object for every row, made once by the screen:
 * a row drawn earlier acts on the screen's state of now.
 */
export interface OfficeActions {
  toggle: (row: ShownRow, stage: TrackingStage) => void;
  remove: (row: ShownRow) => void;
  /** Chosen for an action on many ('Atribuir motorista', 'Imprimir etiquetas', ...). */
  select: (id: string, on: boolean) => void;
}

interface OfficeItemProps {
  row: ShownRow;
  actions: OfficeActions;
  selected: boolean;
  /** The name of the driver who carries it, or ''. */
  driverName: string;
}

/**
 * One shipment as a card (a phone's office list): what it is, who carries it, its stages and what
 * the office does with it. The driver's buttons (Waze, Ligar, 'Não entregue') are on his stops only.
 */
export const OfficeItem = memo(OfficeItemView, sameRow);

function OfficeItemView({ row, actions, selected, driverName }: OfficeItemProps) {
  return (
    <li aria-label={`Rastreio ${row.number || SHIPMENT_MESSAGES.provisional}`} data-stop={row.id}>
      <div className="ti-head">
        <div>
          <RowNumber row={row} />
          {row.registeredBy && (
            <p className="ti-small ti-muted">Registrado por {row.registeredBy}</p>
          )}
          {row.shipment && <ShipmentSummary details={row.shipment} price={row.price} />}
          {Boolean(row.followers) && (
            <p className="ti-small ti-muted" data-testid="followers">
              {row.followers === 1
                ? '1 pessoa acompanha por e-mail'
                : `${row.followers} pessoas acompanham por e-mail`}
            </p>
          )}
        </div>
        <button
          type="button"
          {...look('ghost', 'red')}
          onClick={() => actions.remove(row)}
          aria-label={`Excluir ${row.number}`}
        >
          Excluir
        </button>
      </div>
      {row.shipment && (
        <p className="ti-small ti-muted" style={{ marginBottom: '0.5rem' }}>
          {driverName ? `Motorista: ${driverName}` : 'Sem motorista'}
          {/* Only a stop still to make has a place on the route (a delivered one had it). */}
          {driverName && row.stopOrder > 0 && isOpenStop(row)
            ? ` · parada ${row.stopOrder} na rota`
            : ''}
        </p>
      )}
      <AttemptsBlock row={row} />
      <ReceiverNoteBlock row={row} />
      <div className="ti-line">
        <label className="ti-check">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => actions.select(row.id, e.target.checked)}
            aria-label={`Selecionar ${row.number || SHIPMENT_MESSAGES.provisional}`}
          />
          Selecionar
        </label>
        {row.shipment &&
          (row.number ? (
            <RouterLink {...look('outline', 'brand')} to={`${paths.labels}?remessas=${row.id}`}>
              Imprimir etiqueta
            </RouterLink>
          ) : (
            <span className="ti-small ti-warn">
              Etiqueta disponível quando o servidor der o número.
            </span>
          ))}
        {row.shipment && (
          <RouterLink {...look('ghost')} to={`${paths.newShipment}?editar=${row.id}`}>
            Editar remessa
          </RouterLink>
        )}
        {row.number && <HistoryButton recordId={row.id} number={row.number} />}
        {row.shipment && row.number && <ShareLinks number={row.number} />}
      </div>
      <StageChecks row={row} onToggle={actions.toggle} />
      <DeliveryProof row={row} />
    </li>
  );
}
