// 'Importar planilha': a corporate client downloads the template, fills it (or an XLSX) with some
// good and some bad rows, sees each bad row's problems, sends the good ones once (also with no
// signal), and finds them in 'Minhas solicitações' and on the server. A phone's width.
import type { Page } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { CLIENT, type Stack } from '../support/stack';
import { expect, outboxSettled, test, waitForWorker } from './fixtures';

test.skip(({ isMobile }) => !isMobile, "a client's phone: the desk's width adds nothing here");

async function openImport(page: Page) {
  await page.goto('/acesso-conta');
  await page.getByLabel('Senha').fill(CLIENT.password);
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(page).toHaveURL(/\/formulario-solicitacao$/);
  await page.getByRole('link', { name: 'Importar planilha' }).click();
  await expect(page.getByRole('heading', { name: 'Importar planilha' })).toBeVisible();
}

/** 'Baixar modelo': the file's name and text. */
async function downloadTemplate(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar modelo' }).click(),
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** A CSV as Excel saves it ('CSV UTF-8'): the template's header, then one line per row. */
function csvFrom(header: string[], rows: (Record<string, string> | null)[]) {
  const lines = rows.map((row) => (row ? header.map((h) => row[h] ?? '').join(';') : ''));
  return Buffer.from(`\uFEFF${[header.join(';'), ...lines].join('\r\n')}\r\n`, 'utf8');
}

/** A request as a person fills the template, under a name of this run. */
const request = (name: string, over: Record<string, string> = {}) => ({
  'Solicitada por': name,
  'O que vamos entregar?': 'Documentos',
  'Sai do local de coleta fixo?': 'sim',
  Empresa: 'Laboratório Central',
  Contato: 'Carlos Lima',
  Telefone: '(62) 99876-5432',
  Email: 'carlos@laboratoriocentral.com.br',
  Endereço: 'Av. Goiás, 500',
  Cidade: 'Goiânia',
  Estado: 'GO',
  'Peso (kg)': '2,5',
  'Altura (cm)': '20',
  'Comprimento (cm)': '30',
  'Largura (cm)': '15',
  'Valor da NF': '1.500,00',
  ...over,
});

function pick(page: Page, name: string, buffer: Buffer, mimeType = 'text/csv') {
  return page.getByLabel('Planilha (CSV ou XLSX)').setInputFiles({ name, mimeType, buffer });
}

/** The requests stored on the server whose requester's name carries `tag`. */
async function stored(stack: Stack, tag: string) {
  const filter = encodeURIComponent(`solicitadaPor ~ '${tag}'`);
  const list = await stack.admin(
    `/api/collections/pickup_requests/records?perPage=200&sort=number&filter=${filter}`,
  );
  return list.items as Record<string, unknown>[];
}

/** What the page says of the file it read ('48 linhas prontas, 2 com erro'). */
const summary = (page: Page) =>
  page.getByRole('region', { name: /^Planilha / }).getByRole('status');
const readyList = (page: Page) => page.getByRole('list', { name: 'Linhas prontas' });
const line = (page: Page, n: number) =>
  readyList(page).getByRole('listitem', { name: `Linha ${n}` });

test('a CSV from the template: bad rows told per line and column, good ones sent once', async ({
  page,
  browser,
  stack,
}) => {
  const tag = `Imp${Date.now().toString(36)}`;
  await openImport(page);

  const template = await downloadTemplate(page);
  expect(template.name).toBe('modelo-solicitacoes-de-coleta.csv');
  expect(template.text.startsWith('\uFEFF')).toBe(true);
  const [headerLine, exampleLine] = template.text.slice(1).split('\r\n');
  const header = headerLine!.split(';');
  expect(header).toEqual(Object.keys(request('')).toSpliced(2, 0, 'O que vamos buscar?'));
  expect(exampleLine).toContain('(62) 99876-5432');

  const file = csvFrom(header, [
    // Typed the Brazilian ways the form takes: lower case, a decimal point, no phone mask.
    request(`Ana ${tag}`, {
      'O que vamos entregar?': 'documentos',
      Telefone: '62998765432',
      Estado: 'go',
      'Peso (kg)': '2.5',
      'Valor da NF': 'R$ 1.500,00',
    }),
    request(`Bruno ${tag}`, { Telefone: '1234' }),
    null,
    request(`Carla ${tag}`, { 'Sai do local de coleta fixo?': 'Não' }),
    request(`Davi ${tag}`, { Email: '', 'Peso (kg)': '0' }),
    request(`Elis ${tag}`, {
      'O que vamos entregar?': 'Outros',
      'O que vamos buscar?': 'Caixa térmica',
    }),
  ]);
  await pick(page, 'coletas.csv', file);
  await expect(summary(page)).toHaveText('3 linhas prontas, 2 com erro');
  await expect(
    page.getByRole('list', { name: 'Linhas com erro' }).getByRole('listitem'),
  ).toHaveText([
    'Linha 3, Telefone: Telefone inválido',
    'Linha 6, Email: Email inválido',
    'Linha 6, Peso (kg): Informe um número maior que zero',
  ]);
  await expect(line(page, 2)).toContainText(`Ana ${tag}, Documentos: Goiânia`);
  await expect(line(page, 2)).toContainText('Pronta para enviar');

  await page.getByRole('button', { name: 'Enviar 3 solicitações' }).click();
  await expect(page.getByText('Solicitações enviadas', { exact: true })).toBeVisible();
  for (const n of [2, 5, 7]) await expect(line(page, n)).toContainText(/Enviada · nº \d+/);
  await expect(page.getByRole('button', { name: /^Enviar \d/ })).toHaveCount(0);

  // On the server as the form would have stored them.
  const made = await stored(stack, tag);
  expect(made.map((r) => r.solicitadaPor)).toEqual([`Ana ${tag}`, `Carla ${tag}`, `Elis ${tag}`]);
  expect(made[0]).toMatchObject({
    tipoEntrega: 'Documentos',
    telefone: '(62) 99876-5432',
    estado: 'GO',
    pesoKg: 2.5,
    valorNFCents: 150000,
    saiLocalColeta: 'sim',
  });
  expect(made[1]).toMatchObject({ saiLocalColeta: 'não' });
  expect(made[2]).toMatchObject({ tipoEntrega: 'Outros', outroTipoEntrega: 'Caixa térmica' });
  const numbers = made.map((r) => Number(r.number));
  await expect(line(page, 2)).toContainText(`nº ${numbers[0]}`);

  await page.getByRole('link', { name: 'Minhas solicitações' }).click();
  for (const number of numbers) {
    await expect(page.getByRole('listitem', { name: `Solicitação nº ${number}` })).toBeVisible();
  }

  // The same file again, on this device: nothing to send.
  await page.goto('/importar-planilha');
  await pick(page, 'coletas.csv', file);
  await expect(summary(page)).toHaveText('3 linhas prontas, 2 com erro');
  await expect(
    page.getByText('3 linhas já foram importadas antes e não serão enviadas de novo.'),
  ).toBeVisible();
  await expect(line(page, 5)).toContainText(`Já enviada antes · nº ${numbers[1]}`);
  await expect(page.getByRole('button', { name: /^Enviar \d/ })).toHaveCount(0);

  // And on another device: the server says which it already has.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const second = await other.newPage();
  await openImport(second);
  await pick(second, 'coletas.csv', file);
  await expect(summary(second)).toHaveText('3 linhas prontas, 2 com erro');
  await expect(line(second, 7)).toContainText(
    new RegExp(`^Linha 7 · Elis ${tag}.*Já recebida em \\d{2}/\\d{2}/\\d{4} · nº ${numbers[2]}$`),
  );
  await expect(second.getByRole('button', { name: /^Enviar \d/ })).toHaveCount(0);
  await other.close();
  expect(await stored(stack, tag)).toHaveLength(3);
});

test("with no signal the rows wait in 'Envios' and go, once, when it returns", async ({
  page,
  context,
  stack,
}) => {
  const tag = `Off${Date.now().toString(36)}`;
  await openImport(page);
  await waitForWorker(page);
  const header = (await downloadTemplate(page)).text.slice(1).split('\r\n')[0]!.split(';');

  await context.setOffline(true);
  await page.reload();
  await pick(
    page,
    'sem-sinal.csv',
    csvFrom(header, [request(`Fabi ${tag}`), request(`Gil ${tag}`)]),
  );
  await expect(summary(page)).toHaveText('2 linhas prontas');
  await expect(page.getByText(/^Sem conexão: as solicitações ficam guardadas/)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar 2 solicitações' }).click();
  await expect(page.getByText('Solicitações guardadas neste aparelho')).toBeVisible();
  await expect(line(page, 2)).toContainText('Aguardando envio');

  await page.getByRole('button', { name: 'Envios pendentes: 2' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText(`Fabi ${tag}, Documentos: Goiânia`)).toBeVisible();
  await expect(panel.getByText(`Gil ${tag}, Documentos: Goiânia`)).toBeVisible();
  await expect(panel.getByText('Solicitação de coleta')).toHaveCount(2);
  await page.keyboard.press('Escape');
  expect(await stored(stack, tag)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  for (const n of [2, 3]) await expect(line(page, n)).toContainText(/Enviada · nº \d+/);
  await outboxSettled(page);
  expect((await stored(stack, tag)).map((r) => r.solicitadaPor)).toEqual([
    `Fabi ${tag}`,
    `Gil ${tag}`,
  ]);
});

test('an XLSX: numbers, booleans and a bad row; its reader is fetched only when one is picked', async ({
  page,
  stack,
}) => {
  const tag = `Xls${Date.now().toString(36)}`;
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await openImport(page);
  const columns = Object.keys(request(''));
  const row = (over: Record<string, string | number | boolean>) =>
    columns.map((c) =>
      c in over ? over[c]! : request(tag)[c as keyof ReturnType<typeof request>],
    );
  const xlsx = await writeXlsxFile([
    columns,
    row({
      'Solicitada por': `Hugo ${tag}`,
      'Sai do local de coleta fixo?': true,
      Telefone: 6234567890,
      'Peso (kg)': 1.5,
      'Altura (cm)': 10,
      'Valor da NF': 980.5,
    }),
    row({ 'Solicitada por': `Iris ${tag}`, Estado: 'XX' }),
  ]).toBuffer();
  const reader = /\/assets\/xlsx-reader-[^/]+\.js$/;
  expect(scripts.filter((url) => reader.test(url))).toEqual([]);

  await pick(
    page,
    'coletas.xlsx',
    xlsx,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  await expect(summary(page)).toHaveText('1 linha pronta, 1 com erro');
  expect(scripts.filter((url) => reader.test(url))).toHaveLength(1);
  await expect(page.getByRole('list', { name: 'Linhas com erro' })).toHaveText(
    'Linha 3, Estado: Escolha uma das opções',
  );
  await page.getByRole('button', { name: 'Enviar 1 solicitação' }).click();
  await expect(line(page, 2)).toContainText(/Enviada · nº \d+/);
  const [made] = await stored(stack, tag);
  expect(made).toMatchObject({
    solicitadaPor: `Hugo ${tag}`,
    saiLocalColeta: 'sim',
    telefone: '(62) 3456-7890',
    pesoKg: 1.5,
    alturaCm: 10,
    valorNFCents: 98050,
  });

  // A workbook with a long second sheet (a list of addresses): its first sheet is still read (a
  // part that big once went to a worker the site's CSP blocks, and the reading never ended).
  const addresses = Array.from({ length: 8000 }, (_, i) => [`Rua ${i}, ${i * 7}`, `Cidade ${i}`]);
  const workbook = await writeXlsxFile([
    { sheet: 'Coletas', data: [columns, row({ 'Solicitada por': `Jade ${tag}` })] },
    { sheet: 'Endereços', data: [['Endereço', 'Cidade'], ...addresses] },
  ]).toBuffer();
  await pick(
    page,
    'coletas-e-enderecos.xlsx',
    workbook,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  await expect(summary(page)).toHaveText('1 linha pronta');
  await expect(line(page, 2)).toContainText(`Jade ${tag}`);
});
