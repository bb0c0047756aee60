import { Button, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { toaster } from '../../components/toaster';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import { formatCents, formatDateTime, formatDecimal } from '../../domain/format';
import { formatCnpj } from '../../domain/masks';
import {
  MONTH,
  monthInBrazil,
  monthLabel,
  recentMonths,
  STATEMENT_MESSAGES,
  statementFileName,
  statementLine,
  statementTotals,
  type Statement,
} from '../../domain/statement';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';
import { clientApi, failureKind, serverMessage } from '../../lib/pocketbase';
import { ClientHeader } from './client-nav';
import { fetchStatement } from './company-shipments-api';
import { signedInAccount } from './own-company';
import { saveFile, SHEET_PRINT_CSS } from './print-sheet';

/** The last statement fetched on this device, shown with its time when there is no signal. */
const KEY = 'rv_statement';
interface KeptStatement {
  company: string;
  statement: Statement;
  savedAt: number;
}

function kept(month: string): KeptStatement | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as KeptStatement | null;
    const mine = value && value.company === signedInAccount()?.company;
    return mine && value.statement.month === month ? value : null;
  } catch {
    return null;
  }
}

const hhmm = (ms: number) =>
  new Date(ms).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

/**
 * 'Extrato' (`?mes=AAAA-MM`, this month by default): the company's shipments made in a month
 * (Brasília's calendar) with the price the server stored for each, and the totals; printed on A4
 * or saved as a spreadsheet in Brazilian Excel's dialect.
 */
export default function StatementPage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  return (
    <Stack gap="5">
      <style>{SHEET_PRINT_CSS}</style>
      <ClientHeader title="Extrato" />
      <StatementScreen />
    </Stack>
  );
}

type Shown =
  | { kind: 'loading' }
  | { kind: 'ready'; statement: Statement; savedAt: number; offline: boolean }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string };

function StatementScreen() {
  const [params, setParams] = useSearchParams();
  const current = monthInBrazil();
  const asked = params.get('mes') ?? '';
  const month = MONTH.test(asked) ? asked : current;
  const months = recentMonths(current);
  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('mes', value);
    setParams(next, { replace: true });
  };
  const picker = (
    <Field.Root maxW="xs">
      <Field.Label>Mês</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={month} onChange={(e) => choose(e.currentTarget.value)}>
          {(months.includes(month) ? months : [month, ...months]).map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
  // A month of its own: what was shown for another month goes at once.
  return <MonthStatement key={month} month={month} picker={picker} />;
}

/** The month's statement as the device last had it, when there is no signal. */
function fallback(month: string): Shown {
  const last = kept(month);
  return last
    ? { kind: 'ready', statement: last.statement, savedAt: last.savedAt, offline: true }
    : { kind: 'offline' };
}

async function download(statement: Statement) {
  try {
    // The spreadsheet's code (Papa Parse) only when a spreadsheet is asked for.
    const { statementCsv } = await import('../../domain/statement-csv');
    const text = statementCsv(statement.shipments);
    saveFile(
      new Blob([text], { type: 'text/csv;charset=utf-8' }),
      statementFileName(statement.month),
    );
  } catch {
    toaster.replace('extrato', {
      title: 'Não foi possível gerar a planilha',
      description: 'Tente de novo com conexão.',
      type: 'warning',
    });
  }
}

function MonthStatement({ month, picker }: { month: string; picker: React.ReactNode }) {
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });

  useEffect(() => {
    let gone = false;
    const load = async () => {
      let next: Shown;
      try {
        const statement = await fetchStatement(month);
        const savedAt = Date.now();
        const account = signedInAccount();
        if (account) {
          const value: KeptStatement = { company: account.company, statement, savedAt };
          localStorage.setItem(KEY, JSON.stringify(value));
        }
        next = { kind: 'ready', statement, savedAt, offline: false };
      } catch (error) {
        next =
          failureKind(error) === 'offline'
            ? fallback(month)
            : { kind: 'refused', message: serverMessage(error) || 'Extrato indisponível.' };
      }
      if (!gone) setShown(next);
    };
    void load();
    const online = () => void load();
    window.addEventListener('online', online);
    return () => {
      gone = true;
      window.removeEventListener('online', online);
    };
  }, [month]);

  const ready = shown.kind === 'ready' ? shown : null;
  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="end">
        {picker}
        <Button colorPalette="brand" disabled={!ready} onClick={() => window.print()}>
          Imprimir
        </Button>
        <Button
          variant="outline"
          disabled={!ready}
          onClick={() => ready && void download(ready.statement)}
        >
          Baixar planilha (CSV)
        </Button>
      </Flex>
      {shown.kind === 'loading' && <Loading />}
      {shown.kind === 'offline' && (
        <Text role="alert" color="orange.fg">
          {STATEMENT_MESSAGES.offline}
        </Text>
      )}
      {shown.kind === 'refused' && <Text role="alert">{shown.message}</Text>}
      {ready && (
        <>
          <Text role="status" fontSize="sm" color={ready.offline ? 'orange.fg' : 'fg.muted'}>
            {ready.offline
              ? `Sem conexão: extrato como estava às ${hhmm(ready.savedAt)}.`
              : `Extrato atualizado às ${hhmm(ready.savedAt)}.`}
          </Text>
          <StatementSheet statement={ready.statement} />
        </>
      )}
    </Stack>
  );
}

