import type { Browser, Page } from '@playwright/test';
import { CLIENT, startStack, type Stack } from '../support/stack';
import { expect, mailSettled, outboxSettled, test, waitForWorker } from './fixtures';
import { fillPickup } from './form-helpers';

test.skip(({ isMobile }) => isMobile, 'the gate and the form behave the same at every width');

async function signIn(page: Page, base: string, password = CLIENT.password) {
  await page.goto(`${base}/acesso-conta`);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
}

let own: Stack;
test.beforeAll(async () => {
  own = await startStack(); // request numbers start at 1035 on this fresh server
});
test.afterAll(() => own?.stop());

test('the gate: no session lands on the sign-in, a wrong password is refused, the right one enters', async ({
  page,
}) => {
  await page.goto(`${own.url}/formulario-solicitacao`);
  await expect(page).toHaveURL(/\/acesso-conta$/);
  await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
  await signIn(page, own.url, 'senha-errada');
  await expect(page.getByText('Acesso negado')).toBeVisible();
  await expect(page.getByText('Senha incorreta. Por favor, tente novamente.')).toBeVisible();
  await signIn(page, own.url);
  await expect(page.getByText('Acesso autorizado')).toBeVisible();
  await expect(page.getByText('Bem-vindo ao sistema de solicitações.')).toBeVisible();
  await expect(page).toHaveURL(/\/formulario-solicitacao$/);
  await expect(page.getByRole('heading', { name: 'Formulário de Solicitação' })).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/acesso-conta$/);
  await page.goto(`${own.url}/formulario-solicitacao`);
  await expect(page).toHaveURL(/\/acesso-conta$/);
});

