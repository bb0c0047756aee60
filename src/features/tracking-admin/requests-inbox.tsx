import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  HStack,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { toaster } from '../../components/toaster';
import { company } from '../../config/company';
import { formatDateTime } from '../../domain/format';
import { SUBMISSION_KIND_LIST, SUBMISSION_KINDS } from '../../domain/submissions';
import { failureKind } from '../../lib/pocketbase';
import { endedStaffSession } from './api';
import {
  byNewest,
  dismissMail,
  followInbox,
  hasMailProblem,
  loadCounts,
  loadInbox,
  matches,
  resendMail,
  setHandled,
  type InboxItem,
  type InboxKind,
  type InboxState,
} from './inbox-api';
import { useLive } from './use-live';

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

function requester(item: InboxItem): string {
  const r = item.record;
  return String(r.senderName || r.solicitadaPor || '');
}

function title(item: InboxItem): string {
  const def = SUBMISSION_KINDS[item.kind];
  const number = def.firstNumber !== undefined ? ` nº ${item.record.number}` : '';
  return `${def.label}${number} — ${requester(item)}`;
}

/** The state of the request's e-mail to the company, as the staff needs to read it. */
function MailState({ record }: { record: InboxItem['record'] }) {
  if (record.mailStatus === 'sent') {
    return (
      <Text fontSize="sm" color="fg.muted">
        E-mail enviado em {formatDateTime(record.mailSentAt)}
      </Text>
    );
  }
  if (record.mailStatus === 'failed') {
    return (
      <Box fontSize="sm" color="red.700" role="alert">
        <Text fontWeight="semibold">
          E-mail com falha ({record.mailAttempts}{' '}
          {record.mailAttempts === 1 ? 'tentativa' : 'tentativas'})
          {record.mailNextAt ? `; nova tentativa às ${formatDateTime(record.mailNextAt)}` : ''}
        </Text>
        <Text wordBreak="break-word">{record.mailError}</Text>
      </Box>
    );
  }
  if (record.mailStatus === 'refused') {
    return (
      <Box fontSize="sm" color="red.700" role="alert">
        <Text fontWeight="semibold">E-mail para a empresa recusado</Text>
        <Text wordBreak="break-word">{record.mailError}</Text>
      </Box>
    );
  }
  if (record.mailStatus === 'dismissed') {
    return (
      <Text fontSize="sm" color="fg.muted">
        E-mail para a empresa dispensado
      </Text>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted">
      E-mail na fila de envio
    </Text>
  );
}

/**
 * The requester's confirmation, when there is something to tell (an ordinary one that went out
 * shows nothing): failing, refused by the mail server, dismissed, or not sent because that mailbox
 * had its confirmations for the day.
 */
function ConfirmationState({ item }: { item: InboxItem }) {
  const status = item.record.confirmationStatus as string | undefined;
  const address = String(item.record[SUBMISSION_KINDS[item.kind].requesterEmail] ?? '');
  if (status === 'refused' || status === 'failed') {
    return (
      <Box fontSize="sm" color="red.700" role="alert">
        <Text fontWeight="semibold">
          {status === 'refused'
            ? 'E-mail do cliente recusado'
            : 'E-mail do cliente com falha; novas tentativas automáticas'}
        </Text>
        <Text wordBreak="break-word">
          {status === 'refused'
            ? `O servidor de e-mail não aceitou o endereço ${address}.`
            : `Para ${address}.`}
        </Text>
      </Box>
    );
  }
  const quiet: Record<string, string> = {
    dismissed: 'E-mail do cliente dispensado',
    skipped: 'E-mail do cliente não enviado: este endereço já recebeu as confirmações do dia',
    sent: 'E-mail do cliente enviado',
  };
  if (!status || !quiet[status]) return null;
  return (
    <Text fontSize="sm" color="fg.muted">
      {quiet[status]}
    </Text>
  );
}

function RequestCard({
  item,
  onHandled,
  onResend,
  onDismiss,
}: {
  item: InboxItem;
  onHandled: (item: InboxItem, handled: boolean) => Promise<void>;
  onResend: (item: InboxItem) => Promise<void>;
  onDismiss: (item: InboxItem) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const r = item.record;
  const def = SUBMISSION_KINDS[item.kind];
  const content = def.mail(r, company.client);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="4" aria-label={title(item)}>
      <Stack gap="2">
        <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
          <Text fontWeight="bold">{title(item)}</Text>
          <Badge colorPalette={r.handledAt ? 'green' : 'orange'}>
            {r.handledAt ? 'Atendida' : 'Não atendida'}
          </Badge>
        </Flex>
        <Text fontSize="sm">Recebida em {formatDateTime(r.created)}</Text>
        <MailState record={r} />
        <ConfirmationState item={item} />
        {r.handledAt && (
          <Text fontSize="sm">
            Atendida por {r.handledByName} em {formatDateTime(r.handledAt)}
          </Text>
        )}
        <details>
          <summary style={{ cursor: 'pointer' }}>Ver a solicitação completa</summary>
          <Stack gap="3" mt="2">
            {content.sections.map((section) => (
              <Box key={section.title}>
                <Text fontWeight="semibold" fontSize="sm">
                  {section.title}
                </Text>
                <Box
                  as="dl"
                  fontSize="sm"
                  display="grid"
                  gridTemplateColumns="auto 1fr"
                  columnGap="4"
                  rowGap="1"
                >
                  {section.rows.map(([label, value]) => (
                    <Box key={label} display="contents">
                      <Text as="dt" color="fg.muted">
                        {label}
                      </Text>
                      <Text as="dd" wordBreak="break-word" whiteSpace="pre-wrap">
                        {value}
                      </Text>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Stack>
        </details>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            variant={r.handledAt ? 'outline' : 'solid'}
            disabled={busy}
            onClick={() => void run(() => onHandled(item, !r.handledAt))}
          >
            {r.handledAt ? 'Reabrir' : 'Marcar como atendida'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy || r.mailStatus === 'pending'}
            onClick={() => void run(() => onResend(item))}
          >
            Reenviar e-mail
          </Button>
          {hasMailProblem(r) && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => void run(() => onDismiss(item))}
            >
              Dispensar
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
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
