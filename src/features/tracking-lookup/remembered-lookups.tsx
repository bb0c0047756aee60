import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { displayTrackingNumber } from '../../domain/masks';
import { timeAgo } from '../../domain/time';
import { db, type TrackingLookup } from '../../lib/db';
import { forgetLookup, markSeen } from '../../lib/lookups';
import { lastStageLabel } from './labels';

/**
 * 'Meus rastreios': the numbers this device looked up, newest first; one whose stages moved since
 * the person last looked carries 'Novidade' until opened.
 */
export default function RememberedLookups({
  onOpen,
  onRefresh,
}: {
  onOpen: (lookup: TrackingLookup) => void;
  onRefresh: (number: string) => void;
}) {
  const remembered = useLiveQuery(() => db.lookups.orderBy('fetchedAt').reverse().toArray(), []);
  return remembered && remembered.length > 0 ? (
    <Box as="section" aria-labelledby="meus-rastreios">
      <Heading id="meus-rastreios" as="h2" size="lg" mb="3">
        Meus rastreios
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none">
        {remembered.map((item) => (
          <Flex
            as="li"
            key={item.number}
            borderWidth="1px"
            borderRadius="lg"
            p="3"
            gap="3"
            align="center"
            wrap="wrap"
          >
            <Box flex="1" minW="40">
              <Button
                variant="plain"
                p="0"
                h="auto"
                fontWeight="bold"
                onClick={() => {
                  onOpen(item);
                  void markSeen(item.number);
                }}
              >
                {displayTrackingNumber(item.number)}
              </Button>
              {item.changedAt && (
                <Badge colorPalette="green" variant="solid" ms="2" data-testid="changed-mark">
                  Novidade
                </Badge>
              )}
              <Text fontSize="sm">{lastStageLabel(item)}</Text>
              <Text fontSize="xs" color="fg.muted">
                Atualizado {timeAgo(item.fetchedAt)}
              </Text>
            </Box>
            <HStack>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRefresh(item.number)}
                aria-label={`Atualizar ${item.number}`}
              >
                Atualizar
              </Button>
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                onClick={() => void forgetLookup(item.number)}
                aria-label={`Remover ${item.number}`}
              >
                Remover
              </Button>
            </HStack>
          </Flex>
        ))}
      </Stack>
    </Box>
  ) : null;
}
