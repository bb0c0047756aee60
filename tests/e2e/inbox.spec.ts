// 'Solicitações': the staff inbox where no request goes unseen, also when its e-mail fails.
import type { Page } from '@playwright/test';
import { quotePayload, urgentPayload } from '../support/payloads';
import { call, STAFF, startStack, type Stack } from '../support/stack';
import { expect, test } from './fixtures';

async function signIn(page: Page) {
  await page.goto('/admin/solicitacoes');
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha').fill(STAFF.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
}

test('staff see every request live, read it whole, and mark it handled', async ({
  page,
  stack,
}) => {
  const name = `Caixa ${Date.now()}`;
  await call(stack.url, '/api/collections/quotes/records', {
    method: 'POST',
    body: quotePayload({ senderName: name }),
  });
  await signIn(page);
  const card = page.getByRole('listitem', {
    name: new RegExp(`^Cotação expressa nº \\d{6} — ${name}$`),
  });
  await expect(card).toBeVisible();
  await expect(card.getByText(/E-mail enviado em/)).toBeVisible();
  await expect(page.getByRole('status').getByText(/não atendidas?$/)).toBeVisible();

  // The whole request, as the company e-mail has it.
  await card.getByText('Ver a solicitação completa').click();
  await expect(card.getByText('R$ 124,50')).toBeVisible();
  await expect(card.getByText('Goiânia - GO')).toBeVisible();

  // A new request appears by itself, newest first.
  const urgentName = `Urgente Ao Vivo ${Date.now()}`;
  await call(stack.url, '/api/collections/urgent_requests/records', {
    method: 'POST',
    body: urgentPayload({ senderName: urgentName }),
  });
  const urgent = page.getByRole('listitem', {
    name: new RegExp(`^Entrega urgente nº \\d{6} — ${urgentName}$`),
  });
  await expect(urgent).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Solicitações' }).getByRole('listitem').first(),
  ).toHaveAccessibleName(new RegExp(`^Entrega urgente nº \\d{6} — ${urgentName}$`));

  await card.getByRole('button', { name: 'Marcar como atendida' }).click();
  await expect(page.getByText('Solicitação marcada como atendida')).toBeVisible();
  await expect(card).toHaveCount(0); // gone from 'Não atendidas'
  await page.getByLabel('Situação').selectOption('handled');
  await expect(card.getByText(/Atendida por .+ em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const stored = await stack.admin(
    `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="${name}"`)}`,
  );
  expect(stored.items[0].handledAt).not.toBe('');

  // The staff area is one menu: the tracking screen is a tap away.
  await page
    .getByRole('navigation', { name: 'Área da equipe' })
    .getByRole('link', { name: 'Rastreamentos' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Gerenciar Status de Rastreamento' }),
  ).toBeVisible();
});

test.describe('when the mail server is down', () => {
  let own: Stack;
  test.beforeAll(async () => {
    // Retries an hour apart: the failure stays on screen until someone resends.
    own = await startStack({ MAIL_RETRY_BASE_SECONDS: '3600' });
  });
  test.afterAll(async () => own?.stop());
  test.skip(({ isMobile }) => isMobile, 'the failure path is the same at every width');

  test('the request is there with its failing e-mail, and "Reenviar e-mail" delivers it', async ({
    page,
  }) => {
    await own.sink.stop();
    const name = `Sem Correio ${Date.now()}`;
    await call(own.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderName: name }),
    });
    await page.goto(`${own.url}/admin/solicitacoes`);
    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Senha').fill(STAFF.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const card = page.getByRole('listitem', {
      name: new RegExp(`^Cotação expressa nº \\d{6} — ${name}$`),
    });
    await expect(
      card.getByText(/E-mail com falha \(1 tentativa\); nova tentativa às/),
    ).toBeVisible();
    await expect(page.getByRole('status').getByText('1 e-mail com falha')).toBeVisible();
    await page.getByLabel('Situação').selectOption('mail-failed');
    await expect(card).toBeVisible();

    await own.sink.start();
    await card.getByRole('button', { name: 'Reenviar e-mail' }).click();
    await expect(page.getByText('E-mail na fila')).toBeVisible();
    await own.sink.waitFor(
      (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
    );
    // Sent: it leaves the 'E-mail com falha' list by itself (live).
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('status').getByText('0 e-mails com falha')).toBeVisible();
  });
});

test.describe('when the mail server refuses an address', () => {
  let own: Stack;
  test.beforeAll(async () => {
    own = await startStack();
  });
  test.afterAll(async () => own?.stop());
  test.skip(({ isMobile }) => isMobile, 'the refusal path is the same at every width');

  test('the request shows the refused confirmation, and "Dispensar" clears it', async ({
    page,
  }) => {
    const address = `recusado-${Date.now()}@cliente.example`;
    own.sink.refusals.set(address, 550);
    const name = `Recusa ${Date.now()}`;
    await call(own.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderName: name, senderEmail: address }),
    });
    await page.goto(`${own.url}/admin/solicitacoes`);
    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Senha').fill(STAFF.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const card = page.getByRole('listitem', {
      name: new RegExp(`^Cotação expressa nº \\d{6} — ${name}$`),
    });
    // The company heard of it; the customer's address was refused.
    await expect(card.getByText(/E-mail enviado em/)).toBeVisible();
    await expect(card.getByText('E-mail do cliente recusado')).toBeVisible();
    await expect(
      card.getByText(`O servidor de e-mail não aceitou o endereço ${address}.`),
    ).toBeVisible();
    await expect(page.getByRole('status').getByText('1 e-mail com falha')).toBeVisible();
    await page.getByLabel('Situação').selectOption('mail-failed');
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Dispensar' }).click();
    await expect(page.getByText('E-mail dispensado', { exact: true })).toBeVisible();
    // No longer a problem: it leaves the list, the count and /api/health alone.
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('status').getByText('0 e-mails com falha')).toBeVisible();
    await page.getByLabel('Situação').selectOption('all');
    await expect(card.getByText('E-mail do cliente dispensado')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Dispensar' })).toHaveCount(0);
    expect((await call(own.url, '/api/health')).status).toBe(200);
  });
});
