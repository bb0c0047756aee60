/**
 * 'Importar planilha': a corporate client's pickup requests from a spreadsheet, one row a request.
 * The columns are the pickup kind's fields from the catalogue (submissions.ts), headed with their
 * labels; each row is checked by the very rules the form and the server use (`prepareSubmission`)
 * before anything is sent; each row's record id comes from what it asks for, so a file imported
 * twice (or corrected and imported again) sends no request twice. Reading the file itself (bytes,
 * XLSX) is src/lib/spreadsheet.ts.
 */
import Papa from 'papaparse';
import { excelCsv, textCell } from './export-csv';
import { formatDecimal } from './format';
import { type FieldRule } from './fields';
import { formatPhone } from './masks';
import { prepareSubmission, SUBMISSION_KINDS, YES_NO } from './submissions';
import { digitsOnly } from './text';

const KIND = SUBMISSION_KINDS.pickup;
const RULES = KIND.rules;

/**
 * The most rows one file may carry: a company's day. The server takes 3,000 pickups a day from
 * one company, 300 in ten seconds (COMPANY_CREATE_DAY_LIMIT and COMPANY_CREATE_LIMIT in
 * server/http/limits.ts); the outbox sends them fifty to a request (PICKUP_BATCH_MAX), so a file
 * of 1,000 leaves in seconds on a good signal.
 */
export const MAX_IMPORT_ROWS = 1000;
/** Far above 1,000 rows of any spreadsheet: a bigger file is something else (a photo, a backup). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** What a spreadsheet's cell may hold: CSV gives text, XLSX also numbers, dates and booleans. */
export type Cell = string | number | boolean | Date | null | undefined;

/** A column of the template: the field it fills and how a person reads it. */
export interface ImportColumn {
  name: string;
  header: string;
  required: boolean;
  /** What may be written there, when it is a choice or a rule a person must know. */
  hint: string;
}

function hintOf(rule: FieldRule): string {
  if (rule.kind === 'choice') {
    const empty = typeof rule.fallback === 'string' ? ` (em branco: ${rule.fallback})` : '';
    return `${rule.options!.join(', ')}${empty}`;
  }
  if (rule.onlyWhen)
    return `só quando "${labelOf(rule.onlyWhen.field)}" for ${rule.onlyWhen.equals}`;
  if (rule.kind === 'decimal') return `número, como 2,5 (${rule.unit})`;
  if (rule.kind === 'money') return 'em reais, como 1.500,00';
  if (rule.kind === 'phone') return 'com DDD, com ou sem máscara';
  if (rule.kind === 'date') return 'dd/mm/aaaa';
  return '';
}

const labelOf = (name: string) => RULES.find((r) => r.name === name)?.label ?? name;

/** The template's columns, in the catalogue's order (the form's). */
export const IMPORT_COLUMNS: readonly ImportColumn[] = RULES.map((rule) => ({
  name: rule.name,
  header: rule.label,
  required: rule.required && rule.fallback === undefined,
  hint: hintOf(rule),
}));

/** The template's example row: values a form would take, so the row itself passes every check. */
const EXAMPLE: Record<string, string> = {
  solicitadaPor: 'Ana Souza',
  tipoEntrega: 'Documentos',
  saiLocalColeta: 'sim',
  empresa: 'Laboratório Central',
  contato: 'Carlos Lima',
  telefone: '(62) 99876-5432',
  email: 'carlos@laboratoriocentral.com.br',
  endereco: 'Av. Goiás, 500 - Setor Central',
  cidade: 'Goiânia',
  estado: 'GO',
  peso: '2,5',
  altura: '20',
  comprimento: '30',
  largura: '15',
  valorNF: '1.500,00',
};

/** An example for a field the list above does not know yet (a field added to the catalogue). */
function exampleOf(rule: FieldRule): string {
  if (rule.name in EXAMPLE) return EXAMPLE[rule.name]!;
  if (!rule.required || rule.onlyWhen) return '';
  switch (rule.kind) {
    case 'choice':
      return rule.options![0]!;
    case 'decimal':
      return formatDecimal(Math.max(1, rule.minValue ?? 1), 0);
    case 'money':
      return '100,00';
    case 'phone':
      return '(11) 3333-4444';
    case 'email':
      return 'contato@empresa.com.br';
    case 'cep':
      return '01310-100';
    case 'date':
      return '';
    default:
      return rule.label;
  }
}

export const TEMPLATE_EXAMPLE: Readonly<Record<string, string>> = Object.fromEntries(
  RULES.map((rule) => [rule.name, exampleOf(rule)]),
);

export const TEMPLATE_FILE_NAME = 'modelo-solicitacoes-de-coleta.csv';

/** 'Baixar modelo': the header and one example row, as a CSV Brazilian Excel opens as it is. */
export function templateCsv(): string {
  return excelCsv(
    IMPORT_COLUMNS.map((c) => c.header),
    [IMPORT_COLUMNS.map((c) => textCell(TEMPLATE_EXAMPLE[c.name] ?? ''))],
  );
}

