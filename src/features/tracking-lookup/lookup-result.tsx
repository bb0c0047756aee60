import { Box, Button, Flex, Link, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { StageTimeline } from '../../components/stage-timeline';
import { toaster } from '../../components/toaster';
// From their own modules, not the domain's index: that would bring the forms' schemas (Yup) into
// this page's chunk.
import { formatDateTime, formatDay } from '../../domain/format';
import { displayTrackingNumber } from '../../domain/masks';
import { timeAgo } from '../../domain/time';
import { DELIVERED_STAGE } from '../../domain/stages';
import { publicTimeline, RETURNED_TEXT } from '../../domain/attempts';
import type { TrackingLookup } from '../../lib/db';
import { hasNews, NOT_FOUND, shipmentStateLabel } from './labels';
import { company } from '../../config/company';
import {
  emailShareHref,
  trackingShareText,
  trackingUrl,
  whatsappShareHref,
} from '../../domain/share';

// 'Avise-me' (its rules, the outbox) loads only with a result to follow.
const FollowForm = lazy(() => import('./follow-form'));

export const NO_STAGES = 'Nenhuma informação de rastreamento disponível para este número.';

export type View = { lookup: TrackingLookup; stale: boolean } | { message: string } | null;

/** `followOpen`: the page was opened from a link that asks for 'Avise-me' (the shipment e-mail). */
export function Result({ view, followOpen = false }: { view: View; followOpen?: boolean }) {
  if (!view) return null;
  if ('message' in view) {
    return (
      <Text role="status" color="fg.muted">
        {view.message}
      </Text>
    );
  }
  const { lookup, stale } = view;
  const shareUrl = trackingUrl(window.location.origin, lookup.number);
  const shareText = trackingShareText(company.shortName, lookup.number, window.location.origin);
  return (
    <Box
      borderWidth="1px"
      borderRadius="xl"
      p="5"
      role="region"
      aria-label="Resultado do rastreamento"
    >
      <Flex justify="space-between" align="start" gap="3" wrap="wrap" mb="4">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Número
          </Text>
          <Text fontSize="xl" fontWeight="bold" data-testid="tracking-number">
            {displayTrackingNumber(lookup.number)}
          </Text>
          <Text fontSize="sm" color={stale ? 'orange.fg' : 'fg.muted'}>
            {stale
              ? `Último estado conhecido, consultado ${timeAgo(lookup.fetchedAt)}`
              : `Consultado ${timeAgo(lookup.fetchedAt)}`}
          </Text>
        </Box>
        {/* A document's list is not passed on: the link would carry the CPF or CNPJ. */}
        {!lookup.byDocument && (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(shareUrl);
                  toaster.replace('rastreio', {
                    title: 'Link copiado',
                    description: shareUrl,
                    type: 'success',
                    duration: 3000,
                  });
                } catch {
                  toaster.replace('rastreio', {
                    title: 'Copie o link',
                    description: shareUrl,
                    type: 'info',
                    duration: 8000,
                  });
                }
              }}
            >
              Copiar link
            </Button>
            <Flex gap="2" wrap="wrap" w={{ base: 'full', sm: 'auto' }}>
              <Button asChild size="sm" variant="outline" colorPalette="green">
                <a href={whatsappShareHref(shareText)} target="_blank" rel="noopener noreferrer">
                  Enviar pelo WhatsApp
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <a
                  href={emailShareHref(`Rastreamento da remessa — ${company.shortName}`, shareText)}
                >
                  Enviar por e-mail
                </a>
              </Button>
            </Flex>
          </>
        )}
      </Flex>
      {(lookup.promisedDate || lookup.destination) && (
        <Flex gap="6" wrap="wrap" mb="4" fontSize="sm" data-testid="shipment-promise">
          {lookup.promisedDate && (
            <Box>
              <Text color="fg.muted">Previsão de entrega</Text>
              <Text fontWeight="semibold">{formatDay(lookup.promisedDate)}</Text>
            </Box>
          )}
          {lookup.destination && (
            <Box>
              <Text color="fg.muted">Destino</Text>
              <Text fontWeight="semibold">{lookup.destination}</Text>
            </Box>
          )}
        </Flex>
      )}
      {!lookup.found ? (
        <Text>{NOT_FOUND}</Text>
      ) : lookup.byDocument ? null : lookup.stages.length === 0 ? (
        // A shipment just made, or a failed attempt with no stage marked yet: the history below
        // says it.
        hasNews(lookup) ? null : (
          <Text>{NO_STAGES}</Text>
        )
      ) : (
        <>
          {lookup.deliveredTo && lookup.stageTimes[4] && (
            <Text fontWeight="semibold" color="green.fg" mb="3">
              Entregue a {lookup.deliveredTo} em {deliveredAt(lookup.stageTimes[4])}
            </Text>
          )}
          <StageTimeline stages={lookup.stages} stageTimes={lookup.stageTimes} />
        </>
      )}
      {lookup.found && <History lookup={lookup} />}
      {lookup.shipments?.length ? <DocumentShipments lookup={lookup} /> : null}
      {!lookup.byDocument && !lookup.stages.includes(DELIVERED_STAGE) && !lookup.returnedAt && (
        <Suspense fallback={null}>
          <FollowForm key={lookup.number} number={lookup.number} initiallyOpen={followOpen} />
        </Suspense>
      )}
    </Box>
  );
}

