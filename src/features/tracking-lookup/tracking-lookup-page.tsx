import { Box, Button, Field, Heading, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { StaticIsland } from '../../components/static-island';
import { toaster } from '../../components/toaster';
// From their own modules, not the domain's index: that would bring the forms' schemas (Yup) into
// this page's chunk, evaluated before the page can go live.
import { shipmentNumberProblem } from '../../domain/shipment-numbers';
import { normalizeTrackingNumber } from '../../domain/text';
import { useOnline } from '../../hooks/use-online';
import { hasNews, NOT_FOUND } from './labels';
import { NO_STAGES, Result, type View } from './lookup-result';

// The device's database (Dexie) and the server's client (PocketBase) are not needed to paint the
// page or to make it live: they load beside it, and are evaluated in tasks of their own.
const loadApi = () => import('../../lib/lookups');
const RememberedLookups = lazy(() => import('./remembered-lookups'));

const EMPTY = 'Por favor, digite um número de rastreio, CPF ou CNPJ';
const OFFLINE =
  'Sem conexão: a consulta precisa de internet. Abaixo, o último estado conhecido neste aparelho.';

export default function TrackingLookupPage() {
  const [params, setParams] = useSearchParams();
  // Empty as in the prerendered page; a shared link's number is filled in by the effect below.
  const [number, setNumber] = useState('');
  const [view, setView] = useState<View>(null);
  const [loading, setLoading] = useState(false);
  const online = useOnline();

  const search = useCallback(
    async (raw: string) => {
      const n = normalizeTrackingNumber(raw);
      setNumber(n);
      if (!n) {
        toaster.replace('rastreio', { title: EMPTY, type: 'warning', duration: 5000 });
        setView({ message: EMPTY });
        return;
      }
      // A mistyped shipment number is caught here, before a round trip that would only say
      // 'not found'.
      const problem = shipmentNumberProblem(n);
      if (problem) {
        toaster.replace('rastreio', { title: problem, type: 'warning', duration: 5000 });
        setView({ message: problem });
        return;
      }
      setParams({ numero: n }, { replace: true });
      setLoading(true);
      const { knownLookup, lookUpTracking } = await loadApi();
      const outcome = await lookUpTracking(n);
      setLoading(false);
      if (outcome.status === 'found') {
        if (!hasNews(outcome.lookup)) {
          toaster.replace('rastreio', {
            title: NOT_FOUND,
            description: NO_STAGES,
            type: 'info',
            duration: 5000,
          });
        } else {
          toaster.replace('rastreio', {
            title: 'Informações de rastreamento encontradas',
            type: 'success',
            duration: 3000,
          });
        }
        setView({ lookup: outcome.lookup, stale: false });
      } else if (outcome.status === 'not-found') {
        toaster.replace('rastreio', { title: NOT_FOUND, type: 'error', duration: 5000 });
        setView({ lookup: outcome.lookup, stale: false });
      } else {
        const known = await knownLookup(n);
        if (outcome.status === 'offline') {
          toaster.replace('rastreio', {
            title: 'Sem conexão',
            description: OFFLINE,
            type: 'warning',
            duration: 6000,
          });
          setView(
            known
              ? { lookup: known, stale: true }
              : {
                  message:
                    'Sem conexão: a consulta precisa de internet. Tente de novo quando o sinal voltar.',
                },
          );
        } else {
          toaster.replace('rastreio', {
            title: 'Erro ao buscar informações de rastreamento',
            type: 'error',
            duration: 5000,
          });
          setView(
            known
              ? { lookup: known, stale: true }
              : { message: 'Erro ao buscar informações de rastreamento' },
          );
        }
      }
    },
    [setParams],
  );

  // A shared link (/rastrear?numero=…) opens straight on the result. The links of the 'Avise-me'
  // e-mails (?confirmar=…, ?cancelar=…) ask first: a mail scanner opening the page does nothing.
  const opened = useRef(false);
  const [followLink, setFollowLink] = useState<{
    action: 'confirmar' | 'cancelar';
    token: string;
  } | null>(null);
  const [linkOutcome, setLinkOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [linkBusy, setLinkBusy] = useState(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const fromLink = params.get('numero');
    const confirmToken = params.get('confirmar');
    const cancelToken = params.get('cancelar');
    if (confirmToken || cancelToken) {
      void Promise.resolve().then(() =>
        setFollowLink(
          confirmToken
            ? { action: 'confirmar', token: confirmToken }
            : { action: 'cancelar', token: cancelToken! },
        ),
      );
    } else if (fromLink) void Promise.resolve(fromLink).then(search);
  }, [params, search]);

  const answerLink = async () => {
    if (!followLink) return;
    setLinkBusy(true);
    const { openFollowLink } = await import('./follow-api');
    const outcome = await openFollowLink(followLink.action, followLink.token);
    setLinkBusy(false);
    setLinkOutcome(outcome);
    if (!outcome.ok) return;
    setFollowLink(null);
    if (outcome.number) await search(outcome.number);
    else setParams({}, { replace: true });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search(number);
  };

  return (
    <Stack gap="8" maxW="3xl">
      <PageTitle title="Rastreamento de Encomendas" />
      <form onSubmit={submit} noValidate>
        <HStack w="full" align="end">
          <Field.Root flex="1">
            <Field.Label>Número de rastreio, CPF ou CNPJ</Field.Label>
            <Input
              value={number}
              onChange={(e) => setNumber(normalizeTrackingNumber(e.target.value))}
              inputMode="numeric"
              autoComplete="off"
              placeholder="Somente números"
              maxLength={32}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={loading} loadingText="Rastreando">
            Rastrear
          </Button>
        </HStack>
        {!online && (
          <Text fontSize="sm" color="fg.muted" mt="1">
            Sem conexão: a consulta precisa de internet.
          </Text>
        )}
      </form>

      {followLink && (
        <Box
          role="region"
          aria-label="Avisos por e-mail"
          borderWidth="1px"
          borderRadius="xl"
          p="5"
          bg="bg.muted"
        >
          <Text mb="3">
            {followLink.action === 'confirmar'
              ? 'Confirme que quer receber por e-mail as novas etapas deste rastreio.'
              : 'Quer parar de receber por e-mail os avisos deste rastreio?'}
          </Text>
          <Button colorPalette="brand" loading={linkBusy} onClick={() => void answerLink()}>
            {followLink.action === 'confirmar' ? 'Confirmar os avisos' : 'Parar os avisos'}
          </Button>
        </Box>
      )}
      {linkOutcome && (
        <Text
          role="status"
          p="3"
          borderRadius="md"
          bg={linkOutcome.ok ? 'green.subtle' : 'orange.subtle'}
          color={linkOutcome.ok ? 'green.fg' : 'orange.fg'}
          data-testid="follow-link-outcome"
        >
          {linkOutcome.message}
        </Text>
      )}

      <Result view={view} followOpen={params.get('avise-me') === '1'} />

      {/* What this device looked up before: from the device's database, after the page is live. */}
      <Suspense fallback={null}>
        <RememberedLookups
          onOpen={(lookup) => setView({ lookup, stale: !online })}
          onRefresh={(n) => void search(n)}
        />
      </Suspense>

      <StaticIsland>
        <Box as="section" aria-labelledby="como-rastrear" bg="bg.muted" borderRadius="xl" p="5">
          <Heading id="como-rastrear" as="h2" size="md" mb="2">
            Como rastrear
          </Heading>
          <List.Root as="ol" ps="5" gap="1">
            <List.Item>
              Digite o número de rastreio que você recebeu, ou o CPF ou CNPJ usado no envio.
            </List.Item>
            <List.Item>
              Com um CPF ou CNPJ, aparecem as remessas em que ele é o do remetente ou o do
              destinatário: o número, a etapa, a cidade de destino e a previsão de entrega de cada
              uma, nunca nomes ou endereços.
            </List.Item>
            <List.Item>Use somente números; espaços, pontos e traços são removidos.</List.Item>
            <List.Item>
              Toque em “Rastrear” para ver as etapas concluídas e quando cada uma aconteceu.
            </List.Item>
            <List.Item>
              Use “Copiar link” para compartilhar o resultado; o número fica em “Meus rastreios”
              neste aparelho.
            </List.Item>
            <List.Item>
              Toque em “Avise-me por e-mail” para receber cada nova etapa no seu e-mail; no
              aplicativo instalado, “Meus rastreios” marca o que mudou desde a última vez.
            </List.Item>
          </List.Root>
        </Box>
      </StaticIsland>
    </Stack>
  );
}