/** 'Peso (kg)', 'peso', 'PESO (KG)', 'Peso' and 'E-mail'/'Email' name the same column. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

const withoutParentheses = (text: string) => text.replace(/\([^)]*\)/g, '');

/** Each column's possible headers, folded: its label, its label without a unit, its field name. */
const HEADER_KEYS = new Map<string, string>();
for (const rule of RULES) {
  for (const key of [rule.label, withoutParentheses(rule.label), rule.name]) {
    if (!HEADER_KEYS.has(fold(key))) HEADER_KEYS.set(fold(key), rule.name);
  }
}

/** A text file's table: ';' (Brazilian Excel), ',' or tab between cells, whichever the header uses. */
export function csvTable(text: string): { table: string[][]; problem?: string } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const count = (sep: string) => firstLine.split(sep).length - 1;
  const delimiter = [';', '\t', ','].reduce((best, sep) => (count(sep) > count(best) ? sep : best));
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  const problem =
    broken && broken.row !== undefined
      ? `Linha ${broken.row + 1}: há aspas sem fechar; confira a célula`
      : undefined;
  return { table: parsed.data, problem };
}

/** A number cell as a person types it: a decimal comma; a CEP's or document's leading zeros back. */
function numberText(n: number, rule: FieldRule): string {
  const digits = String(n);
  if (rule.kind === 'cep') return digits.padStart(8, '0');
  if (rule.kind === 'document') return digits.padStart(digits.length > 11 ? 14 : 11, '0');
  return digits.replace('.', ',');
}

/** A choice's options by their folded spelling, folded once per rule (not once per cell). */
const folded = new WeakMap<FieldRule, Map<string, string>>();
function choicesOf(rule: FieldRule): Map<string, string> {
  let choices = folded.get(rule);
  if (!choices) {
    choices = new Map();
    for (const option of rule.options ?? []) {
      if (!choices.has(fold(option))) choices.set(fold(option), option);
    }
    folded.set(rule, choices);
  }
  return choices;
}

/** A cell as the form would hold it: text typed the way a Brazilian types it. */
export function cellText(cell: Cell, rule: FieldRule): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    // Spreadsheet dates are days with no time zone: read as UTC.
    const [y, m, d] = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
    const pad = (n: number) => String(n).padStart(2, '0');
    return rule.kind === 'date' ? `${y}-${pad(m)}-${pad(d)}` : `${pad(d)}/${pad(m)}/${y}`;
  }
  if (typeof cell === 'boolean') {
    return rule.options === YES_NO ? (cell ? 'sim' : 'não') : String(cell);
  }
  const text = typeof cell === 'number' ? numberText(cell, rule) : cell.trim();
  switch (rule.kind) {
    case 'choice':
      return choicesOf(rule).get(fold(text)) ?? text;
    case 'phone': {
      const digits = digitsOnly(text);
      // Masked or not, as the form's mask writes it.
      return /^[\d\s().-]+$/.test(text) && (digits.length === 10 || digits.length === 11)
        ? formatPhone(digits)
        : text;
    }
    case 'date': {
      const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : text;
    }
    default:
      return text;
  }
}

/** One problem of a row: the field (empty for the row as a whole) and what is wrong. */
export interface RowProblem {
  field: string;
  label: string;
  message: string;
}

export interface ImportRow {
  /** The row's number as the spreadsheet shows it (the header is line 1). */
  line: number;
  /** Every field of the kind, as the form would send it. */
  values: Record<string, string>;
  problems: RowProblem[];
  /**
   * The request as the server would store it (`prepareSubmission`'s record), when the row passes
   * the rules: its id is made from this (each row is prepared once, not once to check and again
   * for its id).
   */
  stored?: unknown;
}

export interface ImportReading {
  /** What keeps the whole file from being read: missing or repeated columns, too many rows. */
  fileProblems: string[];
  /** Headers that name no field: their cells are left out. */
  ignored: string[];
  rows: ImportRow[];
}

const isBlank = (cell: Cell) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** The example row of the template, as stored: a row equal to it was not filled in. */
const EXAMPLE_RECORD = JSON.stringify(storedOf(TEMPLATE_EXAMPLE));

function storedOf(values: Record<string, unknown>): unknown {
  const prepared = prepareSubmission(KIND, values);
  return prepared.ok ? prepared.record : null;
}

/**
 * A spreadsheet's table (rows of cells, the header first) as rows to send, each checked with the
 * catalogue's rules. Empty rows are skipped; line numbers stay the spreadsheet's.
 */
