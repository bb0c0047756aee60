import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { memo } from 'react';
import { displayTrackingNumber, formatDateTime, timeAgo } from '../../../domain';
import { db, STAFF_KINDS, type OutboxItem } from '../../../lib/db';
import { discardItem, type TrackingPayload } from '../../../offline';
import { waitingLine } from '../../../offline/messages';
import { useMinute } from '../../../hooks/use-minute';

const isStaffItem = (item: OutboxItem) => STAFF_KINDS.includes(item.kind);

/**
 * Where the phone's list and work stand: how fresh the kept list is, one calm line on what waits
 * ('Tudo enviado às 14:32', '3 alterações e 2 fotos aguardando sinal'), and the changes the server
 * did not apply (a number deleted meanwhile, bad input), said until put away.
 */
export const ChangesStatus = memo(function ChangesStatus({
  offline,
  syncedAt,
  waitingChanges,
}: {
  offline: boolean;
  syncedAt: number | undefined;
  waitingChanges: number;
}) {
  useMinute();
  const photosWaiting = useLiveQuery(
    () =>
      db.outbox
        .where('kind')
        .equals('trackingPhoto')
        .and((i) => i.state === 'pending' || i.state === 'sending')
        .count(),
    [],
  );
  // Both read by state (an index of state and creation time), not by kind: each runs again on
  // every change of what it read, and sent changes stay on the device for a day, thousands of
  // them after an office's day, all read again on every write while a queue drained. The newest
  // sent ones are enough for the last time something was sent (a queue goes oldest first).
  const lastSentAt = useLiveQuery(async () => {
    const sent = await db.outbox
      .where('[state+createdAt]')
      .between(['sent', -Infinity], ['sent', Infinity])
      .reverse()
      .and(isStaffItem)
      .limit(20)
      .toArray();
    return sent.reduce((max, i) => Math.max(max, i.sentAt ?? 0), 0) || null;
  }, []);
  const refused = useLiveQuery(
    () =>
      db.outbox
        .where('[state+createdAt]')
        .between(['failed', -Infinity], ['failed', Infinity])
        .and(isStaffItem)
        .toArray(),
    [],
  );
  const line = waitingLine(
    waitingChanges,
    photosWaiting ?? 0,
    lastSentAt ?? null,
    offline || !navigator.onLine,
  );
  return (
    <>
      <Text role="status" fontSize="sm" color={offline ? 'orange.fg' : 'fg.muted'}>
        {syncedAt
          ? offline
            ? `Sem conexão: lista guardada neste aparelho, atualizada ${timeAgo(syncedAt)} (${formatDateTime(new Date(syncedAt))}).`
            : `Lista atualizada ${timeAgo(syncedAt)}.`
          : offline
            ? 'Sem conexão, e a lista ainda não foi baixada neste aparelho.'
            : ''}
      </Text>
      {line && (
        <Text role="status" fontSize="sm" data-testid="envio">
          {line}
        </Text>
      )}
      {refused && refused.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Mudanças não aplicadas">
          {refused.map((item) => {
            const number =
              (item.payload as unknown as TrackingPayload).change?.number ??
              String(item.payload.number ?? '');
            const fields = Object.values(item.fieldErrors ?? {});
            return (
              <Flex
                as="li"
                key={item.id}
                role="alert"
                gap="3"
                align="center"
                justify="space-between"
                borderWidth="1px"
                borderColor="red.muted"
                bg="red.subtle"
                borderRadius="md"
                p="3"
              >
                <Box fontSize="sm">
                  <Text fontWeight="semibold">{displayTrackingNumber(number)}</Text>
                  <Text>{fields.length ? fields.join('; ') : item.lastError}</Text>
                </Box>
                <Button size="xs" variant="outline" onClick={() => void discardItem(item.id)}>
                  Entendi
                </Button>
              </Flex>
            );
          })}
        </Stack>
      )}
    </>
  );
});
