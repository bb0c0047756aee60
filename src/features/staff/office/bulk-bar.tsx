import { Button, Dialog, Field, HStack, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { manifestLink, paths } from '../../../config/paths';
import { TRACKING_STAGES, DELIVERED_STAGE, type TrackingStage } from '../../../domain';
import type { Driver } from '../shipments/drivers';

/** An action on many, asked in a dialog before anything is changed. */
type Asked = 'assign' | 'stage' | null;

/**
 * What the office does with the shipments it selected: give them to a driver, mark a stage, print
 * their labels or the driver's romaneio. Works with no signal (the changes wait on the device).
 */
export function BulkBar({
  count,
  labelIds,
  drivers,
  manifestDriver,
  selectedIds,
  onAssign,
  onStage,
  onClear,
}: {
  count: number;
  /** The selected shipments that have a label to print (a final number). */
  labelIds: string[];
  drivers: Driver[];
  /** The driver all selected shipments share, when they do. */
  manifestDriver: string;
  selectedIds: string[];
  onAssign: (driver: string) => Promise<void>;
  onStage: (stage: TrackingStage, set: boolean) => Promise<void>;
  onClear: () => void;
}) {
  const [asked, setAsked] = useState<Asked>(null);
  const [driver, setDriver] = useState('');
  const [stage, setStage] = useState<string>('1');
  const [set, setSet] = useState(true);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    // Focus leaves the dialog's button before the outcome is drawn: the button is then removed
    // with the dialog, and a focused element removed in the middle of that draw made the browser
    // restyle the whole page once for the blur and once again at its end.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    setBusy(true);
    try {
      await action();
      setAsked(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      as="section"
      aria-label="Ações nas selecionadas"
      gap="2"
      p="3"
      borderWidth="1px"
      borderColor="brand.muted"
      borderRadius="lg"
      bg="brand.subtle"
      position="sticky"
      top="0"
      zIndex="2"
    >
      <Text fontWeight="semibold">
        {count === 1 ? '1 remessa selecionada' : `${count} remessas selecionadas`}
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="brand" onClick={() => setAsked('assign')}>
          Atribuir motorista
        </Button>
        <Button size="sm" variant="outline" bg="bg" onClick={() => setAsked('stage')}>
          Marcar etapa
        </Button>
        {labelIds.length > 0 && (
          <Button asChild size="sm" variant="outline" bg="bg">
            <RouterLink to={`${paths.labels}?remessas=${labelIds.join(',')}`}>
              {labelIds.length === 1
                ? 'Imprimir 1 etiqueta'
                : `Imprimir ${labelIds.length} etiquetas`}
            </RouterLink>
          </Button>
        )}
        <Button asChild size="sm" variant="outline" bg="bg">
          <RouterLink
            to={manifestLink(manifestDriver ? { driver: manifestDriver } : { ids: selectedIds })}
          >
            Romaneio
          </RouterLink>
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Limpar seleção
        </Button>
      </HStack>

      {asked && (
        <Dialog.Root open onOpenChange={(e) => !e.open && !busy && setAsked(null)}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>
                    {asked === 'assign'
                      ? `Atribuir ${count === 1 ? '1 remessa' : `${count} remessas`}`
                      : `Marcar etapa em ${count === 1 ? '1 remessa' : `${count} remessas`}`}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  {asked === 'assign' ? (
                    <Field.Root>
                      <Field.Label>Motorista</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={driver}
                          onChange={(e) => setDriver(e.target.value)}
                        >
                          <option value="">Sem motorista (tirar do motorista)</option>
                          {drivers.map((d) => (
                            <option key={d.id} value={d.id}>
                              {d.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  ) : (
                    <Stack gap="3">
                      <Field.Root>
                        <Field.Label>Etapa</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            value={stage}
                            onChange={(e) => setStage(e.target.value)}
                          >
                            {/* A delivery is recorded stop by stop, with who received it. */}
                            {TRACKING_STAGES.filter((s) => s.stage !== DELIVERED_STAGE).map((s) => (
                              <option key={s.stage} value={s.stage}>
                                {s.stage}. {s.label}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.HelperText>
                          A entrega se registra uma a uma, com o nome de quem recebeu.
                        </Field.HelperText>
                      </Field.Root>
                      <Field.Root>
                        <Field.Label>Ação</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            value={set ? 'marcar' : 'desmarcar'}
                            onChange={(e) => setSet(e.target.value === 'marcar')}
                          >
                            <option value="marcar">Marcar</option>
                            <option value="desmarcar">Desmarcar</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                    </Stack>
                  )}
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={() => setAsked(null)} disabled={busy}>
                    Cancelar
                  </Button>
                  <Button
                    colorPalette="brand"
                    loading={busy}
                    onClick={() =>
                      void run(() =>
                        asked === 'assign'
                          ? onAssign(driver)
                          : onStage(Number(stage) as TrackingStage, set),
                      )
                    }
                  >
                    {asked === 'assign' ? 'Atribuir' : 'Aplicar'}
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
    </Stack>
  );
}
