import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { cpfFrom, shipmentFields } from '../support/payloads';
import { call, signIn, STAFF } from '../support/stack';
import { expect, staffPhone, staffPhoneReady, test } from './fixtures';

const STAGES = [
  'Encomenda coletada no ponto de coleta',
  'Encomenda enviada ao destino',
  'Encomenda chegou ao destino',
  'Encomenda entregue',
];

async function expectStages(page: Page, done: number[]) {
  const timeline = page.getByRole('list', { name: 'Etapas da entrega' });
  for (const [i, label] of STAGES.entries()) {
    const state = done.includes(i + 1) ? 'concluída' : 'pendente';
    await expect(timeline.getByRole('listitem', { name: `${label}: ${state}` })).toBeVisible();
  }
}

test.describe('lookup', () => {
  test("a CPF lists that person's shipments: number, where each is, destination and promise", async ({
    page,
    stack,
  }) => {
    const cpf = cpfFrom(Date.now());
    const office = await signIn(stack.url, 'staff', STAFF);
    const made = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: {
        op: 'shipment',
        record: `doc${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15),
        number: '',
        at: new Date().toISOString(),
        fields: shipmentFields({ recipientName: 'Helena Documento', recipientDocument: cpf }),
      },
    });
    expect(made.status).toBe(200);
    const number = made.body.record.number as string;
    await page.goto('/rastrear');
    await page.getByRole('textbox', { name: 'Número de rastreio, CPF ou CNPJ' }).fill(cpf);
    await page.getByRole('button', { name: 'Rastrear' }).click();
    const list = page.getByRole('list', { name: 'Remessas com este documento' });
    const item = list.getByRole('listitem').filter({ hasText: number });
    await expect(item.getByRole('link', { name: number })).toHaveAttribute(
      'href',
      `/rastrear?numero=${number}`,
    );
    await expect(item).toContainText('Remessa registrada');
    await expect(item).toContainText('Destino: Goiânia - GO');
    await expect(page.getByText('Helena Documento')).toHaveCount(0);
    // Nothing offers to send the CPF on.
    await expect(page.getByRole('link', { name: 'Enviar pelo WhatsApp' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copiar link' })).toHaveCount(0);
    // Nothing to follow under the document itself: its shipments are followed one by one.
    await expect(page.getByRole('button', { name: /Avise-me/ })).toHaveCount(0);
  });

  test('a seeded number shows exactly its stages, with when each was reached', async ({ page }) => {
    await page.goto('/rastrear');
    const response = page.waitForResponse((r) => r.url().includes('/api/rastreio/'));
    await page
      .getByRole('textbox', { name: 'Número de rastreio, CPF ou CNPJ' })
      .fill('987 654 321');
    await expect(
      page.getByRole('textbox', { name: 'Número de rastreio, CPF ou CNPJ' }),
    ).toHaveValue('987654321');
    await page.getByRole('button', { name: 'Rastrear' }).click();
    // Only the stages of the exact number typed travel: no id, no dates of creation, nothing else.
    expect(Object.keys(await (await response).json()).sort()).toEqual([
      'number',
      'stageTimes',
      'stages',
    ]);
    await expect(page.getByText('Informações de rastreamento encontradas')).toBeVisible();
    await expectStages(page, [1, 2, 3]);
    await expect(
      page
        .getByRole('listitem', { name: `${STAGES[0]}: concluída` })
        .getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: `${STAGES[3]}: pendente` }).getByText('Pendente'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\?numero=987654321$/);
    // Sent on to someone else: WhatsApp and the mail app open with the tracking link in the text.
    const origin = new URL(page.url()).origin;
    const whatsapp = new URL(
      (await page.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href'))!,
    );
    expect(whatsapp.host).toBe('wa.me');
    expect(whatsapp.searchParams.get('text')).toContain(`${origin}/rastrear?numero=987654321`);
    const mail = (await page
      .getByRole('link', { name: 'Enviar por e-mail' })
      .getAttribute('href'))!;
    expect(decodeURIComponent(mail)).toContain(`${origin}/rastrear?numero=987654321`);
  });

  test('an unknown number and an empty input get their messages', async ({ page }) => {
    await page.goto('/rastrear');
    await page.getByRole('button', { name: 'Rastrear' }).click();
    await expect(
      page.getByText('Por favor, digite um número de rastreio, CPF ou CNPJ').first(),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Número de rastreio, CPF ou CNPJ' }).fill('98765432');
    await page.getByRole('button', { name: 'Rastrear' }).click();
    await expect(page.getByText('Número de rastreio não encontrado').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Etapas da entrega' })).toHaveCount(0);
    // A shipment number with one digit mistyped (100000000007 is valid) is caught on the device.
    await page
      .getByRole('textbox', { name: 'Número de rastreio, CPF ou CNPJ' })
      .fill('100000000017');
    await page.getByRole('button', { name: 'Rastrear' }).click();
    await expect(
      page.getByText('Confira o número: o dígito final não confere').first(),
    ).toBeVisible();
  });

  test('a shared link opens the result, a CPF shown masked', async ({ page }) => {
    await page.goto('/rastrear?numero=52998224725');
    await expect(page.getByTestId('tracking-number')).toHaveText('529.982.247-25');
    await expectStages(page, [1, 2, 3, 4]);
    await expect(page.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  });

  test('the device remembers lookups and shows them offline with their age', async ({
    page,
    context,
  }) => {
    await page.goto('/rastrear?numero=123456789');
    await expectStages(page, [1]);
    const mine = page
      .getByRole('region', { name: 'Meus rastreios' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Meus rastreios' }) }));
    await expect(mine.getByText('Atualizado agora mesmo')).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Número de rastreio, CPF ou CNPJ' }).fill('123456789');
    await page.getByRole('button', { name: 'Rastrear' }).click();
    await expect(page.getByText('Sem conexão', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Último estado conhecido, consultado agora mesmo/)).toBeVisible();
    await expectStages(page, [1]);
    await context.setOffline(false);

    await page.getByRole('button', { name: 'Remover 123456789' }).click();
    await expect(page.getByRole('button', { name: 'Remover 123456789' })).toHaveCount(0);
  });
});

async function staffPage(browser: Browser, baseURL: string) {
  return (await staffPhone(browser, baseURL)).page;
}

test.describe('management', () => {
  test.skip(({ isMobile }) => isMobile, 'two staff phones are simulated on desktop contexts');

  test('changes on one screen appear on another without reload; duplicates are refused', async ({
    browser,
    baseURL,
  }) => {
    const a = await staffPage(browser, baseURL!);
    const b = await staffPage(browser, baseURL!);
    const number = cpfFrom(Date.now());

    await a.getByRole('button', { name: 'Registrar' }).click();
    await expect(a.getByText('Digite um número de rastreio')).toBeVisible();

    await a.getByLabel('Novo número de rastreio').fill(number);
    await a.getByRole('button', { name: 'Registrar' }).click();
    await expect(a.getByText('Número registrado com sucesso')).toBeVisible();
    const rowB = b.getByRole('listitem', { name: `Rastreio ${number}` });
    await expect(rowB).toBeVisible();
    // Newest first.
    await expect(
      b.getByRole('list', { name: 'Números registrados' }).getByRole('listitem').first(),
    ).toHaveAccessibleName(`Rastreio ${number}`);

    await a
      .getByRole('listitem', { name: `Rastreio ${number}` })
      .getByText(`2. ${STAGES[1]}`)
      .click();
    await expect(
      a
        .getByRole('listitem', { name: `Rastreio ${number}` })
        .getByRole('checkbox', { name: `2. ${STAGES[1]}` }),
    ).toBeChecked();
    await expect(a.getByText('Status atualizado com sucesso').first()).toBeVisible();
    await expect(rowB.getByRole('checkbox', { name: `2. ${STAGES[1]}` })).toBeChecked();
    await expect(rowB.getByRole('checkbox', { name: `1. ${STAGES[0]}` })).not.toBeChecked();
    // Who registered it and who marked the stage, on every phone.
    await expect(rowB.getByText('Registrado por Equipe')).toBeVisible();
    await expect(rowB.getByText('— por Equipe')).toBeVisible();

    await b.getByLabel('Novo número de rastreio').fill(number);
    await b.getByRole('button', { name: 'Registrar' }).click();
    await expect(b.getByText('Este número já foi registrado')).toBeVisible();

    await b.getByLabel('Buscar por número, destinatário ou CEP').fill(number);
    await expect(
      b.getByRole('list', { name: 'Números registrados' }).getByRole('listitem'),
    ).toHaveCount(1);

    await a.getByRole('button', { name: `Excluir ${number}` }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(a.getByText('Número removido com sucesso')).toBeVisible();
    await expect(rowB).toHaveCount(0);

    await a.getByRole('button', { name: 'Sair' }).click();
    await expect(a.getByText('Logout realizado com sucesso')).toBeVisible();
    await expect(a.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await a.context().close();
    await b.context().close();
  });

  test("'Exportar' saves the list as a CSV that Brazilian Excel opens, offline too", async ({
    browser,
    baseURL,
  }) => {
    // The app ready on the device (its worker in control): the CSV code loads with no signal.
    const { page, context } = await staffPhoneReady(browser, baseURL!);
    // Found by the search: the other tests' newer shipments push it past the first cards.
    await page.getByLabel('Buscar por número, destinatário ou CEP').fill('987654321');
    await expect(page.getByRole('listitem', { name: 'Rastreio 987654321' })).toBeVisible();
    await context.setOffline(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Exportar \(\d+\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rastreamentos-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    // UTF-8 with its byte-order mark, columns split by semicolons.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^Número;Solicitação;Cidade do remetente;Cidade do destinatário;/);
    // The number as text for Excel (="…", quoted as CSV wants it).
    const seeded = lines.find((l) => l.startsWith('"=""987654321""";'))!;
    expect(seeded.split(';')).toContain('Encomenda chegou ao destino');
    await context.close();
  });

  test('a visitor sees the sign-in and the API refuses their reads and writes', async ({
    page,
    request,
  }) => {
    await page.goto('/admin/tracking');
    await expect(
      page.getByRole('heading', { name: 'Gerenciar Status de Rastreamento' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    const list = await request.get('/api/collections/tracking/records');
    expect((await list.json()).items).toEqual([]);
    const create = await request.post('/api/collections/tracking/records', {
      data: { number: '31337' },
    });
    expect(create.status()).toBe(403);

    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();

    // The right password: the signed-in screen, and the earlier attempt's error (which would
    // otherwise stay its five seconds) no longer beside it.
    await page.getByLabel('Senha').fill(STAFF.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(page.getByText('E-mail ou senha incorretos.')).toBeHidden({ timeout: 1000 });
  });
});
