import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { manifestLink } from '../../../config/paths';
import {
  DELIVERED_STAGE,
  newChangeTime,
  normalizeTrackingNumber,
  shipmentNumberProblem,
  TRACKING_STAGES,
  type TrackingRow,
  type TrackingStage,
} from '../../../domain';
import {
  groupedNumber,
  loadScan,
  type LoadOutcome,
  type LoadTarget,
} from '../../../domain/loading';
import { db, type OutboxItem } from '../../../lib/db';
import { DEVICE_FULL, isQuotaError } from '../../../lib/storage';
import type { SubmitOutcome } from '../../../offline';
import { checkNow, sendChanges } from '../tracking/api';
import { CAMERA_TEXT, useLabelCamera } from '../tracking/scan-dialog';
import type { Driver } from '../shipments/drivers';
import { answerRead, prepareSound } from './scan-feedback';

/**
 * 'Carregar veículo': the office picks a driver (and a stage to mark, if any), then reads the
 * labels of the parcels going into his van one after another, with the camera or typing (a
 * hand-held scanner types the number and Enter). Each read is answered at once from the device's
 * list and its changes wait in the outbox, which sends them behind the office's back: a label a
 * second, with no signal too.
 */
export function LoadingDialog({
  rows,
  drivers,
  onClose,
}: {
  /** The office's list as shown (this device's waiting changes on top). */
  rows: readonly TrackingRow[];
  drivers: Driver[];
  onClose: () => void;
}) {
  const [target, setTarget] = useState<LoadTarget | null>(null);
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Carregar veículo</Dialog.Title>
            </Dialog.Header>
            {target ? (
              <Session target={target} rows={rows} drivers={drivers} onClose={onClose} />
            ) : (
              <Choose drivers={drivers} onStart={setTarget} onClose={onClose} />
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The driver whose van is loaded, and the stage each parcel gets (none: only the driver). */
function Choose({
  drivers,
  onStart,
  onClose,
}: {
  drivers: Driver[];
  onStart: (target: LoadTarget) => void;
  onClose: () => void;
}) {
  const [driver, setDriver] = useState('');
  const [stage, setStage] = useState('');
  const [error, setError] = useState('');
  const start = (e: FormEvent) => {
    e.preventDefault();
    if (!driver) {
      setError('Escolha o motorista.');
      return;
    }
    // The tap that starts: the only moment a browser lets the page make its sounds.
    prepareSound();
    onStart({ driver, stage: stage ? (Number(stage) as TrackingStage) : null });
  };
  return (
    <form onSubmit={start} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted">
            Cada etiqueta lida passa a remessa para o motorista escolhido. Remessas de outro
            motorista não são alteradas.
          </Text>
          <Field.Root invalid={Boolean(error)} required>
            <Field.Label>
              Motorista
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={driver}
                onChange={(e) => {
                  setDriver(e.target.value);
                  setError('');
                }}
              >
                <option value="">Escolha o motorista</option>
                {drivers.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {drivers.length === 0 && (
              <Field.HelperText>
                Nenhum motorista conhecido neste aparelho: abra esta tela uma vez com sinal.
              </Field.HelperText>
            )}
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Etapa a marcar em cada uma</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={stage} onChange={(e) => setStage(e.target.value)}>
                <option value="">Nenhuma (só atribuir)</option>
                {/* A delivery is recorded at the door, with who received it. */}
                {TRACKING_STAGES.filter((s) => s.stage !== DELIVERED_STAGE).map((s) => (
                  <option key={s.stage} value={s.stage}>
                    {s.stage}. {s.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" colorPalette="brand">
          Começar
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** A parcel loaded in this session. */
interface Loaded {
  number: string;
  recipient: string;
  place: string;
  /** Its changes in the outbox, once stored there. */
  items?: string[];
  /** What the outbox answered when they were stored (with a signal, once the server had them). */
  outcome?: SubmitOutcome['status'];
  /** Why they were not stored (a full device). */
  problem?: string;
}

type SendState = 'sending' | 'sent' | 'queued' | 'needs-auth' | 'failed' | 'lost';

/**
 * How far a loaded parcel's changes went, followed in the outbox after the answer: one loaded with
 * no signal says so until the outbox sends it, then that the server has it (or refused it).
 */
function sendState(
  entry: Loaded,
  found: ReadonlyMap<string, OutboxItem | null> | undefined,
): { state: SendState; problem?: string } {
  if (entry.problem) return { state: 'lost', problem: entry.problem };
  if (!entry.items || !entry.outcome) return { state: 'sending' };
  if (!found || entry.items.some((id) => !found.has(id))) {
    return { state: entry.outcome === 'failed' ? 'failed' : entry.outcome };
  }
  const items = entry.items.map((id) => found.get(id));
  const failed = items.find((i) => i?.state === 'failed');
  if (failed) {
    const fields = Object.values(failed.fieldErrors ?? {});
    return { state: 'failed', problem: fields.length ? fields.join('; ') : failed.lastError };
  }
  // Sent items are tidied away from the outbox.
  if (items.every((i) => !i || i.state === 'sent')) return { state: 'sent' };
  if (items.some((i) => i?.needsAuth)) return { state: 'needs-auth' };
  return { state: entry.outcome === 'sent' ? 'sending' : entry.outcome };
}

const STATE_TEXT: Record<SendState, string> = {
  sending: 'Enviando...',
  sent: 'No servidor',
  queued: 'Guardada no aparelho: vai quando o sinal voltar',
  'needs-auth': 'Guardada no aparelho: entre de novo para enviar',
  failed: 'Recusada pelo servidor',
  lost: 'Não carregada',
};

function Session({
  target,
  rows,
  drivers,
  onClose,
}: {
  target: LoadTarget;
  rows: readonly TrackingRow[];
  drivers: Driver[];
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [last, setLast] = useState<Pick<LoadOutcome, 'kind' | 'message'> | null>(null);
  const [loaded, setLoaded] = useState<Loaded[]>([]);
  const [refused, setRefused] = useState<{ number: string; reason: string }[]>([]);
  // Read by the camera's loop between renders: the list as now, and what this session loaded
  // (known at once, before the list shows the driver).
  const byNumber = useMemo(
    () => new Map(rows.filter((r) => r.number).map((r) => [r.number, r])),
    [rows],
  );
  const lookup = useRef(byNumber);
  useEffect(() => {
    lookup.current = byNumber;
  }, [byNumber]);
  const loadedHere = useRef(new Set<string>());
  const names = useMemo(() => new Map(drivers.map((d) => [d.id, d.name])), [drivers]);
  const driverName = (id: string) => names.get(id) ?? 'outro motorista';

  const settle = (number: string, answer: Partial<Loaded>) =>
    setLoaded((list) => list.map((l) => (l.number === number ? { ...l, ...answer } : l)));
  const ids = loaded.flatMap((l) => l.items ?? []);
  const idsKey = ids.join(',');
  const found = useLiveQuery(async () => {
    const items = await db.outbox.bulkGet(ids);
    return new Map(ids.map((id, i) => [id, items[i] ?? null]));
  }, [idsKey]);
  const states = loaded.map((l) => ({ ...l, ...sendState(l, found) }));
  // One the server refused is not in the van as far as the list knows: a new read is answered anew.
  const refusedKey = states
    .filter((l) => l.state === 'failed' || l.state === 'lost')
    .map((l) => l.number)
    .join(',');
  useEffect(() => {
    for (const number of refusedKey.split(',')) loadedHere.current.delete(number);
  }, [refusedKey]);

  /** Answer one read: a sound, a line, and the changes queued without waiting for the server. */
  const read = (number: string) => {
    let outcome: Pick<LoadOutcome, 'kind' | 'message' | 'reason' | 'changes'> = loadScan(
      number,
      lookup.current.get(number),
      target,
      { loadedHere: loadedHere.current, driverName, at: newChangeTime() },
    );
    const problems = outcome.changes.flatMap((c) => Object.values(checkNow(c)));
    if (problems.length) {
      const reason = problems.join('; ');
      outcome = {
        kind: 'refused',
        message: `${groupedNumber(number)}: ${reason}`,
        reason,
        changes: [],
      };
    }
    answerRead(outcome.kind === 'loaded');
    setLast(outcome);
    if (outcome.kind !== 'loaded') {
      // Read again later it is in the van already: nothing to put aside.
      if (outcome.kind !== 'again') {
        const reason = outcome.reason;
        setRefused((list) => [{ number, reason }, ...list.filter((r) => r.number !== number)]);
      }
      return;
    }
    loadedHere.current.add(number);
    setRefused((list) => list.filter((r) => r.number !== number));
    const details = lookup.current.get(number)?.shipment;
    setLoaded((list) => [
      {
        number,
        recipient: String(details?.recipientName ?? ''),
        place: [details?.recipientCity, details?.recipientState].filter(Boolean).join(' - '),
      },
      ...list.filter((l) => l.number !== number),
    ]);
    // The driver and the stage kept together: the device holds both or neither.
    sendChanges(outcome.changes).then(
      (outcomes) => {
        const worst = (['failed', 'needs-auth', 'queued', 'sent'] as const).find((status) =>
          outcomes.some((o) => o.status === status),
        );
        settle(number, { items: outcomes.map((o) => o.item.id), outcome: worst ?? 'sent' });
      },
      (error: unknown) =>
        settle(number, {
          problem: isQuotaError(error)
            ? `${DEVICE_FULL.title}: a mudança não foi guardada.`
            : 'A mudança não foi guardada neste aparelho.',
        }),
    );
  };
  const reading = useRef(read);
  useEffect(() => {
    reading.current = read;
  });

  const { video, camera } = useLabelCamera('continuous', (number) => {
    reading.current(number);
    return true;
  });

  // At a desk the number field takes the keys at once: a hand-held scanner types into it.
  useEffect(() => {
    if (window.matchMedia('(pointer: fine)').matches) input.current?.focus();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const number = normalizeTrackingNumber(typed);
    setTyped('');
    input.current?.focus();
    if (!number) return;
    const typo = shipmentNumberProblem(number);
    if (typo) {
      answerRead(false);
      setLast({ kind: 'refused', message: `${groupedNumber(number)}: ${typo}` });
      return;
    }
    read(number);
  };

  const count = states.filter((l) => l.state !== 'failed' && l.state !== 'lost').length;
  const name = driverName(target.driver);
  const stage = TRACKING_STAGES.find((s) => s.stage === target.stage);

  return (
    <>
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            Para <strong>{name}</strong>
            {stage ? ` · marca a etapa ${stage.stage}. ${stage.label}` : ' · sem mudar a etapa'}
          </Text>
          <Box
            bg="black"
            borderRadius="md"
            overflow="hidden"
            display={camera === 'scanning' || camera === 'starting' ? 'block' : 'none'}
          >
            <video
              ref={video}
              muted
              playsInline
              aria-label="Imagem da câmera"
              style={{ width: '100%', height: '28vh', objectFit: 'cover', display: 'block' }}
            />
          </Box>
          <Text fontSize="sm" color="fg.muted">
            {CAMERA_TEXT[camera]}
          </Text>
          <Box
            role="status"
            aria-label="Última leitura"
            minH="3.5rem"
            px="3"
            py="2"
            borderRadius="md"
            borderWidth="1px"
            borderColor={!last ? 'border' : last.kind === 'loaded' ? 'green.muted' : 'red.muted'}
            bg={!last ? 'bg.subtle' : last.kind === 'loaded' ? 'green.subtle' : 'red.subtle'}
            color={!last ? 'fg.muted' : last.kind === 'loaded' ? 'green.fg' : 'red.fg'}
            fontWeight="semibold"
            fontSize="lg"
          >
            {last?.message ?? 'Nenhuma etiqueta lida ainda.'}
          </Box>
          <form onSubmit={submit} noValidate>
            <HStack align="end">
              <Field.Root flex="1">
                <Field.Label>Ou digite o número</Field.Label>
                <Input
                  ref={input}
                  value={typed}
                  onChange={(e) => setTyped(normalizeTrackingNumber(e.target.value))}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={32}
                />
              </Field.Root>
              <Button type="submit" colorPalette="brand">
                Carregar
              </Button>
            </HStack>
          </form>
          <Text fontWeight="bold" fontSize="lg">
            {count === 1 ? '1 carregada' : `${count} carregadas`}
          </Text>
          {refused.length > 0 && (
            <Box>
              <Text fontWeight="semibold" color="red.fg">
                Separe: não carregadas
              </Text>
              <Box as="ul" aria-label="Não carregadas" listStyleType="none" m="0" p="0">
                {refused.map((r) => (
                  <Box as="li" key={r.number} py="1" borderBottomWidth="1px" fontSize="sm">
                    <Text as="span" fontFamily="mono">
                      {groupedNumber(r.number)}
                    </Text>{' '}
                    — {r.reason}
                  </Box>
                ))}
              </Box>
            </Box>
          )}
          {loaded.length > 0 && (
            <Box>
              <Text fontWeight="semibold">Carregadas nesta sessão</Text>
              <Box as="ul" aria-label="Carregadas nesta sessão" listStyleType="none" m="0" p="0">
                {states.map((l) => (
                  <Box
                    as="li"
                    key={l.number}
                    aria-label={`Carregada ${l.number}`}
                    py="1"
                    borderBottomWidth="1px"
                    fontSize="sm"
                  >
                    <Text as="span" fontFamily="mono" fontWeight="semibold">
                      {groupedNumber(l.number)}
                    </Text>{' '}
                    — {[l.recipient, l.place].filter(Boolean).join(', ')}
                    <Text
                      color={l.state === 'failed' || l.state === 'lost' ? 'red.fg' : 'fg.muted'}
                      fontSize="xs"
                    >
                      {STATE_TEXT[l.state]}
                      {l.problem ? `: ${l.problem}` : ''}
                    </Text>
                  </Box>
                ))}
              </Box>
            </Box>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button asChild variant="outline">
          <RouterLink to={manifestLink({ driver: target.driver })}>
            Concluir e abrir romaneio
          </RouterLink>
        </Button>
        <Button colorPalette="brand" onClick={onClose}>
          Concluir
        </Button>
      </Dialog.Footer>
    </>
  );
}