/** '22/11/2026 às 14:32', as the delivery line reads. */
function deliveredAt(time: string) {
  return formatDateTime(time).replace(' ', ' às ');
}

/**
 * The shipment's events oldest first, from the moment it was made (and its request arrived), or
 * once something happened that the four stages cannot show (a failed attempt, a return to the
 * sender): times, stages and reasons, never a name or a place.
 */
function History({ lookup }: { lookup: TrackingLookup }) {
  if (!lookup.attempts?.length && !lookup.returnedAt && !lookup.registeredAt) return null;
  const events = publicTimeline(lookup);
  return (
    <Box mt="2" mb="4">
      {lookup.returnedAt && (
        <Text fontWeight="semibold" color="orange.fg" mb="2">
          {RETURNED_TEXT}
        </Text>
      )}
      <Text fontWeight="semibold" mb="2" id="historico">
        Histórico
      </Text>
      <Box as="ol" listStyleType="none" aria-labelledby="historico" fontSize="sm">
        {events.map((event, i) => (
          <Box
            as="li"
            key={`${event.kind}-${event.at}-${i}`}
            py="1.5"
            borderBottomWidth={i < events.length - 1 ? '1px' : '0'}
          >
            <Text color="fg.muted">{formatDateTime(event.at.replace(' ', 'T'))}</Text>
            <Text color={event.kind === 'attempt' ? 'orange.fg' : 'fg'}>{event.text}</Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A CPF's or CNPJ's shipments, sent or received: number, where each stands, destination city and
 * promise. Nothing that names a person or a place beyond the city.
 */
function DocumentShipments({ lookup }: { lookup: TrackingLookup }) {
  const shipments = lookup.shipments ?? [];
  return (
    <Box mt="2" mb="4">
      <Text fontWeight="semibold" mb="2" id="remessas-documento">
        Remessas com este documento
      </Text>
      <Box as="ul" listStyleType="none" aria-labelledby="remessas-documento" fontSize="sm">
        {shipments.map((s, i) => (
          <Box
            as="li"
            key={s.number}
            py="2"
            borderBottomWidth={i < shipments.length - 1 ? '1px' : '0'}
          >
            <Link href={`/rastrear?numero=${s.number}`} fontWeight="semibold" fontSize="md">
              {displayTrackingNumber(s.number)}
            </Link>
            <Text>{shipmentStateLabel(s)}</Text>
            {(s.destination || s.promisedDate) && (
              <Text color="fg.muted">
                {[
                  s.destination && `Destino: ${s.destination}`,
                  s.promisedDate && `Previsão: ${formatDay(s.promisedDate)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
