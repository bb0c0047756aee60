import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { formatDateTime, formatDateTimeBrasilia } from '../../domain/format';
import { displayTrackingNumber } from '../../domain/masks';
import { TRACKING_STAGES } from '../../domain/stages';
import { pickupRoute } from '../../domain/shipments';
import type { FixedPickupPlace } from '../../domain/submission-mails';
import { useHydrated } from '../../hooks/use-hydrated';
import { useLive } from '../../hooks/use-live';
import { useSession } from '../../hooks/use-session';
import { clientApi, failureKind, onRealtimeReconnect } from '../../lib/pocketbase';
import { ClientHeader } from './client-nav';
import { useOwnCompany } from './own-company';

/** What the client sees of one request and of the shipment it became. */
interface MyRequest {
  id: string;
  number: number;
  created: string;
  cidade: string;
  saiLocalColeta?: string;
  estado: string;
  shipmentNumber: string;
  shipmentStage: number;
  shipmentDeliveredTo: string;
  shipmentDeliveredAt: string;
  requestedBy?: string;
}

const FIELDS =
  'id,number,created,cidade,estado,saiLocalColeta,shipmentNumber,shipmentStage,shipmentDeliveredTo,shipmentDeliveredAt,requestedBy';
/** The last list, kept on the device to show with no signal. */
const KEY = 'rv_my_requests';

function kept(): { items: MyRequest[]; savedAt: number } | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      items: MyRequest[];
      savedAt: number;
    } | null;
  } catch {
    return null;
  }
}

const hhmm = (ms: number) =>
  new Date(ms).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

/**
 * 'Minhas solicitações': the corporate client's pickup requests, newest first, each with what
 * became of it. Live while open (the server copies each new stage onto the request); with no
 * signal, the last list with the time it was fetched.
 */
export default function MyRequestsPage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  return <MyRequests />;
}

function MyRequests() {
  const site = useOwnCompany();
  const [list, setList] = useState(kept);
  const [offline, setOffline] = useState(false);

  const load = useCallback(async () => {
    try {
      const page = await clientApi.collection('pickup_requests').getList<MyRequest>(1, 200, {
        sort: '-created,-id',
        fields: FIELDS,
        requestKey: null,
      });
      const next = { items: page.items, savedAt: Date.now() };
      localStorage.setItem(KEY, JSON.stringify(next));
      setList(next);
      setOffline(false);
    } catch (error) {
      if (failureKind(error) === 'offline') setOffline(true);
    }
  }, []);

  // Live: a change to one of the company's requests (a shipment's stage, say) reloads the list;
  // after a lost connection, the list is loaded again for what changed meanwhile.
  const follow = useCallback(async () => {
    const stopReconnect = await onRealtimeReconnect(clientApi, () => void load());
    const stop = await clientApi
      .collection('pickup_requests')
      .subscribe('*', () => void load(), { fields: FIELDS });
    return () => {
      void stop();
      void stopReconnect();
    };
  }, [load]);
  useLive(follow, load);

  return (
    <Stack gap="5">
      <ClientHeader title="Minhas solicitações" />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Text role="status" fontSize="sm" color={offline ? 'orange.fg' : 'fg.muted'}>
          {list
            ? offline
              ? `Sem conexão: lista atualizada às ${hhmm(list.savedAt)}.`
              : `Lista atualizada às ${hhmm(list.savedAt)}.`
            : offline
              ? 'Sem conexão, e a lista ainda não foi baixada neste aparelho.'
              : 'Carregando...'}
        </Text>
      </Flex>
      {list && list.items.length === 0 && <Text>Nenhuma solicitação ainda.</Text>}
      {list && list.items.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Minhas solicitações">
          {list.items.map((item) => (
            <RequestItem key={item.id} item={item} site={site} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function RequestItem({ item, site }: { item: MyRequest; site: FixedPickupPlace }) {
  const stage = TRACKING_STAGES.find((s) => s.stage === item.shipmentStage)?.label;
  // Where it is collected and where it goes: the client's fixed site is one end of every pickup.
  const route = pickupRoute({ ...item }, site);
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      aria-label={`Solicitação nº ${item.number}`}
    >
      <Flex justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="bold">Solicitação nº {item.number}</Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDateTime(item.created)}
        </Text>
      </Flex>
      <Text fontSize="sm">
        Coleta em {route.from || '—'} · Entrega em {route.to || '—'}
      </Text>
      {item.requestedBy && (
        <Text fontSize="sm" color="fg.muted">
          Pedida por {item.requestedBy}
        </Text>
      )}
      {item.shipmentNumber ? (
        <Box mt="2" fontSize="sm">
          <Text>
            Remessa{' '}
            <Link asChild fontWeight="semibold" color="brand.fg">
              <RouterLink to={`${paths.tracking}?numero=${item.shipmentNumber}`}>
                {displayTrackingNumber(item.shipmentNumber)}
              </RouterLink>
            </Link>
            {' — '}
            {stage ?? 'aguardando coleta'}
          </Text>
          {item.shipmentDeliveredTo && item.shipmentDeliveredAt && (
            <>
              <Text color="green.fg" fontWeight="semibold">
                Entregue a {item.shipmentDeliveredTo} em{' '}
                {formatDateTimeBrasilia(item.shipmentDeliveredAt)}
              </Text>
              <Link asChild fontWeight="semibold" color="brand.fg">
                <RouterLink to={`${paths.deliveryProof}?numero=${item.shipmentNumber}`}>
                  Comprovante de entrega
                </RouterLink>
              </Link>
            </>
          )}
        </Box>
      ) : (
        <Text mt="2" fontSize="sm" color="fg.muted">
          Recebida
        </Text>
      )}
    </Box>
  );
}
