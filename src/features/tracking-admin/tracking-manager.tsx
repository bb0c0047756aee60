import {
  Box,
  Button,
  Checkbox,
  Dialog,
  Field,
  Flex,
  HStack,
  Input,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import { toaster } from '../../components/toaster';
import {
  checkField,
  displayTrackingNumber,
  normalizeTrackingNumber,
  toggleStage,
  TRACKING_NUMBER_RULE,
  TRACKING_STAGES,
  type TrackingStage,
} from '../../domain';
import { fieldCodes, fieldMessages } from '../../lib/pocketbase';
import {
  followTracking,
  listTracking,
  registerNumber,
  removeNumber,
  setStages,
  endedStaffSession,
  type TrackingRecord,
} from './api';
import { useLive } from './use-live';

const ERROR_LOADING = 'Erro ao carregar os rastreamentos';

export function TrackingManager() {
  const [records, setRecords] = useState<TrackingRecord[] | null>(null);
  const [number, setNumber] = useState('');
  const [filter, setFilter] = useState('');
  const [toDelete, setToDelete] = useState<TrackingRecord | null>(null);
  const [registering, setRegistering] = useState(false);

  const reload = useCallback(async () => {
    try {
      setRecords(await listTracking());
    } catch (error) {
      if (!endedStaffSession(error)) toaster.create({ title: ERROR_LOADING, type: 'error' });
    }
  }, []);

  // Live: every change made on another phone reloads the list; so does a realtime reconnection.
  const follow = useCallback(
    () =>
      followTracking(
        () => void reload(),
        () => void reload(),
      ),
    [reload],
  );
  useLive(follow, reload);

  const register = async (e: FormEvent) => {
    e.preventDefault();
    const message = checkField(TRACKING_NUMBER_RULE, number, {});
    if (message) {
      toaster.create({ title: message, type: 'warning' });
      return;
    }
    if (records?.some((r) => r.number === number)) {
      toaster.create({ title: 'Este número já foi registrado', type: 'error' });
      return;
    }
    setRegistering(true);
    try {
      await registerNumber(number);
      setNumber('');
      toaster.create({ title: 'Número registrado com sucesso', type: 'success' });
      await reload();
    } catch (error) {
      if (endedStaffSession(error)) return;
      const codes = fieldCodes(error);
      const duplicate =
        codes.number === 'validation_not_unique' ||
        /registrado/.test(fieldMessages(error).number ?? '');
      toaster.create({
        title: duplicate ? 'Este número já foi registrado' : 'Erro ao registrar o número',
        type: 'error',
      });
    } finally {
      setRegistering(false);
    }
  };

  const toggle = async (record: TrackingRecord, stage: TrackingStage) => {
    const next = toggleStage(record.stages, stage);
    setRecords((rs) => rs?.map((r) => (r.id === record.id ? { ...r, stages: next } : r)) ?? rs);
    try {
      const saved = await setStages(record.id, next);
      setRecords((rs) => rs?.map((r) => (r.id === saved.id ? saved : r)) ?? rs);
      toaster.create({ title: 'Status atualizado com sucesso', type: 'success', duration: 2000 });
    } catch (error) {
      if (endedStaffSession(error)) return;
      toaster.create({ title: 'Erro ao atualizar o status', type: 'error' });
      await reload();
    }
  };

  const confirmDelete = async () => {
    const record = toDelete;
    setToDelete(null);
    if (!record) return;
    try {
      await removeNumber(record.id);
      setRecords((rs) => rs?.filter((r) => r.id !== record.id) ?? rs);
      toaster.create({ title: 'Número removido com sucesso', type: 'success' });
    } catch (error) {
      if (endedStaffSession(error)) return;
      toaster.create({ title: 'Erro ao remover o número', type: 'error' });
    }
  };

  const shown = (records ?? []).filter((r) => r.number.includes(normalizeTrackingNumber(filter)));

  return (
    <Stack gap="6">
      <form onSubmit={register} noValidate>
        <HStack w="full" align="end">
          <Field.Root flex="1">
            <Field.Label>Novo número de rastreio</Field.Label>
            <Input
              value={number}
              onChange={(e) => setNumber(normalizeTrackingNumber(e.target.value))}
              inputMode="numeric"
              placeholder="Somente números"
              maxLength={32}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={registering}>
            Registrar
          </Button>
        </HStack>
      </form>

      <Field.Root>
        <Field.Label>Filtrar por número</Field.Label>
        <Input value={filter} onChange={(e) => setFilter(e.target.value)} inputMode="numeric" />
      </Field.Root>

      {records === null ? (
        <Text role="status">Carregando...</Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">
          {records.length === 0
            ? 'Nenhum número registrado.'
            : 'Nenhum número corresponde ao filtro.'}
        </Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Números registrados">
          {shown.map((record) => (
            <Box
              as="li"
              key={record.id}
              borderWidth="1px"
              borderRadius="lg"
              p="4"
              aria-label={`Rastreio ${record.number}`}
            >
              <Flex justify="space-between" align="center" mb="3" gap="2">
                <Box>
                  <Text fontWeight="bold" fontSize="lg">
                    {displayTrackingNumber(record.number)}
                  </Text>
                  {record.registeredBy && (
                    <Text fontSize="sm" color="fg.muted">
                      Registrado por {record.registeredBy}
                    </Text>
                  )}
                </Box>
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setToDelete(record)}
                  aria-label={`Excluir ${record.number}`}
                >
                  Excluir
                </Button>
              </Flex>
              <Stack gap="2">
                {TRACKING_STAGES.map(({ stage, label }) => (
                  <Checkbox.Root
                    key={stage}
                    checked={record.stages.includes(stage)}
                    onCheckedChange={() => void toggle(record, stage)}
                    colorPalette="green"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {stage}. {label}
                      {record.stageBy[stage] && (
                        <Text as="span" color="fg.muted" fontSize="sm">
                          {' '}
                          — por {record.stageBy[stage]}
                        </Text>
                      )}
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}

      <Dialog.Root
        role="alertdialog"
        open={toDelete !== null}
        onOpenChange={(e) => !e.open && setToDelete(null)}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Excluir número</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>
                  Excluir o rastreio {toDelete ? displayTrackingNumber(toDelete.number) : ''}? Esta
                  ação não pode ser desfeita.
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setToDelete(null)}>
                  Cancelar
                </Button>
                <Button colorPalette="red" onClick={() => void confirmDelete()}>
                  Excluir
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
