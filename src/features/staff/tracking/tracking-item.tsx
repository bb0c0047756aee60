import { Box, Button, chakra, Image, Stack, Text } from '@chakra-ui/react';
import { memo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { company } from '../../../config/company';
import { paths } from '../../../config/paths';
import { toaster } from '../../../components/toaster';
import {
  DELIVERED_STAGE,
  displayTrackingNumber,
  formatCpf,
  formatDateTime,
  formatDay,
  formatCep,
  addressLine,
  callUrl,
  googleMapsUrl,
  wazeUrl,
  whatsappUrl,
  destinationOf,
  SHIPMENT_MESSAGES,
  TRACKING_STAGES,
  attemptsBadge,
  isOpenStop,
  reasonLabel,
  RETURNED_TEXT,
  type AttemptEntry,
  type ShipmentDetails,
  type ShownRow,
  type TrackingStage,
} from '../../../domain';
import { emailShareHref, trackingShareText, whatsappShareHref } from '../../../domain/share';
import { photoUrl } from './api';

/*
 * A list of a hundred rows drawn with Chakra's components costs seconds on a mid-range phone: each
 * of the ~40 components of a row resolves its styles when drawn. The rows are plain elements with
 * a few class names instead, styled once by the list (`ROW_STYLES`), in Chakra's tokens: the
 * driver's list opens at once with no signal, and a change redraws only its own row.
 */
const ROW_STYLES = {
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  listStyleType: 'none',
  '& > li': { borderWidth: '1px', borderRadius: 'lg', padding: '4' },
  '& .ti-head': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '2',
    marginBottom: '3',
  },
  '& .ti-line': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '2',
    marginBottom: '3',
  },
  '& .ti-number': { fontWeight: 'bold', fontSize: 'lg' },
  '& .ti-small': { fontSize: 'sm' },
  '& .ti-muted': { color: 'fg.muted' },
  '& .ti-warn': { color: 'orange.fg' },
  '& .ti-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    paddingInline: '2',
    minHeight: '5',
    fontSize: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
  },
  '& .ti-badge[data-tone=blue]': { bg: 'blue.solid', color: 'blue.contrast' },
  '& .ti-badge[data-tone=orange]': { bg: 'orange.solid', color: 'orange.contrast' },
  '& .ti-badge[data-tone=gray]': { bg: 'gray.solid', color: 'gray.contrast' },
  '& .ti-badge[data-tone=waiting]': { bg: 'orange.subtle', color: 'orange.fg' },
  '& .ti-badge[data-tone=red]': { bg: 'red.subtle', color: 'red.fg' },
  '& .ti-button': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    // 44 px: a finger (or a glove) in a moving van, not a mouse.
    minHeight: '11',
    minWidth: '11',
    paddingInline: '3.5',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'transparent',
    fontSize: 'sm',
    fontWeight: 'medium',
    lineHeight: '1.25rem',
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    bg: 'transparent',
    color: 'fg',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    '&[aria-disabled=true]': { opacity: 0.5, cursor: 'not-allowed' },
  },
  '& .ti-button[data-look=outline]': { borderColor: 'border', _hover: { bg: 'bg.muted' } },
  '& .ti-button[data-look=subtle]': { bg: 'gray.subtle', _hover: { bg: 'gray.muted' } },
  '& .ti-button[data-look=ghost]': { _hover: { bg: 'bg.muted' } },
  '& .ti-button[data-tone=orange]': {
    borderColor: 'orange.muted',
    color: 'orange.fg',
    _hover: { bg: 'orange.subtle' },
  },
  '& .ti-button[data-tone=brand]': {
    borderColor: 'brand.muted',
    color: 'brand.fg',
    _hover: { bg: 'brand.subtle' },
  },
  '& .ti-button[data-tone=red]': { color: 'red.fg', _hover: { bg: 'red.subtle' } },
  '& .ti-button[data-tone=green]': { color: 'green.fg', _hover: { bg: 'green.subtle' } },
  '& .ti-handle': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    minHeight: '11',
    paddingInline: '3',
    borderRadius: 'l2',
    bg: 'gray.subtle',
    color: 'fg.muted',
    fontSize: 'sm',
    cursor: 'grab',
    userSelect: 'none',
    // The finger drags the stop, not the page.
    touchAction: 'none',
  },
  '& > li[data-dragging]': {
    position: 'relative',
    zIndex: 1,
    bg: 'bg',
    boxShadow: 'lg',
    cursor: 'grabbing',
  },
  // Where the dragged stop would land: a bar above that stop, or below the last one.
  '& > li[data-drop=before]': { boxShadow: '0 -8px 0 -4px {colors.blue.solid}' },
  '&[data-drop=end] > li:last-of-type': { boxShadow: '0 8px 0 -4px {colors.blue.solid}' },
  '& .ti-stages': { display: 'flex', flexDirection: 'column', gap: '2' },
  '& .ti-check': {
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    fontSize: 'sm',
    cursor: 'pointer',
  },
  '& .ti-check input': {
    flexShrink: 0,
    width: '5',
    height: '5',
    margin: '0',
    accentColor: 'green.solid',
    cursor: 'pointer',
  },
  '& .ti-check input:focus-visible': {
    outline: '2px solid',
    outlineColor: 'brand.focusRing',
    outlineOffset: '2px',
  },
} as const;