const COLUMNS = [
  'Número',
  'Data',
  'Solicitação',
  'Destino',
  'Serviço',
  'Peso (kg)',
  'Peso cobrado (kg)',
  'Frete',
  'Seguro',
  'Valor',
] as const;

function StatementSheet({ statement }: { statement: Statement }) {
  const totals = statementTotals(statement.shipments);
  const count = totals.count === 1 ? '1 remessa' : `${totals.count} remessas`;
  return (
    <section
      className="cs-sheet"
      data-print-sheet
      aria-label={`Extrato de ${monthLabel(statement.month)}`}
    >
      <div className="cs-head">
        <div>
          <div className="cs-company">{company.name}</div>
          <div className="cs-small">
            {company.phone} · {company.email}
          </div>
        </div>
        <h2 className="cs-title">Extrato de {monthLabel(statement.month)}</h2>
      </div>
      <dl>
        <dt>Cliente</dt>
        <dd>
          {statement.company.name}
          {statement.company.taxId ? ` · CNPJ ${formatCnpj(statement.company.taxId)}` : ''}
        </dd>
        <dt>Período</dt>
        <dd>{monthLabel(statement.month)} (remessas registradas no mês, horário de Brasília)</dd>
        <dt>Total</dt>
        <dd>
          {count} · {formatCents(totals.priceCents)}
        </dd>
      </dl>
      {totals.count === 0 ? (
        <p>{STATEMENT_MESSAGES.empty}</p>
      ) : (
        // Focusable: on a phone the table scrolls sideways, by keyboard too.
        <div className="cs-scroll" role="group" aria-label="Remessas do mês" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {COLUMNS.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {statement.shipments.map((s) => {
                const line = statementLine(s);
                return (
                  <tr key={s.number}>
                    <td className="cs-num">{line.number}</td>
                    <td className="cs-num">{line.day}</td>
                    <td className="cs-num">{line.request}</td>
                    <td>{line.destination}</td>
                    <td>{line.service}</td>
                    <td className="cs-right">{line.weight}</td>
                    <td className="cs-right">{line.chargeable}</td>
                    <td className="cs-right">{line.freight}</td>
                    <td className="cs-right">{line.insurance}</td>
                    <td className="cs-right">{line.price}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={5}>Total ({count})</td>
                <td className="cs-right">{formatDecimal(totals.weightKg)}</td>
                <td className="cs-right">{formatDecimal(totals.chargeableKg)}</td>
                <td className="cs-right">{formatCents(totals.freightCents)}</td>
                <td className="cs-right">{formatCents(totals.insuranceCents)}</td>
                <td className="cs-right">{formatCents(totals.priceCents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {totals.unpriced > 0 && (
        <p className="cs-note">{STATEMENT_MESSAGES.unpriced(totals.unpriced)}</p>
      )}
      <p className="cs-note">
        Valores da tabela de preços no dia em que cada remessa foi registrada (peso ou cubagem, o
        maior, mais 1% do valor declarado). Emitido em {formatDateTime(new Date())}.
      </p>
    </section>
  );
}
