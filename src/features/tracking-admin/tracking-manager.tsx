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
import { useLiveQuery } from 'dexie-react-hooks';
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
import { formatDateTime, timeAgo } from '../../domain';
import { db } from '../../lib/db';
import { failureKind, fieldCodes, fieldMessages } from '../../lib/pocketbase';
import {
  followTracking,
  registerNumber,
  removeNumber,
  setStages,
  endedStaffSession,
  type TrackingRecord,
} from './api';
import { forgetTracking, keepTracking, syncTracking } from './tracking-sync';
import { useLive } from './use-live';

const ERROR_LOADING = 'Erro ao carregar os rastreamentos';
/** Rows drawn at once; the rest come with 'Mostrar mais' (thousands of numbers stay smooth). */
const SHOWN = 100;

export function TrackingManager() {
  // The list lives on the device: it opens with no signal and follows every change.
  const records = useLiveQuery(() => db.staffTracking.orderBy('created').reverse().toArray(), []);
  const sync = useLiveQuery(() => db.staffSync.get('tracking'), []);
  const [number, setNumber] = useState('');
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(SHOWN);
  const [toDelete, setToDelete] = useState<TrackingRecord | null>(null);
  const [registering, setRegistering] = useState(false);
  const [offline, setOffline] = useState(false);
  // Stages being saved, shown at once; on failure the box goes back to what the server has.
  const [saving, setSaving] = useState<Record<string, TrackingStage[]>>({});

  const reload = useCallback(async () => {
    try {
      await syncTracking();
      setOffline(false);
    } catch (error) {
      if (endedStaffSession(error)) return;
      if (failureKind(error) === 'offline') setOffline(true);
      else toaster.create({ title: ERROR_LOADING, type: 'error' });
    }
  }, []);

  // Live: each change made on another phone is applied to this one as it comes; after a lost
  // connection, only what changed meanwhile is fetched.
  const follow = useCallback(
    () =>
      followTracking(
        (action, record) =>
          void (action === 'delete' ? forgetTracking(record.id) : keepTracking(record)),
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
      await keepTracking(await registerNumber(number));
      setNumber('');
      toaster.create({ title: 'Número registrado com sucesso', type: 'success' });
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

  // The box shows what the server has: ticked once saved, never left ticked when it was not.
  const toggle = async (record: TrackingRecord, stage: TrackingStage) => {
    const next = toggleStage(saving[record.id] ?? record.stages, stage);
    setSaving((s) => ({ ...s, [record.id]: next }));
    try {
      await keepTracking(await setStages(record.id, next));
      toaster.create({ title: 'Status atualizado com sucesso', type: 'success', duration: 2000 });
    } catch (error) {
      if (endedStaffSession(error)) return;
      toaster.create({
        title: 'Erro ao atualizar o status',
        description:
          failureKind(error) === 'offline'
            ? 'Sem conexão: marque de novo quando o sinal voltar.'
            : undefined,
        type: 'error',
      });
    } finally {
      setSaving(({ [record.id]: _done, ...rest }) => rest);
    }
  };

  const confirmDelete = async () => {
    const record = toDelete;
    setToDelete(null);
    if (!record) return;
    try {
      await removeNumber(record.id);
      await forgetTracking(record.id);
      toaster.create({ title: 'Número removido com sucesso', type: 'success' });
    } catch (error) {
      if (endedStaffSession(error)) return;
      toaster.create({ title: 'Erro ao remover o número', type: 'error' });
    }
  };

  const needle = normalizeTrackingNumber(filter);
  const matching = needle ? (records ?? []).filter((r) => r.number.includes(needle)) : records;
  const shown = (matching ?? []).slice(0, limit);

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
        <Input
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setLimit(SHOWN);
          }}
          inputMode="numeric"
        />
      </Field.Root>

      <Text role="status" fontSize="sm" color={offline ? 'orange.fg' : 'fg.muted'}>
        {sync
          ? offline
            ? `Sem conexão: lista guardada neste aparelho, atualizada ${timeAgo(sync.syncedAt)} (${formatDateTime(new Date(sync.syncedAt))}).`
            : `Lista atualizada ${timeAgo(sync.syncedAt)}.`
          : offline
            ? 'Sem conexão, e a lista ainda não foi baixada neste aparelho.'
            : ''}
      </Text>

      {records === undefined || (!sync && records.length === 0 && !offline) ? (
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
                    checked={(saving[record.id] ?? record.stages).includes(stage)}
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

      {(matching?.length ?? 0) > shown.length && (
        <Box>
          <Button variant="outline" onClick={() => setLimit((n) => n + SHOWN)}>
            Mostrar mais ({(matching?.length ?? 0) - shown.length} restantes)
          </Button>
        </Box>
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
