import { Box, Button, Field, Flex, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { toaster } from '../../../components/toaster';
import { SUBMISSION_KIND_LIST } from '../../../domain/submissions';
import { failureKind } from '../../../lib/pocketbase';
import { endedStaffSession } from '../tracking/api';
import {
  byNewest,
  dismissMail,
  followInbox,
  loadCounts,
  loadInbox,
  matches,
  resendMail,
  setHandled,
  type InboxItem,
  type InboxKind,
  type InboxState,
} from './api';
import { useLive } from '../../../hooks/use-live';
import { RequestCard } from './request-card';

const PAGE = 30;

const KINDS: { value: InboxKind; label: string }[] = [
  { value: 'all', label: 'Todos' },
  ...SUBMISSION_KIND_LIST.map((d) => ({ value: d.kind, label: d.label })),
];

const STATES: { value: InboxState; label: string }[] = [
  { value: 'open', label: 'Não atendidas' },
  { value: 'handled', label: 'Atendidas' },
  { value: 'mail-failed', label: 'E-mail com falha' },
  { value: 'all', label: 'Todas' },
];

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Field.Root flex="1" minW="40">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** 'Solicitações': every quote, urgent request and pickup, newest first, live. */
export function RequestsInbox() {
  const [kind, setKind] = useState<InboxKind>('all');
  const [state, setState] = useState<InboxState>('open');
  const [limit, setLimit] = useState(PAGE);
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [more, setMore] = useState(false);
  const [counts, setCounts] = useState<{ open: number; failed: number } | null>(null);
  const [loadError, setLoadError] = useState(false);

  const handleFailure = useCallback((error: unknown, message: string) => {
    if (endedStaffSession(error)) return;
    toaster.create({
      title: message,
      description:
        failureKind(error) === 'offline' ? 'Sem conexão com o servidor agora.' : undefined,
      type: 'error',
    });
  }, []);

  const reload = useCallback(async () => {
    try {
      const [list, numbers] = await Promise.all([loadInbox(kind, state, limit), loadCounts()]);
      setItems(list.items);
      setMore(list.more);
      setCounts(numbers);
      setLoadError(false);
    } catch (error) {
      setLoadError(true);
      endedStaffSession(error);
    }
  }, [kind, state, limit]);

  // Live: a change is applied to the list as it comes; the counts are asked again.
  const follow = useCallback(
    () =>
      followInbox(
        (action, item) => {
          setItems((current) => {
            if (!current) return current;
            const rest = current.filter(
              (i) => !(i.kind === item.kind && i.record.id === item.record.id),
            );
            if (action === 'delete' || !matches(item, kind, state)) return rest;
            return [...rest, item].sort(byNewest);
          });
          void loadCounts()
            .then(setCounts)
            .catch(() => undefined);
        },
        () => void reload(),
      ),
    [kind, state, reload],
  );
  useLive(follow, reload);

  // A new filter starts again from the first page.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setLimit(PAGE);
    };

  const onHandled = async (item: InboxItem, handled: boolean) => {
    try {
      const record = await setHandled(item, handled);
      const updated = { kind: item.kind, record };
      setItems(
        (current) =>
          current
            ?.filter((i) => !(i.kind === item.kind && i.record.id === item.record.id))
            .concat(matches(updated, kind, state) ? [updated] : [])
            .sort(byNewest) ?? current,
      );
      toaster.create({
        title: handled ? 'Solicitação marcada como atendida' : 'Solicitação reaberta',
        type: 'success',
        duration: 3000,
      });
      setCounts(await loadCounts());
    } catch (error) {
      handleFailure(error, 'Erro ao atualizar a solicitação');
    }
  };

  const onResend = async (item: InboxItem) => {
    try {
      await resendMail(item);
      toaster.create({
        title: 'E-mail na fila',
        description: 'Ele será enviado em até um minuto.',
        type: 'success',
      });
      await reload();
    } catch (error) {
      handleFailure(error, 'Erro ao reenviar o e-mail');
    }
  };

  const onDismiss = async (item: InboxItem) => {
    try {
      await dismissMail(item);
      toaster.create({
        title: 'E-mail dispensado',
        description: 'Ele não será mais enviado.',
        type: 'success',
        duration: 3000,
      });
      await reload();
    } catch (error) {
      handleFailure(error, 'Erro ao dispensar o e-mail');
    }
  };

  return (
    <Stack gap="5">
      <Box role="status" aria-live="polite" borderWidth="1px" borderRadius="lg" p="3">
        {counts ? (
          <HStack gap="4" wrap="wrap">
            <Text fontWeight="semibold">
              {counts.open} {counts.open === 1 ? 'não atendida' : 'não atendidas'}
            </Text>
            <Text fontWeight="semibold" color={counts.failed > 0 ? 'red.700' : undefined}>
              {counts.failed} {counts.failed === 1 ? 'e-mail com falha' : 'e-mails com falha'}
            </Text>
          </HStack>
        ) : (
          <Text>Carregando...</Text>
        )}
      </Box>

      <Flex gap="3" wrap="wrap">
        <Choice label="Tipo" value={kind} onChange={refilter(setKind)} options={KINDS} />
        <Choice label="Situação" value={state} onChange={refilter(setState)} options={STATES} />
      </Flex>

      {items === null ? (
        loadError ? (
          <Stack gap="2" role="alert">
            <Text>Erro ao carregar as solicitações.</Text>
            <Box>
              <Button size="sm" variant="outline" onClick={() => void reload()}>
                Tentar Novamente
              </Button>
            </Box>
          </Stack>
        ) : (
          <Text role="status">Carregando...</Text>
        )
      ) : items.length === 0 ? (
        <Text color="fg.muted">Nenhuma solicitação nesta lista.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Solicitações">
          {items.map((item) => (
            <RequestCard
              key={`${item.kind}:${item.record.id}`}
              item={item}
              onHandled={onHandled}
              onResend={onResend}
              onDismiss={onDismiss}
            />
          ))}
        </Stack>
      )}
      {more && (
        <Box>
          <Button variant="outline" onClick={() => setLimit((n) => n + PAGE)}>
            Carregar mais
          </Button>
        </Box>
      )}
    </Stack>
  );
}
