import type { Page } from '@playwright/test';
import { startStack, type Stack } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';
import { fillQuote } from './form-helpers';

test.skip(({ isMobile }) => isMobile, 'the outbox works the same at every width');

const SAVED = 'Pedido guardado neste aparelho';

async function quotesBy(stack: Stack, senderName: string) {
  return stack.admin(
    `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName~"${senderName}"`)}&perPage=100`,
  );
}

async function submitQuote(page: Page, senderName: string) {
  await fillQuote(page, senderName);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
}

test('offline: saved on the device, survives reload and a new page, sent once when back online', async ({
  page,
  context,
  stack,
}) => {
  const name = `Sem Sinal ${Date.now()}`;
  await page.goto('/cotacao');
  await waitForWorker(page);
  await context.setOffline(true);
  await submitQuote(page, name);
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Remetente' }).getByLabel('Nome')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Envios pendentes: 1' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Envios pendentes: 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Envios pendentes: 1' }).click();
  await expect(page.getByRole('dialog').getByText('Cotação expressa')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Aguardando', { exact: false })).toBeVisible();
  await page.close();

  const again = await context.newPage();
  await again.goto('/');
  await expect(again.getByRole('button', { name: 'Envios pendentes: 1' })).toBeVisible();
  expect((await quotesBy(stack, name)).totalItems).toBe(0);

  await context.setOffline(false);
  await expect(again.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0, {
    timeout: 20_000,
  });
  await expect.poll(async () => (await quotesBy(stack, name)).totalItems).toBe(1);
  await stack.sink.waitFor((m) => String(m.html).includes(name));
  await again.waitForTimeout(1000);
  expect((await quotesBy(stack, name)).totalItems).toBe(1);
  expect(stack.sink.messages.filter((m) => String(m.html).includes(name))).toHaveLength(1);
});

test('server stopped during the submit, then restarted: delivered once', async ({ page }) => {
  const own = await startStack();
  try {
    const name = `Servidor Parado ${Date.now()}`;
    await page.goto(`${own.url}/cotacao`);
    await waitForWorker(page);
    await own.stopServer();
    await submitQuote(page, name);
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Envios pendentes: 1' })).toBeVisible();

    await own.startServer();
    // The backoff timer tries again by itself.
    await expect(page.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0, {
      timeout: 30_000,
    });
    expect((await quotesBy(own, name)).totalItems).toBe(1);
    await own.sink.waitFor((m) => String(m.html).includes(name));
    expect(own.sink.messages.filter((m) => String(m.html).includes(name))).toHaveLength(1);
  } finally {
    await own.stop();
  }
});

test('the server refuses a field changed behind the form: the item shows as failed with its message', async ({
  page,
  stack,
}) => {
  const name = `Recusado ${Date.now()}`;
  await page.route('**/api/collections/quotes/records', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, senderEmail: 'sem-arroba' }) });
  });
  await page.goto('/cotacao');
  await submitQuote(page, name);
  await expect(page.getByText('Erro ao enviar', { exact: true })).toBeVisible();
  const badge = page.getByRole('button', { name: 'Envios pendentes: 0, com falha: 1' });
  await expect(badge).toBeVisible();
  await badge.click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('Não aceito pelo servidor')).toBeVisible();
  await expect(panel.getByText('Email inválido.')).toBeVisible();
  expect((await quotesBy(stack, name)).totalItems).toBe(0);

  await panel.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0);
});

test('two tabs open while 10 items wait: each reaches the server once', async ({
  context,
  stack,
}) => {
  test.setTimeout(120_000);
  const name = `Duas Abas ${Date.now()}`;
  const first = await context.newPage();
  await first.goto('/cotacao');
  await waitForWorker(first);
  const second = await context.newPage();
  await second.goto('/rastrear');
  await context.setOffline(true);
  for (let i = 0; i < 10; i++) {
    await submitQuote(first, `${name} #${i}`);
    await expect(first.getByRole('button', { name: `Envios pendentes: ${i + 1}` })).toBeVisible();
  }
  await expect(second.getByRole('button', { name: 'Envios pendentes: 10' })).toBeVisible();

  await context.setOffline(false);
  await expect(first.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(second.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0);
  await stack.sink.waitFor((m) => String(m.html).includes(name), 10);
  await first.waitForTimeout(1000);
  const stored = await quotesBy(stack, name);
  expect(stored.totalItems).toBe(10);
  expect(new Set(stored.items.map((r: { senderName: string }) => r.senderName)).size).toBe(10);
  expect(stack.sink.messages.filter((m) => String(m.html).includes(name))).toHaveLength(10);
});
