import { webcrypto } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { validateSubmission } from '../fields';
import {
  cellText,
  csvTable,
  IMPORT_COLUMNS,
  importIds,
  importSummary,
  MAX_IMPORT_ROWS,
  problemLines,
  readImport,
  readyRows,
  sendLabel,
  TEMPLATE_EXAMPLE,
  templateCsv,
  type Cell,
} from '../pickup-import';
import { SUBMISSION_KINDS } from '../submissions';

const RULES = SUBMISSION_KINDS.pickup.rules;
const rule = (name: string) => RULES.find((r) => r.name === name)!;
const HEADER = IMPORT_COLUMNS.map((c) => c.header);

/** A filled row (not the template's example), with some cells changed. */
function row(over: Record<string, Cell> = {}): Cell[] {
  const values: Record<string, Cell> = {
    ...TEMPLATE_EXAMPLE,
    solicitadaPor: 'Bruno Alves',
    cidade: 'Itumbiara',
    ...over,
  };
  return IMPORT_COLUMNS.map((c) => values[c.name] ?? '');
}

const sha256 = async (text: string) =>
  new Uint8Array(await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

describe("the template ('Baixar modelo')", () => {
  const csv = templateCsv();

  it("is Brazilian Excel's CSV: byte-order mark, semicolons, the header and one example row", () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split(';')).toEqual(HEADER);
  });

  it("has a column for every field of the pickup form, headed with the catalogue's label", () => {
    expect(IMPORT_COLUMNS.map((c) => c.name)).toEqual(RULES.map((r) => r.name));
    expect(HEADER).toContain('Solicitada por');
    expect(HEADER).toContain('Valor da NF');
    // Required unless the catalogue fills it in (the fixed site: 'sim', as the form starts).
    const required = IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.name);
    expect(required).toContain('telefone');
    expect(required).not.toContain('saiLocalColeta');
    expect(required).not.toContain('outroTipoEntrega');
  });

  it('reads back as one valid row that is refused only for being the example', () => {
    expect(validateSubmission(RULES, TEMPLATE_EXAMPLE)).toEqual({});
    const reading = readImport(csvTable(csv).table);
    expect(reading.fileProblems).toEqual([]);
    expect(reading.rows.map(problemLines)).toEqual([
      ['Linha 2: é o exemplo do modelo; apague-a ou troque pelos dados de uma coleta'],
    ]);
  });
});

describe('the header', () => {
  it('is recognised in any case, with or without accents, units or hyphens, or by field name', () => {
    const cells: [string, string][] = [
      ['SOLICITADA POR', 'Ana'],
      ['o que vamos entregar', 'Peças'],
      ['Empresa', 'ACME'],
      ['contato', 'Rui'],
      ['Fone', ''],
      ['telefone', '62 3333-4444'],
      ['E-mail', 'a@b.com.br'],
      ['Endereco', 'Rua 1'],
      ['cidade', 'Itumbiara'],
      ['UF', ''],
      ['estado', 'GO'],
      ['Peso', '1'],
      ['Altura (CM)', '2'],
      ['comprimento', '3'],
      ['Largura', '4'],
      ['Valor da NF (R$)', '10'],
    ];
    const table = [cells.map(([h]) => h), cells.map(([, v]) => v)];
    const reading = readImport(table);
    expect(reading.fileProblems).toEqual([]);
    expect(reading.ignored).toEqual(['Fone', 'UF']);
    expect(reading.rows[0]!.values).toMatchObject({
      solicitadaPor: 'Ana',
      tipoEntrega: 'Peças',
      email: 'a@b.com.br',
      estado: 'GO',
      peso: '1',
      valorNF: '10',
    });
    expect(reading.rows[0]!.problems).toEqual([]);
  });

  it('refuses a file without a required column, or with a column twice, before any row', () => {
    const noPhone = HEADER.filter((h) => h !== 'Telefone' && h !== 'Email');
    expect(readImport([noPhone, row()]).fileProblems).toEqual([
      'Faltam as colunas "Telefone", "Email" na linha 1. Baixe o modelo e confira o cabeçalho.',
    ]);
    expect(readImport([[...HEADER, 'peso'], row()]).fileProblems).toEqual([
      'A coluna "Peso (kg)" aparece mais de uma vez.',
    ]);
    expect(readImport([[''], []]).fileProblems).toEqual(['A planilha está vazia.']);
    expect(readImport([HEADER, []]).fileProblems).toEqual([
      'A planilha não tem nenhuma linha preenchida.',
    ]);
  });
});

describe('a cell, as the form would hold it', () => {
  it.each<[string, Cell, string]>([
    ['peso', '2,5', '2,5'],
    ['peso', ' 2.5 ', '2.5'],
    ['peso', 2.5, '2,5'],
    ['valorNF', 1500.5, '1500,5'],
    ['valorNF', 'R$ 1.500,00', 'R$ 1.500,00'],
    ['telefone', '62998765432', '(62) 99876-5432'],
    ['telefone', 62998765432, '(62) 99876-5432'],
    ['telefone', '62 3333.4444', '(62) 3333-4444'],
    ['telefone', '(62) 99876-5432', '(62) 99876-5432'],
    ['telefone', 'ramal 12', 'ramal 12'],
    ['tipoEntrega', 'pecas', 'Peças'],
    ['tipoEntrega', 'AMOSTRA DE SOJA', 'Amostra de Soja'],
    ['saiLocalColeta', 'Nao', 'não'],
    ['saiLocalColeta', true, 'sim'],
    ['estado', 'go', 'GO'],
    ['estado', 'Goiás', 'Goiás'],
    ['solicitadaPor', new Date(Date.UTC(2026, 10, 7)), '07/11/2026'],
    ['empresa', null, ''],
  ])('%s: %j → %j', (name, cell, text) => {
    expect(cellText(cell, rule(name))).toBe(text);
  });

  it.each<[Cell, string]>([
    ['07/11/2026', '2026-11-07'],
    ['7/11/2026', '2026-11-07'],
    [new Date(Date.UTC(2026, 10, 7)), '2026-11-07'],
  ])('a date field (dd/mm/aaaa): %j → %j', (cell, text) => {
    expect(cellText(cell, { name: 'd', label: 'Data', kind: 'date', required: true })).toBe(text);
  });

  it.each<[Cell, string]>([
    [1310100, '01310100'],
    ['01310-100', '01310-100'],
  ])('a CEP keeps its leading zero: %j → %j', (cell, text) => {
    expect(cellText(cell, { name: 'c', label: 'CEP', kind: 'cep', required: true })).toBe(text);
  });
});

