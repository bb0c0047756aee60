import {
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  HStack,
  List,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../domain';
import { db, type OutboxItem } from '../../lib/db';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';
import {
  deliveredNotice,
  discardItem,
  kindLabel,
  retryItem,
  takeDeliveredNotices,
} from '../../offline';
import { deliveredMessage } from '../../offline/messages';
import { keepStorage, storageState, type StorageState } from '../../lib/storage';
import { useThrottledQuery } from '../../lib/use-throttled-query';

function stateText(item: OutboxItem): string {
  if (item.state === 'failed') return 'Não aceito pelo servidor';
  if (item.needsAuth) {
    return item.kind === 'tracking'
      ? 'Aguardando você entrar de novo na área da equipe'
      : 'Aguardando você entrar de novo com a senha de acesso';
  }
  if (item.state === 'sending') return 'Enviando...';
  return item.attempts > 0 ? 'Aguardando conexão para reenviar' : 'Aguardando envio';
}

/** Where each kind of submission is typed: a refused one is opened back there to be corrected. */
const FORM_OF: Partial<Record<OutboxItem['kind'], string>> = {
  quote: paths.quote,
  urgent: paths.urgent,
  pickup: paths.pickupRequest,
};

function OutboxEntry({ item }: { item: OutboxItem }) {
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      aria-label={`${kindLabel(item.kind)} de ${formatDateTime(new Date(item.createdAt))}`}
    >
      <Text fontWeight="semibold">{kindLabel(item.kind)}</Text>
      <Text fontSize="sm" color="fg.muted">
        Feita em {formatDateTime(new Date(item.createdAt))}
      </Text>
      <Text fontSize="sm" color={item.state === 'failed' ? 'red.fg' : 'fg'}>
        {stateText(item)}
      </Text>
      {item.needsAuth && (
        <Button asChild size="xs" mt="2" colorPalette="brand">
          <RouterLink to={item.kind === 'tracking' ? paths.trackingAdmin : paths.access}>
            {item.kind === 'tracking' ? 'Entrar de novo' : 'Digitar a senha'}
          </RouterLink>
        </Button>
      )}
      {item.state === 'pending' && (
        <Button
          size="xs"
          mt="2"
          variant="outline"
          colorPalette="red"
          onClick={() => void discardItem(item.id)}
        >
          Cancelar envio
        </Button>
      )}
      {item.state === 'failed' && (
        <>
          {item.lastError && <Text fontSize="sm">{item.lastError}</Text>}
          {item.fieldErrors && Object.keys(item.fieldErrors).length > 0 && (
            <List.Root ps="5" fontSize="sm" color="red.fg">
              {Object.entries(item.fieldErrors).map(([field, message]) => (
                <List.Item key={field}>{message}</List.Item>
              ))}
            </List.Root>
          )}
          <HStack mt="2" wrap="wrap">
            {FORM_OF[item.kind] && (
              <Button asChild size="xs" colorPalette="brand">
                <RouterLink to={`${FORM_OF[item.kind]}?envio=${item.id}`}>
                  Abrir no formulário
                </RouterLink>
              </Button>
            )}
            <Button size="xs" variant="outline" onClick={() => void retryItem(item.id)}>
              Tentar de novo
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => void discardItem(item.id)}
            >
              Descartar
            </Button>
          </HStack>
        </>
      )}
    </Box>
  );
}

/** How much this site keeps on the device, and whether the browser promised to keep it. */
function StorageLine() {
  const [state, setState] = useState<StorageState | null>(null);
  useEffect(() => {
    void keepStorage().then(storageState).then(setState);
  }, []);
  if (!state) return null;
  const mb = (state.usage / 1024 / 1024).toFixed(1).replace('.', ',');
  return (
    <Text fontSize="sm" color="fg.muted" mb="3" data-testid="storage-line">
      Guardado neste aparelho: {mb} MB.{' '}
      {state.persisted
        ? 'O navegador não vai apagar estes dados.'
        : 'O navegador pode apagar dados sem uso se faltar espaço: envie assim que puder.'}
    </Text>
  );
}

/** Header badge: how many submissions wait on this device; opens the list of pending and failed ones. */
export default function OutboxBadge() {
  const { pathname } = useLocation();
  // Open for the page it was opened on: following 'Digitar a senha' (or any link) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  // Counts for the badge, at most twice a second; the items themselves only while the panel is
  // open. Recounting a long queue on every write made delivering thousands grow quadratically.
  const pending = useThrottledQuery(
    'outbox',
    () => db.outbox.where('state').anyOf('pending', 'sending').count(),
    0,
  );
  const failed = useThrottledQuery(
    'outbox',
    () => db.outbox.where('state').equals('failed').count(),
    0,
  );
  const items = useLiveQuery(
    () =>
      open
        ? db.outbox.where('state').anyOf('pending', 'sending', 'failed').sortBy('createdAt')
        : [],
    [open],
  );
  const delivered = useThrottledQuery(
    'outbox',
    () =>
      db.outbox
        .where('notice')
        .equals(1)
        .and((i) => i.state === 'sent')
        .count(),
    0,
  );

  // Something saved on the device has reached the company: say so, with the final number.
  useEffect(() => {
    if (!delivered) return;
    void takeDeliveredNotices().then((done) => {
      for (const item of done) {
        const notice = deliveredNotice(item);
        if (notice) toaster.create(deliveredMessage(notice));
      }
    });
  }, [delivered]);

  if (pending + failed === 0) return null;

  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end">
      <Drawer.Trigger asChild>
        <Button
          size="sm"
          variant="subtle"
          colorPalette={failed ? 'red' : 'orange'}
          aria-label={`Envios pendentes: ${pending}${failed ? `, recusados: ${failed}` : ''}`}
        >
          Envios
          <Badge
            colorPalette={failed ? 'red' : 'orange'}
            variant="solid"
            data-testid="outbox-count"
          >
            {pending + failed}
          </Badge>
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Envios guardados neste aparelho</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Text fontSize="sm" color="fg.muted" mb="3">
                Pedidos feitos sem conexão são enviados automaticamente quando o sinal volta.
              </Text>
              <StorageLine />
              <Stack as="ul" gap="2" listStyleType="none">
                {(items ?? []).map((item) => (
                  <OutboxEntry key={item.id} item={item} />
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
