import { Badge, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../lib/db';
import { useLocation } from 'react-router-dom';
import { toaster } from '../../components/toaster';
import { deliveredNotice, takeDeliveredNotices } from '../../offline';
import { deliveredMessage } from '../../offline/messages';
import { useThrottledQuery } from '../../hooks/use-throttled-query';
import { OutboxEntry } from './outbox-entry';
import { StorageLine } from './storage-line';

/** Header badge: how many submissions wait on this device; opens the list of pending and failed ones. */
export default function OutboxBadge() {
  const { pathname } = useLocation();
  // Open for the page it was opened on: following 'Digitar a senha' (or any link) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  // Counts for the badge, at most twice a second; the items themselves only while the panel is
  // open. Recounting a long queue on every write made delivering thousands grow quadratically.
  // Two single-key counts, which the browser answers by itself: Dexie counts an `anyOf` by
  // stepping a cursor through every item in JavaScript (half a second for 5,000 queued quotes,
  // twice a second, slowing their delivery while the queue was long).
  const pending = useThrottledQuery(
    'outbox',
    async () =>
      (await db.outbox.where('state').equals('pending').count()) +
      (await db.outbox.where('state').equals('sending').count()),
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