/** The list of rows (the office's numbers or a driver's stops), styled once for all of them. */
export function TrackingList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <chakra.ul css={ROW_STYLES} aria-label={label}>
      {children}
    </chakra.ul>
  );
}

type Tone = 'orange' | 'brand' | 'red' | 'green';

/** Props of a row's button or link, in the list's styles. */
const look = (variant: 'outline' | 'subtle' | 'ghost', tone?: Tone) => ({
  className: 'ti-button',
  'data-look': variant,
  ...(tone ? { 'data-tone': tone } : {}),
});

/** The shipment's tracking link, sent to the customer through WhatsApp or e-mail. */
function ShareLinks({ number }: { number: string }) {
  const text = trackingShareText(company.shortName, number, window.location.origin);
  return (
    <>
      <a
        {...look('ghost', 'green')}
        href={whatsappShareHref(text)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Enviar pelo WhatsApp
      </a>
      <a
        {...look('ghost')}
        href={emailShareHref(`Rastreamento da remessa — ${company.shortName}`, text)}
      >
        Enviar por e-mail
      </a>
    </>
  );
}

/** Who it goes to, where, by which service and when it is promised. */
function ShipmentSummary({ details }: { details: ShipmentDetails }) {
  const zip = String(details.recipientZip ?? '');
  return (
    <div className="ti-small" style={{ marginTop: '0.25rem' }}>
      <p>
        Para {String(details.recipientName)} — {destinationOf(details)}
      </p>
      <p className="ti-muted">
        {addressLine(details, 'recipient')}
        {/* The CEP is one word: never 'CEP 01310-' on one line and '200' on the next. */}
        {zip ? (
          <>
            {' · '}
            <span style={{ whiteSpace: 'nowrap' }}>CEP {formatCep(zip)}</span>
          </>
        ) : null}
      </p>
      {details.contents ? <p className="ti-muted">Conteúdo: {String(details.contents)}</p> : null}
      <p className="ti-muted">
        {String(details.service)}
        {details.promisedDate ? ` · previsão ${formatDay(String(details.promisedDate))}` : ''}
      </p>
    </div>
  );
}

/** Navigate to the stop and reach the addressee; a button without the data it needs is not shown. */
function StopActions({ details }: { details: ShipmentDetails }) {
  const links = [
    { label: 'Waze', href: wazeUrl(details), outside: true },
    { label: 'Google Maps', href: googleMapsUrl(details), outside: true },
    { label: 'Ligar', href: callUrl(details), outside: false },
    { label: 'WhatsApp', href: whatsappUrl(details), outside: true },
  ].filter((l): l is { label: string; href: string; outside: boolean } => Boolean(l.href));
  if (!links.length) return null;
  return (
    <div className="ti-line">
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

/** A protected photo (delivery or attempt), opened on demand with a short-lived file token. */
function PhotoButton({
  recordId,
  fileName,
  alt,
  label,
}: {
  recordId: string;
  fileName: string;
  alt: string;
  label: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const open = async () => {
    try {
      setUrl(await photoUrl(recordId, fileName));
    } catch {
      toaster.replace('foto', {
        title: 'Não foi possível abrir a foto',
        description: 'A foto fica no servidor: abra de novo com conexão.',
        type: 'warning',
      });
    }
  };
  return url ? (
    <Image src={url} alt={alt} mt="2" maxH="64" borderRadius="md" />
  ) : (
    <Button size="xs" variant="outline" mt="2" onClick={() => void open()}>
      {label}
    </Button>
  );
}

/** The failed attempts, oldest first: reason, when, by whom, the note and the photo. */
export function AttemptList({
  row,
}: {
  row: { id: string; number: string; attempts: AttemptEntry[] };
}) {
  return (
    <Stack
      as="ol"
      gap="1"
      fontSize="sm"
      listStyleType="none"
      aria-label={`Tentativas de ${row.number}`}
    >
      {row.attempts.map((a, i) => (
        <Box as="li" key={a.id}>
          <Text>
            {i + 1}ª tentativa: {reasonLabel(a.reason)}
            {a.note ? ` (${a.note})` : ''} — {formatDateTime(a.at.replace(' ', 'T'))}
            {a.by ? `, por ${a.by}` : ''}
          </Text>
          {a.photo && (
            <PhotoButton
              recordId={row.id}
              fileName={a.photo}
              alt={`Foto da ${i + 1}ª tentativa de ${row.number}`}
              label="Ver foto da tentativa"
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

/**
 * What a row can ask of its screen. One object for every row, made once by the screen: a row
 * drawn earlier acts on the screen's state of now (a stop moved after others moved).
 */
export interface RowActions {
  toggle: (row: ShownRow, stage: TrackingStage) => void;
  attempt: (row: ShownRow) => void;
  /** The office's: delete, and choose for 'Imprimir etiquetas' (several labels at once). */
  remove?: (row: ShownRow) => void;
  select?: (id: string, on: boolean) => void;
  /** A driver's: 'Subir' / 'Descer', and the props of the handle that drags a stop. */
  move?: (id: string, by: -1 | 1) => void;
  dragHandle?: (id: string) => HTMLAttributes<HTMLElement>;
}

interface ItemProps {
  row: ShownRow;
  actions: RowActions;
  /** The office's list (delete, edit, print); a driver's list otherwise. */
  office: boolean;
  selected?: boolean;
  /** On a driver's list: its place in the day's order. */
  stop?: { position: number; total: number };
}

/**
 * One row, drawn again only when its content changes: a change from another phone or a stop
 * marked here redraws that row, not the hundred on screen.
 */
export const TrackingItem = memo(
  TrackingItemView,
  (before, after) =>
    before.actions === after.actions &&
    before.office === after.office &&
    before.selected === after.selected &&
    before.stop?.position === after.stop?.position &&
    before.stop?.total === after.stop?.total &&
    JSON.stringify(before.row) === JSON.stringify(after.row),
);

function TrackingItemView({ row, actions, office, selected = false, stop }: ItemProps) {
  const delivered = row.stages.includes(DELIVERED_STAGE);
  const who = String(row.shipment?.recipientName ?? row.number);
  return (
    <li aria-label={`Rastreio ${row.number || SHIPMENT_MESSAGES.provisional}`} data-stop={row.id}>
      <div className="ti-head">
        <div>
          <div className="ti-line" style={{ marginBottom: 0 }}>
            <span className="ti-number">
              {row.number ? displayTrackingNumber(row.number) : SHIPMENT_MESSAGES.provisional}
            </span>
            {row.waiting && (
              <span className="ti-badge" data-tone="waiting">
                Aguardando envio
              </span>
            )}
          </div>
          {/* Who registered it is the office's business; a driver's card keeps to the stop. */}
          {office && row.registeredBy && (
            <p className="ti-small ti-muted">Registrado por {row.registeredBy}</p>
          )}
          {row.shipment && <ShipmentSummary details={row.shipment} />}
          {Boolean(row.followers) && (
            <p className="ti-small ti-muted" data-testid="followers">
              {row.followers === 1
                ? '1 pessoa acompanha por e-mail'
                : `${row.followers} pessoas acompanham por e-mail`}
            </p>
          )}
        </div>
        {office && actions.remove && (
          <button
            type="button"
            {...look('ghost', 'red')}
            onClick={() => actions.remove?.(row)}
            aria-label={`Excluir ${row.number}`}
          >
            Excluir
          </button>
        )}
      </div>
      {stop && (
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
      )}
      {/* Only a stop still to make has a place on the route (a delivered one had it). */}
      {!stop && office && row.stopOrder > 0 && isOpenStop(row) && (
        <p className="ti-small ti-muted" style={{ marginBottom: '0.5rem' }}>
          Parada {row.stopOrder} na rota do motorista
        </p>
      )}
      {(row.attempts.length > 0 || row.returnedAt) && (
        <Box mb="3">
          <div className="ti-line" style={{ marginBottom: '0.25rem' }}>
            {row.attempts.length > 0 && (
              <span className="ti-badge" data-tone="orange">
                {attemptsBadge(row.attempts.length)}
              </span>
            )}
            {row.pendingSince && (
              <span className="ti-badge" data-tone="red">
                Em pendências
              </span>
            )}
            {row.returnedAt && (
              <span className="ti-badge" data-tone="gray">
                {RETURNED_TEXT}
              </span>
            )}
          </div>
          <AttemptList row={row} />
        </Box>
      )}
      {row.shipment && isOpenStop(row) && (
        <>
          <StopActions details={row.shipment} />
          <div className="ti-line">
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
      {row.shipment && office && (
        <div className="ti-line">
          {row.number && actions.select && (
            <label className="ti-check">
              <input
                type="checkbox"
                checked={selected}
                onChange={(e) => actions.select?.(row.id, e.target.checked)}
              />
              Selecionar etiqueta
            </label>
          )}
          {row.number ? (
            <RouterLink {...look('outline', 'brand')} to={`${paths.labels}?remessas=${row.id}`}>
              Imprimir etiqueta
            </RouterLink>
          ) : (
            <span className="ti-small ti-warn">
              Etiqueta disponível quando o servidor der o número.
            </span>
          )}
          <RouterLink {...look('ghost')} to={`${paths.newShipment}?editar=${row.id}`}>
            Editar remessa
          </RouterLink>
          {row.number && <ShareLinks number={row.number} />}
        </div>
      )}
      <div className="ti-stages">
        {TRACKING_STAGES.map(({ stage, label }) => (
          <label key={stage} className="ti-check">
            <input
              type="checkbox"
              checked={row.stages.includes(stage)}
              onChange={() => actions.toggle(row, stage)}
            />
            <span>
              {stage}. {label}
              {row.stageBy[stage] && <span className="ti-muted"> — por {row.stageBy[stage]}</span>}
            </span>
          </label>
        ))}
      </div>
      {delivered && row.receiverName && (
        <Box mt="3" fontSize="sm" data-testid="entrega">
          <Text>
            Recebido por {row.receiverName}
            {row.receiverCpf ? ` (CPF ${formatCpf(row.receiverCpf)})` : ''}
            {row.stageTimes[DELIVERED_STAGE]
              ? ` em ${formatDateTime(row.stageTimes[DELIVERED_STAGE])}`
              : ''}
          </Text>
          {row.photo && (
            <PhotoButton
              recordId={row.id}
              fileName={row.photo}
              alt={`Foto da entrega de ${row.number}`}
              label="Ver foto da entrega"
            />
          )}
        </Box>
      )}
    </li>
  );
}
