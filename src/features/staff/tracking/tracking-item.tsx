import { Badge, Box, Button, Checkbox, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
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
import { photoUrl } from './api';

/** Who it goes to, where, by which service and when it is promised. */
function ShipmentSummary({ details }: { details: ShipmentDetails }) {
  const zip = String(details.recipientZip ?? '');
  return (
    <Box fontSize="sm" mt="1">
      <Text>
        Para {String(details.recipientName)} — {destinationOf(details)}
      </Text>
      <Text color="fg.muted">
        {addressLine(details, 'recipient')}
        {zip ? ` · CEP ${formatCep(zip)}` : ''}
      </Text>
      <Text color="fg.muted">
        {String(details.service)}
        {details.promisedDate ? ` · previsão ${formatDay(String(details.promisedDate))}` : ''}
      </Text>
    </Box>
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
    <HStack gap="2" mb="3" wrap="wrap">
      {links.map((l) => (
        <Button key={l.label} asChild size="sm" variant="subtle">
          <a
            href={l.href}
            {...(l.outside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            aria-label={`${l.label}: ${String(details.recipientName)}`}
          >
            {l.label}
          </a>
        </Button>
      ))}
    </HStack>
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
 * One row, drawn again only when its content changes: a change from another phone redraws that
 * row, not the hundred on screen. (Its handlers read no state, so an older pair acts the same.)
 */
export const TrackingItem = memo(
  TrackingItemView,
  (before, after) =>
    before.selected === after.selected &&
    before.stop?.position === after.stop?.position &&
    before.stop?.total === after.stop?.total &&
    JSON.stringify(before.row) === JSON.stringify(after.row),
);

function TrackingItemView({
  row,
  onToggle,
  onDelete,
  selected = false,
  onSelect,
  onAttempt,
  stop,
}: {
  row: ShownRow;
  onToggle: (stage: TrackingStage) => void;
  /** Absent for a driver: only the office deletes, edits and prints. */
  onDelete?: () => void;
  /** Chosen for 'Imprimir etiquetas' (several labels at once). */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  /** 'Não entregue': a failed delivery attempt. */
  onAttempt?: () => void;
  /** On a driver's list: its place in the day's order, and 'Subir' / 'Descer'. */
  stop?: { position: number; total: number; onMove: (by: -1 | 1) => void };
}) {
  const delivered = row.stages.includes(DELIVERED_STAGE);
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      aria-label={`Rastreio ${row.number || SHIPMENT_MESSAGES.provisional}`}
    >
      <Flex justify="space-between" align="center" mb="3" gap="2">
        <Box>
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="bold" fontSize="lg">
              {row.number ? displayTrackingNumber(row.number) : SHIPMENT_MESSAGES.provisional}
            </Text>
            {row.waiting && (
              <Badge colorPalette="orange" variant="subtle">
                Aguardando envio
              </Badge>
            )}
          </HStack>
          {row.registeredBy && (
            <Text fontSize="sm" color="fg.muted">
              Registrado por {row.registeredBy}
            </Text>
          )}
          {row.shipment && <ShipmentSummary details={row.shipment} />}
          {Boolean(row.followers) && (
            <Text fontSize="sm" color="fg.muted" data-testid="followers">
              {row.followers === 1
                ? '1 pessoa acompanha por e-mail'
                : `${row.followers} pessoas acompanham por e-mail`}
            </Text>
          )}
        </Box>
        {onDelete && (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            onClick={onDelete}
            aria-label={`Excluir ${row.number}`}
          >
            Excluir
          </Button>
        )}
      </Flex>
      {stop && (
        <HStack gap="2" mb="3" wrap="wrap">
          <Badge colorPalette="blue" variant="solid">
            Parada {stop.position}
          </Badge>
          <Button
            size="sm"
            variant="outline"
            // aria-disabled, not disabled: a stop moved to the top keeps the keyboard's focus.
            aria-disabled={stop.position === 1}
            onClick={() => stop.position > 1 && stop.onMove(-1)}
            aria-label={`Subir a parada ${stop.position} (${String(row.shipment?.recipientName ?? row.number)})`}
          >
            Subir
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-disabled={stop.position === stop.total}
            onClick={() => stop.position < stop.total && stop.onMove(1)}
            aria-label={`Descer a parada ${stop.position} (${String(row.shipment?.recipientName ?? row.number)})`}
          >
            Descer
          </Button>
        </HStack>
      )}
      {!stop && onDelete && row.stopOrder > 0 && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          Parada {row.stopOrder} na rota do motorista
        </Text>
      )}
      {(row.attempts.length > 0 || row.returnedAt) && (
        <Box mb="3">
          <HStack gap="2" mb="1" wrap="wrap">
            {row.attempts.length > 0 && (
              <Badge colorPalette="orange" variant="solid">
                {attemptsBadge(row.attempts.length)}
              </Badge>
            )}
            {row.pendingSince && (
              <Badge colorPalette="red" variant="subtle">
                Em pendências
              </Badge>
            )}
            {row.returnedAt && (
              <Badge colorPalette="gray" variant="solid">
                {RETURNED_TEXT}
              </Badge>
            )}
          </HStack>
          <AttemptList row={row} />
        </Box>
      )}
      {row.shipment && isOpenStop(row) && (
        <>
          <StopActions details={row.shipment} />
          {onAttempt && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="orange"
              mb="3"
              onClick={onAttempt}
              aria-label={`Não entregue: ${String(row.shipment.recipientName ?? row.number)}`}
            >
              Não entregue
            </Button>
          )}
        </>
      )}
      {row.shipment && onDelete && (
        <HStack gap="2" mb="3" wrap="wrap">
          {row.number && onSelect && (
            <Checkbox.Root
              size="sm"
              checked={selected}
              onCheckedChange={(e) => onSelect(e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Selecionar etiqueta</Checkbox.Label>
            </Checkbox.Root>
          )}
          {row.number ? (
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <RouterLink to={`${paths.labels}?remessas=${row.id}`}>Imprimir etiqueta</RouterLink>
            </Button>
          ) : (
            <Text fontSize="sm" color="orange.fg">
              Etiqueta disponível quando o servidor der o número.
            </Text>
          )}
          <Button asChild size="sm" variant="ghost">
            <RouterLink to={`${paths.newShipment}?editar=${row.id}`}>Editar remessa</RouterLink>
          </Button>
        </HStack>
      )}
      <Stack gap="2">
        {TRACKING_STAGES.map(({ stage, label }) => (
          <Checkbox.Root
            key={stage}
            checked={row.stages.includes(stage)}
            onCheckedChange={() => onToggle(stage)}
            colorPalette="green"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {stage}. {label}
              {row.stageBy[stage] && (
                <Text as="span" color="fg.muted" fontSize="sm">
                  {' '}
                  — por {row.stageBy[stage]}
                </Text>
              )}
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
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
    </Box>
  );
}
