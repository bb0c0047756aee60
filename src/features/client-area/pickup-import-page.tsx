import { Alert, Box, Button, List, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';
import {
  IMPORT_COLUMNS,
  importSummary,
  MAX_IMPORT_ROWS,
  problemLines,
  readImport,
  readyRows,
  sendLabel,
  TEMPLATE_FILE_NAME,
  templateCsv,
  type ImportReading,
} from '../../domain/pickup-import';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';
import { DEVICE_FULL, isQuotaError } from '../../lib/storage';
import { clientApi } from '../../lib/pocketbase';
import { readSpreadsheet } from '../../lib/spreadsheet';
import {
  onDevice,
  receivedBefore,
  rowIds,
  sendRows,
  useImportItems,
  type Received,
} from './pickup-import-api';
import { ClientHeader } from './client-nav';
import { ReadyLines } from './import-lines';
import { signOutClient } from './session';

const TITLE = 'Importar planilha';

/** A file read: its rows checked, the ready ones with their ids, and what the server already has. */
interface Loaded {
  name: string;
  reading: ImportReading;
  ids: string[];
  /** Null: the server could not be asked (no signal); undefined: still asking. */
  received?: Map<string, Received> | null;
  /** Ids in this device's outbox as the file was read: imported here before. */
  prior: Set<string>;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The template's columns: the same always, so not drawn again with every change of the page. */
const Columns = memo(function Columns() {
  return (
    <Box as="details" fontSize="sm">
      <Box as="summary" fontWeight="semibold" cursor="pointer">
        Colunas da planilha
      </Box>
      <List.Root ps="5" mt="2" gap="1">
        {IMPORT_COLUMNS.map((c) => (
          <List.Item key={c.name}>
            <Text as="span" fontWeight="semibold">
              {c.header}
            </Text>{' '}
            ({c.required ? 'obrigatória' : 'opcional'}){c.hint && `: ${c.hint}`}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
});

const ROWS_SHOWN = 100;

function ImportScreen() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [refused, setRefused] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [sending, setSending] = useState(false);
  // A file of a thousand rows: the first hundred drawn, the rest on request.
  const [all, setAll] = useState(false);
  const items = useImportItems(loaded?.ids ?? []);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file picked again (corrected in between) is read again.
    e.target.value = '';
    if (!file) return;
    setReading(true);
    setRefused('');
    setLoaded(null);
    try {
      const sheet = await readSpreadsheet(file);
      if ('refused' in sheet) {
        setRefused(sheet.refused);
        return;
      }
      const checked = readImport(sheet.table);
      if (sheet.problem) checked.fileProblems.unshift(sheet.problem);
      const ids = await rowIds(readyRows(checked));
      const prior = await onDevice(ids);
      // The rows are shown at once; what the server already holds is said when it answers.
      setLoaded({ name: file.name, reading: checked, ids, prior });
      setAll(false);
    } catch {
      // The XLSX reader's code could not be fetched (no signal before it was ever loaded).
      setRefused('Não foi possível ler a planilha agora. Tente de novo com sinal.');
    } finally {
      setReading(false);
    }
  };

  // What the server already holds, asked once the file's rows are on screen: the question's ten
  // requests held a slow phone's first draw of a thousand rows by a fifth of a second.
  useEffect(() => {
    if (!loaded || loaded.received !== undefined) return;
    let gone = false;
    void receivedBefore(loaded.ids).then((received) => {
      if (!gone) setLoaded((now) => (now === loaded ? { ...loaded, received } : now));
    });
    return () => {
      gone = true;
    };
  }, [loaded]);

  // Kept while the file is the same: the lines below redraw only when a row's state changes.
  const rows = useMemo(
    () =>
      loaded ? readyRows(loaded.reading).map((row, i) => ({ ...row, id: loaded.ids[i]! })) : [],
    [loaded],
  );
  const drawnRows = useMemo(() => (all ? rows : rows.slice(0, ROWS_SHOWN)), [rows, all]);
  const known = rows.filter((r) => loaded?.prior.has(r.id) || loaded?.received?.has(r.id));
  const toSend = rows.filter(
    (r) => !loaded?.prior.has(r.id) && !loaded?.received?.has(r.id) && !items.has(r.id),
  );
  const wrong = loaded?.reading.rows.filter((r) => r.problems.length > 0) ?? [];

  const send = async () => {
    setSending(true);
    let outcomes;
    try {
      outcomes = await sendRows(toSend);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      toaster.create({ ...DEVICE_FULL, type: 'error', duration: 15_000 });
      return;
    } finally {
      setSending(false);
    }
    const count = (status: string) => outcomes.filter((o) => o.status === status).length;
    if (count('needs-auth')) {
      toaster.create({
        title: 'Entre de novo para enviar',
        description:
          'Sua sessão expirou. As solicitações estão guardadas neste aparelho e serão enviadas assim que você digitar a senha.',
        type: 'warning',
        duration: 10_000,
      });
      signOutClient();
      navigate(paths.access);
    } else if (count('failed')) {
      toaster.create({
        title: 'Algumas solicitações não foram aceitas',
        description: `${count('failed')} não ${count('failed') === 1 ? 'foi aceita' : 'foram aceitas'} pelo servidor: veja o motivo em cada linha e em 'Envios'.`,
        type: 'error',
        duration: 10_000,
      });
    } else if (count('queued') && !navigator.onLine) {
      toaster.create({
        title: 'Solicitações guardadas neste aparelho',
        description:
          "Sem conexão agora: elas serão enviadas automaticamente assim que o sinal voltar. Acompanhe em 'Envios'.",
        type: 'info',
        duration: 10_000,
      });
    } else if (count('queued')) {
      // The server takes a few dozen a minute from one client: the rest follow on their own.
      toaster.create({
        title: 'Envio em andamento',
        description: `${count('sent')} de ${outcomes.length} já foram recebidas; as outras seguem automaticamente. Acompanhe em cada linha.`,
        type: 'info',
        duration: 10_000,
      });
    } else {
      toaster.create({
        title: 'Solicitações enviadas',
        description: `${outcomes.length === 1 ? 'A solicitação foi recebida' : `As ${outcomes.length} solicitações foram recebidas`}. Vamos verificá-las e responder por e-mail ainda hoje.`,
        type: 'success',
        duration: 10_000,
      });
    }
  };

  return (
    <Stack gap="5">
      <ClientHeader title={TITLE} />
      <Text>
        Várias solicitações de coleta de uma vez: uma linha da planilha para cada coleta, até{' '}
        {MAX_IMPORT_ROWS} por arquivo. Cada linha é conferida como no formulário antes do envio.
      </Text>

      <Box borderWidth="1px" borderRadius="xl" p="4">
        <Stack gap="3">
          <Text fontWeight="bold">1. Preencha o modelo</Text>
          <Text fontSize="sm" color="fg.muted">
            Uma planilha com as colunas do formulário e uma linha de exemplo: troque o exemplo pelas
            suas coletas. Abre no Excel como está.
          </Text>
          <Box>
            <Button
              colorPalette="brand"
              variant="outline"
              onClick={() => download(TEMPLATE_FILE_NAME, templateCsv())}
            >
              Baixar modelo
            </Button>
          </Box>
          <Columns />
        </Stack>
      </Box>

      <Box borderWidth="1px" borderRadius="xl" p="4">
        <Stack gap="3">
          <Text fontWeight="bold">2. Envie a planilha preenchida (CSV ou XLSX)</Text>
          <Text fontSize="sm" color="fg.muted">
            O cabeçalho fica na linha 1, como no modelo. Datas como dd/mm/aaaa, números com vírgula;
            telefones com ou sem máscara.
          </Text>
          <input
            ref={input}
            type="file"
            hidden
            tabIndex={-1}
            aria-label="Planilha (CSV ou XLSX)"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => void pick(e)}
          />
          <Box>
            <Button
              colorPalette="brand"
              onClick={() => input.current?.click()}
              loading={reading}
              loadingText="Lendo a planilha..."
            >
              Escolher planilha
            </Button>
          </Box>
        </Stack>
      </Box>

      {refused && (
        <Alert.Root status="error" role="alert">
          <Alert.Content>
            <Alert.Description>{refused}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {loaded && (
        <Stack gap="4" aria-label={`Planilha ${loaded.name}`} as="section">
          <Box>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
              {loaded.name}
            </Text>
            <Text role="status" fontWeight="bold" fontSize="lg">
              {loaded.reading.fileProblems.length && !loaded.reading.rows.length
                ? 'A planilha não pôde ser lida'
                : importSummary(loaded.reading)}
            </Text>
          </Box>

          {loaded.reading.fileProblems.length > 0 && (
            <Alert.Root status="error">
              <Alert.Content>
                <List.Root ps="4" gap="1">
                  {loaded.reading.fileProblems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List.Root>
              </Alert.Content>
            </Alert.Root>
          )}
          {loaded.reading.ignored.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {loaded.reading.ignored.length === 1 ? 'Coluna ignorada' : 'Colunas ignoradas'}:{' '}
              {loaded.reading.ignored.join(', ')}.
            </Text>
          )}

          {wrong.length > 0 && (
            <Box borderWidth="1px" borderColor="red.muted" bg="red.subtle" borderRadius="lg" p="3">
              <Text fontWeight="semibold" color="fg.error">
                Linhas com erro (não serão enviadas)
              </Text>
              <List.Root ps="5" mt="2" gap="1" fontSize="sm" aria-label="Linhas com erro">
                {wrong.flatMap(problemLines).map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List.Root>
              <Text fontSize="sm" mt="2">
                Corrija-as na planilha e importe o arquivo de novo: as linhas já enviadas não são
                enviadas outra vez.
              </Text>
            </Box>
          )}

          {known.length > 0 && (
            <Text fontSize="sm">
              {known.length === 1
                ? '1 linha já foi importada antes e não será enviada de novo.'
                : `${known.length} linhas já foram importadas antes e não serão enviadas de novo.`}
            </Text>
          )}
          {loaded.received === null && rows.length > 0 && (
            <Text fontSize="sm" color="orange.fg">
              Sem conexão: as solicitações ficam guardadas neste aparelho e são enviadas quando o
              sinal voltar.
            </Text>
          )}

          {toSend.length > 0 && (
            <Box>
              <Button
                colorPalette="brand"
                size="lg"
                onClick={() => void send()}
                loading={sending}
                loadingText="Enviando..."
              >
                {sendLabel(toSend.length)}
              </Button>
            </Box>
          )}

          {rows.length > 0 && (
            <ReadyLines
              rows={drawnRows}
              items={items}
              received={loaded.received}
              prior={loaded.prior}
            />
          )}
          {rows.length > ROWS_SHOWN && !all && (
            <Box>
              <Button variant="outline" size="sm" onClick={() => setAll(true)}>
                Mostrar todas as {rows.length} linhas
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** 'Importar planilha', for the corporate client's session (as 'Minhas solicitações'). */
export default function PickupImportPage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  return <ImportScreen />;
}
