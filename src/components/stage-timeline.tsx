import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../domain/format';
import { TRACKING_STAGES, type TrackingStage } from '../domain/stages';

/**
 * The four stages top to bottom: reached ones marked with when, the rest visibly pending. A stage
 * nobody marked before a later one was reached (a driver delivered without ticking the others) is
 * past, not pending: 'Não registrada'.
 */
export function StageTimeline({
  stages,
  stageTimes,
}: {
  stages: TrackingStage[];
  stageTimes: Record<string, string>;
}) {
  return (
    <Stack as="ol" gap="0" listStyleType="none" aria-label="Etapas da entrega">
      {TRACKING_STAGES.map(({ stage, label }, index) => {
        const done = stages.includes(stage);
        const skipped = !done && stages.some((s) => s > stage);
        const at = stageTimes[String(stage)];
        return (
          <Flex
            as="li"
            key={stage}
            gap="3"
            data-state={done ? 'done' : skipped ? 'skipped' : 'pending'}
            aria-label={`${label}: ${done ? 'concluída' : skipped ? 'não registrada' : 'pendente'}`}
          >
            <Flex direction="column" align="center">
              <Box
                w="7"
                h="7"
                borderRadius="full"
                display="grid"
                placeItems="center"
                fontWeight="bold"
                fontSize="sm"
                bg={done ? 'green.600' : 'bg'}
                color={done ? 'white' : 'fg.muted'}
                borderWidth="2px"
                borderColor={done ? 'green.600' : 'border.emphasized'}
                aria-hidden="true"
              >
                {done ? '✓' : stage}
              </Box>
              {index < TRACKING_STAGES.length - 1 && (
                <Box w="2px" flex="1" minH="6" bg={done ? 'green.600' : 'border'} />
              )}
            </Flex>
            <Box pb="5">
              <Text fontWeight={done ? 'semibold' : 'normal'} color={done ? 'fg' : 'fg.muted'}>
                {label}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {done
                  ? at
                    ? formatDateTime(at)
                    : 'Concluída'
                  : skipped
                    ? 'Não registrada'
                    : 'Pendente'}
              </Text>
            </Box>
          </Flex>
        );
      })}
    </Stack>
  );
}
