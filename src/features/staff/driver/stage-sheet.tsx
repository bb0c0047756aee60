import { Box, Button, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import {
  DELIVERED_STAGE,
  displayTrackingNumber,
  SHIPMENT_MESSAGES,
  todayInBrazil,
  TRACKING_STAGES,
  type ShownRow,
  type TrackingStage,
} from '../../../domain';
import { stageMarkText } from '../../../domain/driver-stops';
import { THUMB_TARGETS } from '../tracking/thumb';

/**
 * 'Atualizar etapa': a stop's four stages as large toggles in a sheet from the bottom of the
 * screen, where the thumb is, each saying whether it is marked and by whom. The office's card ticks
 * small check boxes at a desk; on a phone in a van four boxes 28 px apart were hit one for another.
 * A stage marked or cleared here is kept at once (the sheet stays open and shows it);
 * 'Encomenda entregue' goes on to ask who received it (`onToggle` decides).
 */
export function StageSheet({
  row,
  onToggle,
  onClose,
}: {
  row: ShownRow;
  onToggle: (row: ShownRow, stage: TrackingStage) => void;
  onClose: () => void;
}) {
  const today = todayInBrazil();
  const id = useId();
  const who = String(row.shipment?.recipientName ?? '');
  return (
    <Drawer.Root open placement="bottom" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" css={THUMB_TARGETS} data-testid="etapas">
            <Drawer.Header pb="2">
              <Stack gap="1">
                <Drawer.Title>Atualizar etapa</Drawer.Title>
                <Drawer.Description fontSize="sm" color="fg.muted">
                  {row.number ? displayTrackingNumber(row.number) : SHIPMENT_MESSAGES.provisional}
                  {who ? ` · Para ${who}` : ''}
                </Drawer.Description>
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="ul" gap="3" listStyleType="none" aria-label="Etapas">
                {TRACKING_STAGES.map(({ stage, label }) => {
                  const done = row.stages.includes(stage);
                  const note =
                    stageMarkText(row, stage, today) ??
                    (stage === DELIVERED_STAGE
                      ? 'Toque para registrar quem recebeu'
                      : 'Não marcada: toque para marcar');
                  return (
                    <li key={stage}>
                      <Button
                        width="full"
                        height="auto"
                        minH="14"
                        py="2"
                        justifyContent="flex-start"
                        textAlign="start"
                        whiteSpace="normal"
                        variant={done ? 'subtle' : 'outline'}
                        colorPalette={done ? 'green' : 'gray'}
                        aria-pressed={done}
                        aria-label={`${stage}. ${label}`}
                        aria-describedby={`${id}-${stage}`}
                        onClick={() => onToggle(row, stage)}
                      >
                        <Box
                          as="span"
                          aria-hidden="true"
                          flexShrink={0}
                          display="inline-flex"
                          alignItems="center"
                          justifyContent="center"
                          boxSize="7"
                          borderRadius="full"
                          borderWidth="2px"
                          borderColor={done ? 'green.solid' : 'border.emphasized'}
                          bg={done ? 'green.solid' : 'transparent'}
                          color="white"
                          fontSize="sm"
                        >
                          {done ? '✓' : ''}
                        </Box>
                        <Stack as="span" gap="0.5">
                          <Text as="span" fontWeight="semibold">
                            {stage}. {label}
                          </Text>
                          <Text as="span" id={`${id}-${stage}`} fontSize="xs" fontWeight="normal">
                            {note}
                          </Text>
                        </Stack>
                      </Button>
                    </li>
                  );
                })}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button size="lg" variant="outline" onClick={onClose}>
                Fechar
              </Button>
            </Drawer.Footer>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
