// 'Avise-me', as a customer and a driver would use it: ask on the lookup page, confirm
// from the e-mail, a driver ticks a stage on the staff screen, the e-mail arrives; 'Meus rastreios'
// marks the number when the app is opened again; with no signal the request waits on the device.
import type { Locator } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { expect, staffPhone, test, trackingRow, waitForWorker } from './fixtures';

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text) ?? '';

/** Type the address, agree, and send the 'Avise-me' form. */
async function fillAndSend(form: Locator, email: string) {
  await form.getByLabel('Seu e-mail').fill(email);
  await form.getByText('Concordo em receber estes avisos').click();
  await form.getByRole('button', { name: 'Quero receber os avisos' }).click();
}

async function register(stack: { admin: (p: string, i?: RequestInit) => Promise<unknown> }) {
  const number = `7${String(Date.now()).slice(-8)}`;
  await stack.admin('/api/collections/tracking/records', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, stages: [] }),
  });
  return number;
}

test('follow a number: confirm from the e-mail, a stage ticked by a driver arrives by e-mail and is marked on the device', async ({
  page,
  browser,
  baseURL,
  stack,
}, info) => {
  const number = await register(stack);
  const email = `cliente-${info.project.name}-${number}@teste.example`;

  await page.goto(`/rastrear?numero=${number}`);
  await expect(page.getByTestId('tracking-number')).toHaveText(number);
  await page.getByRole('button', { name: 'Avise-me por e-mail' }).click();
  const form = page.getByRole('form', { name: 'Avise-me por e-mail' });
  await form.getByRole('button', { name: 'Quero receber os avisos' }).click();
  await expect(form.getByText('Digite seu e-mail')).toBeVisible();
  await expect(form.getByText('Marque que concorda para receber os avisos')).toBeVisible();
  await expect(form.getByLabel('Seu e-mail')).toBeFocused();
  await fillAndSend(form, email);
  await expect(
    page
      .getByRole('region', { name: 'Resultado do rastreamento' })
      .getByRole('status')
      .filter({ hasText: `e-mail de confirmação enviado para ${email}` }),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath('avise-me-pedido.png'), fullPage: true });

  // The confirmation e-mail's link opens the lookup page, which confirms and shows the number.
  const [confirmation] = await stack.sink.waitFor((m) => to(m) === email, 1, 15_000);
  expect(confirmation!.subject).toContain(`Confirme os avisos do rastreio ${number}`);
  const link = /href="([^"]*confirmar=[^"]+)"/.exec(String(confirmation!.html))![1]!;
  expect(link.startsWith(stack.url)).toBe(true);
  await page.goto(link.replace(/&amp;/g, '&'));
  // Opening the page does nothing by itself (mail scanners open links too): the person confirms.
  await page.getByRole('button', { name: 'Confirmar os avisos' }).click();
  await expect(page.getByTestId('follow-link-outcome')).toHaveText(
    `Pronto! Você vai receber um e-mail a cada nova etapa do rastreio ${number}.`,
  );
  await expect(page.getByTestId('tracking-number')).toHaveText(number);

  // A driver ticks the first stage on the staff screen, in another context: it says one person
  // follows the number (not who), and the follower's e-mail arrives.
  const driver = await staffPhone(browser, baseURL!);
  const row = trackingRow(driver.page, number);
  await expect(row.getByTestId('followers')).toHaveText('1 pessoa acompanha por e-mail');
  await row.getByText('1. Encomenda coletada no ponto de coleta').click();
  const [update] = await stack.sink.waitFor(
    (m) => to(m) === email && !/Confirme/.test(m.subject ?? ''),
    1,
    20_000,
  );
  expect(update!.subject).toBe(`Encomenda coletada no ponto de coleta - rastreio ${number}`);
  await driver.context.close();

  // The customer opens the app again: 'Meus rastreios' marks the number that changed, until seen.
  await page.goto('/rastrear');
  const item = page.getByRole('listitem').filter({ hasText: number });
  await expect(item.getByTestId('changed-mark')).toHaveText('Novidade');
  await expect(item.getByText('Encomenda coletada no ponto de coleta')).toBeVisible();
  await page.screenshot({ path: info.outputPath('meus-rastreios-novidade.png'), fullPage: true });
  await item.getByRole('button', { name: number, exact: true }).click();
  await expect(item.getByTestId('changed-mark')).toHaveCount(0);
});

test('with no signal, the request waits on the device and goes when the signal returns', async ({
  page,
  context,
  stack,
}, info) => {
  const number = await register(stack);
  const email = `offline-${info.project.name}-${number}@teste.example`;
  await page.goto(`/rastrear?numero=${number}`);
  await expect(page.getByTestId('tracking-number')).toHaveText(number);
  await waitForWorker(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Avise-me por e-mail' }).click();
  const form = page.getByRole('form', { name: 'Avise-me por e-mail' });
  await fillAndSend(form, email);
  await expect(
    page
      .getByRole('region', { name: 'Resultado do rastreamento' })
      .getByRole('status')
      .filter({ hasText: 'o pedido de aviso ficou guardado neste aparelho' }),
  ).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  await page.screenshot({ path: info.outputPath('avise-me-offline.png'), fullPage: true });

  await context.setOffline(false);
  const [confirmation] = await stack.sink.waitFor((m) => to(m) === email, 1, 20_000);
  expect(confirmation!.subject).toContain(`Confirme os avisos do rastreio ${number}`);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
});
