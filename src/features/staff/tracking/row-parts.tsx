import { Box, Button, Image, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { company } from '../../../config/company';
import { toaster } from '../../../components/toaster';
import {
  DELIVERED_STAGE,
  displayTrackingNumber,
  formatCpf,
  formatDateTime,
  formatDay,
  formatCep,
  addressLine,
  destinationOf,
  PENDING_PIN,
  PIN_MESSAGES,
  SHIPMENT_MESSAGES,
  TRACKING_STAGES,
  attemptsBadge,
  reasonLabel,
  RETURNED_TEXT,
  shipmentPriceText,
  type AttemptEntry,
  type ShipmentDetails,
  type ShipmentPrice,
  type ShownRow,
  type TrackingStage,
} from '../../../domain';
import { emailShareHref, trackingShareText, whatsappShareHref } from '../../../domain/share';
import { photoUrl } from './api';
import { useSharedClasses } from '../../../forms/shared-classes';

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
  '& > li': {
    borderWidth: '1px',
    borderRadius: 'lg',
    padding: '4',
    // A row off screen is not styled, laid out or painted until it comes near the screen: a
    // search keystroke draws up to 25 new cards of which a phone shows two or three (its style
    // and layout were a third of that keystroke), and a driver's list draws a hundred stops.
    // The browser keeps a row's last size once drawn; before that, about a card's height.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 16rem',
  },
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

/**
 * The list of rows (the office's numbers or a driver's stops), styled once for all of them. A plain
 * list with a class made once per page: it is drawn again with each search keystroke, and a
 * Chakra element would work out these styles again each time.
 */
export function TrackingList({ label, children }: { label: string; children: ReactNode }) {
  const { list } = useSharedClasses('tracking-list', (named) => ({ list: named(ROW_STYLES) }));
  return (
    <ul className={list} aria-label={label}>
      {children}
    </ul>
  );
}

type Tone = 'orange' | 'brand' | 'red' | 'green';

/** Props of a row's button or link, in the list's styles. */
export const look = (variant: 'outline' | 'subtle' | 'ghost', tone?: Tone) => ({
  className: 'ti-button',
  'data-look': variant,
  ...(tone ? { 'data-tone': tone } : {}),
});

/** The shipment's tracking link, sent to the customer through WhatsApp or e-mail. */
export function ShareLinks({ number }: { number: string }) {
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

/**
 * Who it goes to, where, by which service and when it is promised; with `price` (the office's
 * screen), what it costs.
 */
export function ShipmentSummary({
  details,
  price,
}: {
  details: ShipmentDetails;
  price?: ShipmentPrice;
}) {
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
      {price ? <p className="ti-muted">Preço: {shipmentPriceText(price)}</p> : null}
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

/** The number (or 'número provisório') and whether its change still waits on this device. */
export function RowNumber({ row }: { row: ShownRow }) {
  return (
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
  );
}

/** Attempts made, whether the office must decide, whether it went back: badges, then the list. */
export function AttemptsBlock({ row }: { row: ShownRow }) {
  if (!row.attempts.length && !row.returnedAt && !row.pendingSince) return null;
  return (
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
            {row.pendingReason === PENDING_PIN ? `: ${PIN_MESSAGES.pending.toLowerCase()}` : ''}
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
  );
}

/** The four stages as check boxes, with who marked each. */
export function StageChecks({
  row,
  onToggle,
}: {
  row: ShownRow;
  onToggle: (row: ShownRow, stage: TrackingStage) => void;
}) {
  return (
    <div className="ti-stages">
      {TRACKING_STAGES.map(({ stage, label }) => (
        <label key={stage} className="ti-check">
          <input
            type="checkbox"
            checked={row.stages.includes(stage)}
            onChange={() => onToggle(row, stage)}
          />
          <span>
            {stage}. {label}
            {row.stageBy[stage] && <span className="ti-muted"> — por {row.stageBy[stage]}</span>}
          </span>
        </label>
      ))}
    </div>
  );
}

/** Who received a delivered parcel, when, and its photo. */
export function DeliveryProof({ row }: { row: ShownRow }) {
  if (!row.stages.includes(DELIVERED_STAGE) || !row.receiverName) return null;
  return (
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
      {row.signature && (
        <PhotoButton
          recordId={row.id}
          fileName={row.signature}
          alt={`Assinatura de quem recebeu ${row.number}`}
          label="Ver assinatura"
        />
      )}
    </Box>
  );
}

/** Props a row is drawn again by: its content, its place and the screen's handlers. */
export const sameRow = <P extends { row: ShownRow }>(before: P, after: P) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].every((name) => {
    const key = name as keyof P;
    return key === 'row'
      ? JSON.stringify(before.row) === JSON.stringify(after.row)
      : key === 'stop'
        ? JSON.stringify(before[key]) === JSON.stringify(after[key])
        : before[key] === after[key];
  });
