import { Badge, Box, Button, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';
import { formatDateTimeBrasilia } from '../../domain/format';
import { displayTrackingNumber } from '../../domain/masks';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  checkWebhookUrl,
  deliveryStateText,
  lastAnswerText,
  type DeliveryView,
} from '../../domain/webhooks';
import { TextField } from '../../forms/text-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';
import { clientApi, fieldMessages } from '../../lib/pocketbase';
import { ClientHeader } from './client-nav';
import {
  ConfirmRemoval,
  CreateBox,
  MadeAt,
  SecretShownOnce,
  ServerList,
  useServerAction,
  useServerList,
  type SecretTexts,
} from './integrations';
import { signedInAccount } from './own-company';
import {
  createWebhook,
  deleteWebhook,
  fetchWebhooks,
  resendDelivery,
  testWebhook,
} from './webhooks-api';

const OFFLINE = {
  title: 'Sem conexão',
  description: 'Webhooks só são criados e enviados com sinal. Tente de novo quando voltar.',
};

/** How often the open page asks for the deliveries' answers again. */
const REFRESH_MS = 3000;

/**
 * 'Webhooks': a company's administrator registers the address of the company's server, which
 * then receives each stage, failed attempt, delivery and return of the company's shipments
 * (signed, docs/webhooks.md); sees the secret once to copy it; reads each delivery's last answer;
 * sends one again or a test. Read from the server while open; never kept on the device.
 */
export default function WebhooksPage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  const account = signedInAccount();
  return (
    <Stack gap="5">
      <ClientHeader title="Webhooks" />
      {account?.kind === 'administrador' ? <Webhooks /> : <Text>{WEBHOOK_MESSAGES.adminOnly}</Text>}
    </Stack>
  );
}

const when = (time: string) => formatDateTimeBrasilia(time);

const SECRET_TEXTS: SecretTexts = {
  region: 'Webhook criado',
  copy: 'Copiar segredo',
  copied: 'Segredo copiado',
  byHand: { title: 'Copie o segredo à mão', description: 'Selecione o texto do segredo e copie.' },
};