export function readImport(table: readonly (readonly Cell[])[]): ImportReading {
  const headerAt = table.findIndex((row) => row.some((cell) => !isBlank(cell)));
  if (headerAt === -1) {
    return { fileProblems: ['A planilha está vazia.'], ignored: [], rows: [] };
  }
  const header = table[headerAt]!;
  const fields: (string | null)[] = [];
  const ignored: string[] = [];
  const repeated = new Set<string>();
  header.forEach((cell) => {
    const title = isBlank(cell) ? '' : String(cell).trim();
    const name = title
      ? (HEADER_KEYS.get(fold(title)) ?? HEADER_KEYS.get(fold(withoutParentheses(title))) ?? null)
      : null;
    if (name && fields.includes(name)) repeated.add(labelOf(name));
    if (title && !name) ignored.push(title);
    fields.push(name && !fields.includes(name) ? name : null);
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !fields.includes(c.name));
  const fileProblems: string[] = [];
  if (missing.length) {
    fileProblems.push(
      `${missing.length === 1 ? 'Falta a coluna' : 'Faltam as colunas'} ${missing.map((c) => `"${c.header}"`).join(', ')} na linha ${headerAt + 1}. Baixe o modelo e confira o cabeçalho.`,
    );
  }
  for (const label of repeated) fileProblems.push(`A coluna "${label}" aparece mais de uma vez.`);
  if (fileProblems.length) return { fileProblems, ignored, rows: [] };

  const rows: ImportRow[] = [];
  const columns = RULES.map((rule) => fields.indexOf(rule.name));
  for (let index = headerAt + 1; index < table.length; index++) {
    const cells = table[index]!;
    if (cells.every(isBlank)) continue;
    const values: Record<string, string> = {};
    RULES.forEach((rule, i) => {
      const column = columns[i]!;
      values[rule.name] = column === -1 ? '' : cellText(cells[column], rule);
    });
    rows.push({ line: index + 1, values, ...checkedRow(values) });
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    fileProblems.push(
      `A planilha tem ${rows.length} solicitações; envie no máximo ${MAX_IMPORT_ROWS} por vez.`,
    );
  }
  if (rows.length === 0) fileProblems.push('A planilha não tem nenhuma linha preenchida.');
  return { fileProblems, ignored, rows };
}

/**
 * What is wrong with a row, field by field in the form's order, by the catalogue's rules; and the
 * request as stored when nothing is.
 */
function checkedRow(values: Record<string, string>): Pick<ImportRow, 'problems' | 'stored'> {
  const prepared = prepareSubmission(KIND, values);
  if (prepared.ok) {
    return JSON.stringify(prepared.record) === EXAMPLE_RECORD
      ? {
          problems: [
            {
              field: '',
              label: '',
              message: 'é o exemplo do modelo; apague-a ou troque pelos dados de uma coleta',
            },
          ],
        }
      : { problems: [], stored: prepared.record };
  }
  return {
    problems: RULES.filter((rule) => prepared.errors[rule.name]).map((rule) => ({
      field: rule.name,
      label: rule.label,
      message: prepared.errors[rule.name]!,
    })),
  };
}

/** 'Linha 7, Telefone: Telefone inválido', one line per problem of the row. */
export function problemLines(row: ImportRow): string[] {
  return row.problems.map((p) =>
    p.label ? `Linha ${row.line}, ${p.label}: ${p.message}` : `Linha ${row.line}: ${p.message}`,
  );
}

export const readyRows = (reading: ImportReading) =>
  reading.fileProblems.length ? [] : reading.rows.filter((r) => r.problems.length === 0);

/** '48 linhas prontas, 2 com erro'. */
export function importSummary(reading: ImportReading): string {
  const ready = readyRows(reading).length;
  const wrong = reading.rows.filter((r) => r.problems.length > 0).length;
  const lines = (n: number) => (n === 1 ? '1 linha pronta' : `${n} linhas prontas`);
  return wrong ? `${lines(ready)}, ${wrong} com erro` : lines(ready);
}

/** 'Enviar 48 solicitações'. */
export const sendLabel = (count: number) =>
  count === 1 ? 'Enviar 1 solicitação' : `Enviar ${count} solicitações`;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A record id PocketBase takes (15 characters of [a-z0-9]) from a digest's first bytes. */
export function recordIdFrom(digest: Uint8Array): string {
  let id = '';
  for (let i = 0; i < 15; i++) id += ID_ALPHABET[digest[i]! % ID_ALPHABET.length];
  return id;
}

/**
 * What each ready row's id is made from: who sends it (`sender`: the client's company, or its
 * account), the request as the server would store it (so '2,5' and '2.5', a phone masked or not,
 * give one id), and how many identical rows came before it in the file (two identical rows are two
 * requests). Not the file itself nor the line: a file corrected and imported again, or with rows
 * moved, keeps the ids of the rows already sent.
 */
export function idSources(sender: string, rows: readonly ImportRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const request = JSON.stringify([sender, KIND.kind, row.stored ?? storedOf(row.values)]);
    const occurrence = seen.get(request) ?? 0;
    seen.set(request, occurrence + 1);
    return `${request}#${occurrence}`;
  });
}

/** The rows' record ids, from a SHA-256 (`digest`, WebCrypto's on a device) of `idSources`. */
export async function importIds(
  sender: string,
  rows: readonly ImportRow[],
  digest: (text: string) => Promise<Uint8Array>,
): Promise<string[]> {
  return Promise.all(idSources(sender, rows).map(async (s) => recordIdFrom(await digest(s))));
}
