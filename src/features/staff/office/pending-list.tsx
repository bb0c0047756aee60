import { Box, Button, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useState } from 'react';
import {
  attemptsBadge,
  destinationOf,
  displayTrackingNumber,
  formatDateTime,
  PENDING_PIN,
  PIN_MESSAGES,
  SHIPMENT_MESSAGES,
  type ShownRow,
} from '../../../domain';
import { knownDrivers, refreshDrivers, type Driver } from '../shipments/drivers';
import { AttemptList } from '../tracking/row-parts';

type Decide = (row: ShownRow, decision: 'retry' | 'return', driver?: string) => void;

/**
 * One shipment whose attempts ran out: what happened, and the office's two ways out. Drawn again
 * only when its row changes (the office's screen draws often while a queue drains).
 */
const PendingItem = memo(function PendingItem({
  row,
  drivers,
  onDecide,
}: {
  row: ShownRow;
  drivers: Driver[];
  onDecide: Decide;
}) {
  const [driver, setDriver] = useState('');
  const number = row.number ? displayTrackingNumber(row.number) : SHIPMENT_MESSAGES.provisional;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor="red.muted"
      borderRadius="lg"
      p="4"
      aria-label={`Pendência ${row.number}`}
    >
      <Text fontWeight="bold">{number}</Text>
      {row.shipment && (
        <Text fontSize="sm">
          Para {String(row.shipment.recipientName)} — {destinationOf(row.shipment)}
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted" mb="2">
        {row.pendingReason === PENDING_PIN
          ? PIN_MESSAGES.pending
          : attemptsBadge(row.attempts.length)}{' '}
        · em pendências desde {formatDateTime(row.pendingSince.replace(' ', 'T'))}
        {row.waiting ? ' · aguardando envio' : ''}
      </Text>
      <AttemptList row={row} />
      <Stack gap="2" mt="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }}>
        <NativeSelect.Root size="sm" maxW={{ sm: '60' }}>
          <NativeSelect.Field
            aria-label={`Motorista da nova tentativa de ${row.number}`}
            value={driver}
            onChange={(e) => setDriver(e.currentTarget.value)}
          >
            <option value="">Sem motorista por enquanto</option>
            {drivers.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="brand" onClick={() => onDecide(row, 'retry', driver)}>
            Nova tentativa
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDecide(row, 'return')}>
            Devolver ao remetente
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
});

/**
 * Decisions drawn at once. Each is a card with its attempts, a driver's choice and two buttons: a
 * few dozen of them were most of the time 'Rastreamentos' took to open on a slow phone, and they
 * pushed the list out of sight. The rest come with a tap; the panel's 'Pendências' lists them all.
 */
const PENDING_SHOWN = 5;

/**
 * 'Pendências': the shipments whose delivery failed too often, for the office to send out again
 * (with a driver) or return to the sender. Each decision travels like any change, offline too.
 */
export const PendingList = memo(function PendingList({
  rows,
  onDecide,
}: {
  rows: ShownRow[];
  onDecide: Decide;
}) {
  const [drivers, setDrivers] = useState<Driver[]>(knownDrivers);
  const [everyOne, setEveryOne] = useState(false);
  useEffect(() => {
    if (rows.length) void refreshDrivers().then(setDrivers);
  }, [rows.length]);
  if (!rows.length) return null;
  const shown = everyOne ? rows : rows.slice(0, PENDING_SHOWN);
  return (
    <Stack gap="3" as="section" aria-labelledby="pendencias">
      <Heading id="pendencias" as="h2" size="lg">
        Pendências ({rows.length})
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Remessas que não puderam ser entregues depois das tentativas: decida o que fazer.
      </Text>
      <Stack as="ul" gap="3" listStyleType="none">
        {shown.map((row) => (
          <PendingItem key={row.id} row={row} drivers={drivers} onDecide={onDecide} />
        ))}
      </Stack>
      {shown.length < rows.length && (
        <Box>
          <Button size="sm" variant="outline" onClick={() => setEveryOne(true)}>
            Mostrar todas as {rows.length} pendências
          </Button>
        </Box>
      )}
    </Stack>
  );
});