test('every field rule and message, and the NF value filter', async ({ page }) => {
  await signIn(page, own.url);
  await expect(page.getByLabel('O que vamos buscar?')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Sim' })).toBeChecked();
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  for (const message of [
    'Nome é obrigatório',
    'Selecione o tipo de entrega',
    'Empresa é obrigatória',
    'Contato é obrigatório',
    'Telefone é obrigatório',
    'Email inválido',
    'Endereço é obrigatório',
    'Cidade é obrigatória',
    'Estado é obrigatório',
    'Peso é obrigatório',
    'Altura é obrigatória',
    'Comprimento é obrigatório',
    'Largura é obrigatória',
    'Valor da nota fiscal é obrigatório',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Solicitada por')).toBeFocused();

  // 'O que vamos buscar?' appears only with 'Outros', and stays optional.
  await page.getByText('Outros', { exact: true }).click();
  await expect(page.getByLabel('O que vamos buscar?')).toBeVisible();
  await page.getByText('Documentos', { exact: true }).click();
  await expect(page.getByLabel('O que vamos buscar?')).toHaveCount(0);

  const nf = page.getByLabel('Valor da NF (R$)');
  // Money is typed the Brazilian way and shown back masked once the field is left (one parser for
  // every money field).
  for (const [typed, kept] of [
    ['1.234,56', 'R$ 1.234,56'],
    ['1234.56', 'R$ 1.234,56'],
    ['12,3,4', 'R$ 12,34'],
    ['R$ 9a9', 'R$ 99,00'],
  ]) {
    await nf.fill('');
    await nf.pressSequentially(typed);
    await nf.blur();
    await expect(nf).toHaveValue(kept);
  }
  await page
    .getByRole('group', { name: 'Onde será a coleta deste material?' })
    .getByLabel('Email')
    .fill('carla@');
  await expect(page.getByText('Email inválido', { exact: true })).toBeVisible();
});

async function clientPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, own.url);
  await expect(page.getByRole('heading', { name: 'Formulário de Solicitação' })).toBeVisible();
  return page;
}

test('a request reaches the mailbox with its number; the next one, from another device, gets the next number', async ({
  browser,
}) => {
  const page = await clientPage(browser);
  await expect(page.getByLabel('Número da solicitação')).toHaveValue('1035');
  await fillPickup(page, 'Carla Mendes');
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada', { exact: true })).toBeVisible();
  await expect(page.getByText(/solicitação nº 1035 foi recebida/)).toBeVisible();
  await expect(page).toHaveURL(`${own.url}/`);

  const [mail] = await own.sink.waitFor(
    (m) => m.subject === 'Formulário de Solicitação 1035 - Carla Mendes',
  );
  expect(mail!.replyTo?.text).toBe('carla@cliente.example');
  const html = String(mail!.html);
  for (const fact of [
    'Outros: Caixa de lacres de segurança',
    'Não',
    'Laboratório Análise',
    'Pedro Alves',
    '(64) 3431-0000',
    'Itumbiara - GO',
    '3,50 kg',
    '40,0 × 30,0 × 20,0 cm',
    'R$ 1.234,56',
  ]) {
    expect(html).toContain(fact);
  }

  const other = await clientPage(browser);
  await expect(other.getByLabel('Número da solicitação')).toHaveValue('1036');
  await fillPickup(other, 'Bruno Dias');
  await other.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await own.sink.waitFor((m) => m.subject === 'Formulário de Solicitação 1036 - Bruno Dias');
  await page.context().close();
  await other.context().close();
});

test('made offline: provisional number, delivered once after reconnecting, with the final number', async ({
  browser,
}) => {
  const page = await clientPage(browser);
  await waitForWorker(page);
  const before = (await own.admin('/api/collections/pickup_requests/records?perPage=1')).totalItems;
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Número da solicitação')).toHaveValue(/\(provisório\)$/);
  await fillPickup(page, 'Sem Sinal Silva');
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação guardada neste aparelho')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envios pendentes: 1' })).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByText(/^Solicitação nº \d+ enviada$/)).toBeVisible({ timeout: 30_000 });
  const [mail] = await own.sink.waitFor((m) => /Sem Sinal Silva$/.test(m.subject ?? ''));
  const number = Number(mail!.subject!.match(/Solicitação (\d+) -/)![1]);
  await expect(page.getByText(`Solicitação nº ${number} enviada`)).toBeVisible();
  await outboxSettled(page);
  await mailSettled(own);
  expect((await own.admin('/api/collections/pickup_requests/records?perPage=1')).totalItems).toBe(
    before + 1,
  );
  expect(own.sink.messages.filter((m) => /Sem Sinal Silva$/.test(m.subject ?? ''))).toHaveLength(1);
  await page.context().close();
});

test('a session that expired while offline keeps the request waiting until the password is typed again', async ({
  browser,
}) => {
  const page = await clientPage(browser);
  await waitForWorker(page);
  await page.context().setOffline(true);
  await fillPickup(page, 'Sessão Vencida');
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação guardada neste aparelho')).toBeVisible();

  // Meanwhile the client's password changes on the server: the stored session is no longer valid.
  const client = (
    await own.admin(
      `/api/collections/clients/records?filter=${encodeURIComponent(`email="${CLIENT.email}"`)}`,
    )
  ).items[0];
  const setPassword = (password: string) =>
    own.admin(`/api/collections/clients/records/${client.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ password, passwordConfirm: password }),
    });
  await setPassword('nova-senha-456');
  try {
    await page.context().setOffline(false);
    const badge = page.getByRole('button', { name: 'Envios pendentes: 1' });
    await badge.click();
    await expect(
      page.getByText('Aguardando você entrar de novo com a senha de acesso'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Digitar a senha' }).click();
    await page.getByLabel('Senha').fill('nova-senha-456');
    await page.getByRole('button', { name: 'Acessar Sistema' }).click();
    await expect(page.getByText(/^Solicitação nº \d+ enviada$/)).toBeVisible({ timeout: 30_000 });
    await own.sink.waitFor((m) => /Sessão Vencida$/.test(m.subject ?? ''));
  } finally {
    await setPassword(CLIENT.password);
    await page.context().close();
  }
});