describe('the rows', () => {
  const table: Cell[][] = [
    HEADER,
    row(),
    row({ telefone: '1234', peso: '0' }),
    [],
    row({ email: '', tipoEntrega: 'Caixas' }),
    ['', ' ', null],
    row({ solicitadaPor: 'Carla', peso: 3, valorNF: 250 }),
  ];
  const reading = readImport(table);

  it("are checked by the form's rules, each problem with its line and column in Portuguese", () => {
    expect(reading.rows.map((r) => r.line)).toEqual([2, 3, 5, 7]);
    expect(reading.rows.flatMap(problemLines)).toEqual([
      'Linha 3, Telefone: Telefone inválido',
      'Linha 3, Peso (kg): Informe um número maior que zero',
      'Linha 5, O que vamos entregar?: Escolha uma das opções',
      'Linha 5, Email: Email inválido',
    ]);
    // The same words the form shows under its fields.
    const values = reading.rows[1]!.values;
    expect(validateSubmission(RULES, values)).toEqual({
      telefone: 'Telefone inválido',
      peso: 'Informe um número maior que zero',
    });
  });

  it('are counted for the person, and only the valid ones are sent', () => {
    expect(importSummary(reading)).toBe('2 linhas prontas, 2 com erro');
    expect(readyRows(reading).map((r) => r.line)).toEqual([2, 7]);
    expect(sendLabel(2)).toBe('Enviar 2 solicitações');
    expect(sendLabel(1)).toBe('Enviar 1 solicitação');
    expect(importSummary(readImport([HEADER, row()]))).toBe('1 linha pronta');
  });

  it(`are at most ${MAX_IMPORT_ROWS} a file`, () => {
    const many = readImport([HEADER, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => row())]);
    expect(many.fileProblems).toEqual([
      `A planilha tem ${MAX_IMPORT_ROWS + 1} solicitações; envie no máximo ${MAX_IMPORT_ROWS} por vez.`,
    ]);
    expect(readyRows(many)).toEqual([]);
  });
});

describe('a CSV file', () => {
  it.each([
    ['semicolons (Brazilian Excel)', 'a;b;c\r\n1,5;"x;y";z\r\n'],
    ['commas', 'a,b,c\n"1,5","x;y",z\n'],
    ['tabs', 'a\tb\tc\n1,5\tx;y\tz\n'],
  ])('with %s is read cell by cell', (_, text) => {
    expect(csvTable(`\uFEFF${text}`).table.slice(0, 2)).toEqual([
      ['a', 'b', 'c'],
      ['1,5', 'x;y', 'z'],
    ]);
  });

  it('counts a cell with a line break as one row, as the spreadsheet shows it', () => {
    const { table } = csvTable('a;b\r\n"duas\r\nlinhas";1\r\nx;2\r\n');
    expect(table[2]).toEqual(['x', '2']);
  });

  it('says where a quote was left open', () => {
    expect(csvTable('a;b\r\nx;"aberta\r\n').problem).toBe(
      'Linha 2: há aspas sem fechar; confira a célula',
    );
  });

  it('keeps its cells through Papa Parse and back', () => {
    const parsed = Papa.parse<string[]>(templateCsv().slice(1), { delimiter: ';' });
    expect(parsed.data[1]![HEADER.indexOf('Telefone')]).toBe('(62) 99876-5432');
  });
});

describe("each row's record id", () => {
  const rows = readyRows(readImport([HEADER, row(), row({ solicitadaPor: 'Carla' }), row()]));

  it('is 15 characters of [a-z0-9], as PocketBase takes them from a client', async () => {
    for (const id of await importIds('conta1', rows, sha256)) expect(id).toMatch(/^[a-z0-9]{15}$/);
  });

  it('is the same for the same request, whatever its formatting or its line', async () => {
    const ids = await importIds('conta1', rows, sha256);
    expect(await importIds('conta1', rows, sha256)).toEqual(ids);
    // Two identical rows are two requests.
    expect(new Set(ids).size).toBe(3);
    // The same request written otherwise (a decimal point, a phone without its mask).
    const otherwise = readImport([HEADER, row({ peso: '2.5', telefone: 62998765432 })]);
    expect(await importIds('conta1', readyRows(otherwise), sha256)).toEqual([ids[0]]);
    // Rows moved, one added in front: the rows already sent keep their ids.
    const moved = readImport([
      HEADER,
      row({ solicitadaPor: 'Davi' }),
      row({ solicitadaPor: 'Carla' }),
      row(),
      row(),
    ]);
    const movedIds = await importIds('conta1', readyRows(moved), sha256);
    expect(movedIds.slice(1)).toEqual([ids[1], ids[0], ids[2]]);
  });

  it("is the sender's own: two clients with one file never share an id", async () => {
    const mine = await importIds('conta1', rows, sha256);
    const theirs = await importIds('conta2', rows, sha256);
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
  });
});