function Webhooks() {
  // The deliveries' answers arrive within seconds: asked again while the page is in view.
  const {
    items: hooks,
    loadError,
    load,
  } = useServerList(
    fetchWebhooks,
    'Sem conexão: os webhooks aparecem quando o sinal voltar.',
    'Não foi possível carregar os webhooks.',
    REFRESH_MS,
  );
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useServerAction(OFFLINE);
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState('');

  /** One action on the server, then the list again. */
  const act = (key: string, work: () => Promise<unknown>, fallback: string, done = '') =>
    run(
      key,
      async () => {
        await work();
        if (done) toaster.create({ title: done, type: 'success', duration: 3000 });
        load();
      },
      fallback,
    );

  const create = (e: FormEvent) => {
    e.preventDefault();
    // http:// to this machine is the server's to allow (development); it says so if not.
    const problem = checkWebhookUrl(url, { loopbackHttp: true });
    setError(problem);
    if (problem) return;
    void run(
      'create',
      async () => {
        const answer = await createWebhook(url.trim());
        setMade({ url: answer.webhook.url, secret: answer.secret });
        setUrl('');
        load();
      },
      'Não foi possível criar o webhook.',
      (failure) => setError(fieldMessages(failure).url ?? ''),
    );
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted">
        O servidor da sua empresa recebe um aviso a cada etapa, tentativa de entrega não realizada,
        entrega e devolução das remessas da empresa: um POST em JSON assinado no padrão Standard
        Webhooks. Um aviso que falha é enviado de novo por até 3 dias, na ordem de cada remessa.
      </Text>
      {made && (
        <SecretShownOnce
          title="Webhook criado"
          secret={made.secret}
          testId="new-webhook-secret"
          texts={SECRET_TEXTS}
          onDone={() => setMade(null)}
        >
          <Text wordBreak="break-all">{made.url}</Text>
          <Text>
            Copie o segredo agora e configure-o no servidor que recebe os avisos, para conferir a
            assinatura de cada um: <strong>ele não será mostrado de novo.</strong>
          </Text>
        </SecretShownOnce>
      )}
      <CreateBox
        title="Novo webhook"
        submit="Criar webhook"
        busy={busy === 'create'}
        onSubmit={create}
      >
        <TextField
          label="Endereço (https://)"
          helper="O endereço do servidor da empresa que vai receber os avisos."
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          onValueChange={setUrl}
          error={error}
          required
        />
      </CreateBox>
      <ServerList
        items={hooks}
        loadError={loadError}
        empty="Nenhum webhook ainda."
        label="Webhooks da empresa"
        gap="3"
        itemName={(hook) => hook.url}
      >
        {(hook) => (
          <>
            <Code fontSize="sm" wordBreak="break-all" whiteSpace="normal">
              {hook.url}
            </Code>
            <MadeAt label="Criado em" at={when(hook.created)} by={hook.createdBy} />
            {confirming === hook.id ? (
              <ConfirmRemoval
                warning="Os avisos param de ir para este endereço na hora."
                confirm="Confirmar exclusão"
                busy={busy === `delete:${hook.id}`}
                onConfirm={() =>
                  void act(
                    `delete:${hook.id}`,
                    () => deleteWebhook(hook.id),
                    'Não foi possível excluir o webhook.',
                    'Webhook excluído',
                  ).then(() => setConfirming(''))
                }
                onCancel={() => setConfirming('')}
              />
            ) : (
              <Flex gap="2" mt="2" wrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  loading={busy === `test:${hook.id}`}
                  onClick={() =>
                    void act(
                      `test:${hook.id}`,
                      () => testWebhook(hook.id),
                      'Não foi possível enviar o teste.',
                    )
                  }
                >
                  Enviar teste
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setConfirming(hook.id)}
                >
                  Excluir
                </Button>
              </Flex>
            )}
            <Deliveries
              deliveries={hook.deliveries}
              busy={busy}
              onResend={(d) =>
                void act(
                  `resend:${d.id}`,
                  () => resendDelivery(d.id),
                  'Não foi possível enviar de novo.',
                )
              }
            />
          </>
        )}
      </ServerList>
    </Stack>
  );
}

const PALETTE: Record<DeliveryView['status'], string> = {
  sent: 'green',
  sending: 'blue',
  pending: 'gray',
  failed: 'orange',
  gaveup: 'red',
};

/** The address's latest deliveries, each with the receiver's last answer. */
function Deliveries({
  deliveries,
  busy,
  onResend,
}: {
  deliveries: DeliveryView[];
  busy: string;
  onResend: (d: DeliveryView) => void;
}) {
  if (deliveries.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" mt="3">
        Nenhum aviso enviado ainda.
      </Text>
    );
  }
  return (
    <Box mt="3">
      <Heading as="h3" size="sm" mb="2">
        Últimos avisos
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Últimos avisos">
        {deliveries.map((d) => {
          const title = `${WEBHOOK_EVENT_LABELS[d.event] ?? d.event}${
            d.number ? ` · ${displayTrackingNumber(d.number)}` : ''
          }`;
          return (
            <Box as="li" key={d.id} aria-label={title} borderTopWidth="1px" pt="2" fontSize="sm">
              <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                <Text fontWeight="semibold">{title}</Text>
                <Badge colorPalette={PALETTE[d.status]}>{deliveryStateText(d)}</Badge>
              </Flex>
              <Text color="fg.muted">
                {when(d.created)}
                {d.attempts > 1 ? ` · ${d.attempts} tentativas` : ''}
              </Text>
              <Text wordBreak="break-word">
                Resposta: {lastAnswerText(d)}
                {d.lastAt ? ` (${when(d.lastAt)})` : ''}
              </Text>
              {d.status !== 'pending' && d.status !== 'sending' && (
                <Button
                  size="xs"
                  variant="outline"
                  mt="1"
                  loading={busy === `resend:${d.id}`}
                  onClick={() => onResend(d)}
                >
                  Enviar de novo
                </Button>
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
