import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { displayTrackingNumber } from '../../../domain/masks';
import { TRACKING_STAGES } from '../../../domain/stages';
import { useCompanySite } from '../clients/sites';
import { formatDateTime } from '../../../domain/format';
import { SUBMISSION_MAILS } from '../../../domain/submission-mails';
import { isNumbered, SUBMISSION_KINDS } from '../../../domain/submissions';
import { hasMailProblem, type InboxItem } from './api';

function requester(item: InboxItem): string {
  const r = item.record;
  return String(r.senderName || r.solicitadaPor || '');
}

function title(item: InboxItem): string {
  const def = SUBMISSION_KINDS[item.kind];
  const number = isNumbered(def) && item.record.number ? ` nº ${item.record.number}` : '';
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

/** The shipment a request became: its number (to its tracking page) and where it stands. */
function ShipmentState({ number, stage }: { number: string; stage: number }) {
  const label = TRACKING_STAGES.find((s) => s.stage === stage)?.label;
  return (
    <Text fontSize="sm" data-testid="remessa">
      Remessa{' '}
      <RouterLink to={`${paths.tracking}?numero=${number}`} style={{ textDecoration: 'underline' }}>
        {displayTrackingNumber(number)}
      </RouterLink>
      {' — '}
      {label ?? 'aguardando coleta'}
    </Text>
  );
}

export function RequestCard({
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
  const navigate = useNavigate();
  const r = item.record;
  const def = SUBMISSION_KINDS[item.kind];
  const { site } = useCompanySite(r.company);
  const content = SUBMISSION_MAILS[def.kind].mail(r, site);
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
        <Text fontSize="sm">
          Recebida em {formatDateTime(r.created)}
          {r.requestedBy ? ` · pedida por ${String(r.requestedBy)} (${site.name})` : ''}
        </Text>
        {r.shipmentNumber && (
          <ShipmentState number={String(r.shipmentNumber)} stage={Number(r.shipmentStage) || 0} />
        )}
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
          {!r.shipmentNumber && !r.anonymizedAt && (
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() =>
                navigate(paths.newShipment, {
                  state: { request: { kind: item.kind, record: { ...r } } },
                })
              }
            >
              Criar remessa
            </Button>
          )}
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
