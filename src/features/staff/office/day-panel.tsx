import { Box, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { timeAgo } from '../../../domain';
import { SITUATIONS, type DayPanel as Panel, type Situation } from '../../../domain/office-view';

const PANEL_STYLES = {
  display: 'grid',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    xl: 'repeat(6, minmax(0, 1fr))',
  },
  gap: '2',
  '& button': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '0.5',
    minHeight: '16',
    padding: '3',
    borderWidth: '1px',
    borderRadius: 'lg',
    textAlign: 'start',
    cursor: 'pointer',
    bg: 'bg',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
  '& button[aria-pressed=true]': { borderColor: 'brand.solid', bg: 'brand.subtle' },
  '& button[data-tone=red] strong': { color: 'red.fg' },
  '& strong': { fontSize: '2xl', lineHeight: '1', fontWeight: 'bold' },
  '& span': { fontSize: 'sm', color: 'fg.muted' },
} as const;

/**
 * 'Painel do dia': the day's counts over the office's whole list (kept on this device and followed
 * live), each one a button that shows the list filtered to it, and each driver's progress.
 */
export function DayPanel({
  panel,
  chosen,
  onChoose,
  onDriver,
  driverName,
  offline,
  syncedAt,
}: {
  panel: Panel;
  chosen: Situation | undefined;
  onChoose: (situation: Situation | undefined) => void;
  onDriver: (driver: string) => void;
  driverName: (id: string) => string;
  offline: boolean;
  syncedAt: number | undefined;
}) {
  return (
    <Stack as="section" aria-labelledby="painel-do-dia" gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg" id="painel-do-dia">
          Painel do dia
        </Heading>
        <Text fontSize="sm" color={offline ? 'orange.fg' : 'fg.muted'} data-testid="idade-painel">
          {offline
            ? `Sem conexão: contagens da lista deste aparelho${syncedAt ? `, atualizada ${timeAgo(syncedAt)}` : ''}`
            : 'Ao vivo'}
        </Text>
      </HStack>
      <chakra.div css={PANEL_STYLES}>
        {SITUATIONS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            aria-pressed={chosen === key}
            data-tone={key === 'atrasadas' || key === 'pendencias' ? 'red' : undefined}
            onClick={() => onChoose(chosen === key ? undefined : key)}
            aria-label={`${label}: ${panel.counts[key]}`}
          >
            <strong>{panel.counts[key]}</strong>
            <span>{label}</span>
          </button>
        ))}
      </chakra.div>
      {panel.drivers.length > 0 && (
        <Box as="ul" listStyleType="none" fontSize="sm" aria-label="Motoristas hoje">
          {panel.drivers.map((d) => (
            <li key={d.driver}>
              <chakra.button
                type="button"
                onClick={() => onDriver(d.driver)}
                textDecoration="underline"
                cursor="pointer"
                minH="8"
              >
                {driverName(d.driver)}
              </chakra.button>
              : {d.left === 1 ? '1 parada a fazer' : `${d.left} paradas a fazer`},{' '}
              {d.deliveredToday === 1 ? '1 entregue hoje' : `${d.deliveredToday} entregues hoje`}
              {d.failedToday
                ? `, ${d.failedToday} não ${d.failedToday === 1 ? 'entregue' : 'entregues'} hoje`
                : ''}
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
