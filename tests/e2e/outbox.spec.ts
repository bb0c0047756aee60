import type { Page, Route } from '@playwright/test';
import { startStack, type Stack } from '../support/stack';
import { expect, mailSettled, outboxSettled, test, waitForWorker } from './fixtures';
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
  // A first visit leaves no database on the phone (nothing waits to be sent), and the first
  // request kept offline starts the outbox and its badge on the page it was made on.
  const databases = () =>
    page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(await databases()).not.toContain('rota-veloz');
  await context.setOffline(true);
  await submitQuote(page, name);
  await expect(page.getByText(SAVED)).toBeVisible();
  expect(await databases()).toContain('rota-veloz');
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
    timeout: 30_000,
  });
  await expect.poll(async () => (await quotesBy(stack, name)).totalItems).toBe(1);
  await stack.sink.waitFor(
    (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
  );
  await outboxSettled(again);
  await mailSettled(stack);
  expect((await quotesBy(stack, name)).totalItems).toBe(1);
  expect(
    stack.sink.messages.filter(
      (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
    ),
  ).toHaveLength(1);
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
    await own.sink.waitFor(
      (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
    );
    expect(
      own.sink.messages.filter(
        (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
      ),
    ).toHaveLength(1);
  } finally {
    await own.stop();
  }
});

test('the server refuses a field: the form keeps it with the message, and Envios can open it back to correct', async ({
  page,
  stack,
}) => {
  const name = `Recusado ${Date.now()}`;
  const tamper = async (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, senderEmail: 'sem-arroba' }) });
  };
  await page.route('**/api/collections/quotes/records', tamper);
  await page.goto('/cotacao');
  await submitQuote(page, name);
  await expect(page.getByText('Confira os dados destacados')).toBeVisible();
  await expect(page.getByText(/O servidor não aceitou: Email inválido/)).toBeVisible();
  // Nothing typed is lost: the form still has it, with the server's message under the field.
  const sender = page.getByRole('group', { name: 'Remetente' });
  await expect(sender.getByLabel('Nome')).toHaveValue(name);
  await expect(sender.getByText('Email inválido.')).toBeVisible();
  const badge = page.getByRole('button', { name: 'Envios pendentes: 0, recusados: 1' });
  await expect(badge).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  expect((await quotesBy(stack, name)).totalItems).toBe(0);

  // Later, from another page: the refused item opens back into its form.
  await page.goto('/');
  await badge.click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('Não aceito pelo servidor')).toBeVisible();
  await expect(panel.getByText('Email inválido.')).toBeVisible();
  await panel.getByRole('link', { name: 'Abrir no formulário' }).click();
  await expect(page).toHaveURL(/\/cotacao\?envio=/);
  await expect(sender.getByLabel('Nome')).toHaveValue(name);
  await expect(sender.getByText('Email inválido.')).toBeVisible();

  await page.unroute('**/api/collections/quotes/records', tamper);
  await sender.getByLabel('E-mail').fill('corrigido@cliente.example');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByText(/^Sua solicitação de cotação nº \d{6} foi enviada com sucesso!/),
  ).toBeVisible();
  const stored = await quotesBy(stack, name);
  expect(stored.totalItems).toBe(1);
  expect(stored.items[0].senderEmail).toBe('corrigido@cliente.example');
  // The corrected submission took the refused one's place.
  await expect(page.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0);
});

test('a request waiting for the connection can be cancelled', async ({ page, context, stack }) => {
  const name = `Cancelado ${Date.now()}`;
  await page.goto('/cotacao');
  await waitForWorker(page);
  await context.setOffline(true);
  await submitQuote(page, name);
  const badge = page.getByRole('button', { name: 'Envios pendentes: 1' });
  await badge.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar envio' }).click();
  await expect(page.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0);
  await context.setOffline(false);
  // A request made now goes in the same pass that would have sent the cancelled one.
  const control = `Depois do Cancelado ${Date.now()}`;
  await submitQuote(page, control);
  await expect.poll(async () => (await quotesBy(stack, control)).totalItems).toBe(1);
  await outboxSettled(page);
  expect((await quotesBy(stack, name)).totalItems).toBe(0);
});

test('two tabs open while 10 items wait: each reaches the server once', async ({
  context,
  stack,
}) => {
  test.slow(); // 90 s in a fresh clone's run
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
    // The form is cleared once the item is stored: only then is it typed again.
    await expect(first.getByRole('group', { name: 'Remetente' }).getByLabel('Nome')).toHaveValue(
      '',
    );
  }
  await expect(second.getByRole('button', { name: 'Envios pendentes: 10' })).toBeVisible();

  await context.setOffline(false);
  await expect(first.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(second.getByRole('button', { name: /Envios pendentes/ })).toHaveCount(0);
  await stack.sink.waitFor(
    (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
    10,
  );
  await outboxSettled(first);
  await outboxSettled(second);
  await mailSettled(stack);
  const stored = await quotesBy(stack, name);
  expect(stored.totalItems).toBe(10);
  expect(new Set(stored.items.map((r: { senderName: string }) => r.senderName)).size).toBe(10);
  expect(
    stack.sink.messages.filter(
      (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
    ),
  ).toHaveLength(10);
});
