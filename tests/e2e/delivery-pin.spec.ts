// The delivery code on a driver's phone, with no signal: a wrong code is refused on the phone
// (checked against the hash the shipment carries) and says how many tries are left; the code the
// addressee got by e-mail records the delivery, which reaches the server when the signal returns.
import type { Browser, Page } from '@playwright/test';
import { shipmentFields } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, type Stack } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'one phone-sized context is made here');
test.use({ actionTimeout: 15_000 });

let seq = 0;
const newId = () =>
  `dp${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

/** A shipment for the demo driver that asks for a code, and the code as the addressee got it. */
async function shipmentWithPin(stack: Stack, name: string, email: string) {
  const office = await signIn(stack.url, 'staff', STAFF);
  const res = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token: office,
    body: {
      op: 'shipment',
      record: newId(),
      number: '',
      at: new Date().toISOString(),
      driver: DRIVER_ID,
      deliveryPin: true,
      fields: shipmentFields({ recipientName: name, recipientEmail: email }),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const record = res.body.record as { id: string; number: string };
  const [mail] = await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(email));
  const code = /Código de entrega: (\d{4})/.exec(String(mail!.html))![1]!;
  return {
    ...record,
    code,
    /** The demo driver's list is shared with the other tests of this server: leave it as found. */
    cleanUp: () =>
      call(stack.url, '/api/equipe/rastreios', {
        method: 'POST',
        token: office,
        body: {
          op: 'delete',
          record: record.id,
          number: record.number,
          at: new Date().toISOString(),
        },
      }),
  };
}

async function driverPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/admin/tracking');
  await page.getByLabel('E-mail').fill(DRIVER.email);
  await page.getByLabel('Senha').fill(DRIVER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(/Lista atualizada/)).toBeVisible();
  return { context, page };
}

const stopOf = (page: Page, list: string, number: string) =>
  page
    .getByRole('list', { name: list })
    .getByRole('listitem', { name: `Rastreio ${number}`, exact: true });

test('offline, a wrong code is refused on the phone and the e-mailed one records the delivery', async ({
  browser,
  baseURL,
  stack,
}) => {
  test.slow();
  const tag = Date.now();
  const s = await shipmentWithPin(stack, `Farmácia Pin ${tag}`, `pin-${tag}@exemplo.com.br`);
  const wrong = s.code === '0000' ? '1111' : '0000';
  const { context, page } = await driverPhone(browser, baseURL!);
  try {
    await waitForWorker(page);
    const stop = stopOf(page, 'Minhas entregas', s.number);
    await expect(stop).toBeVisible();
    await context.setOffline(true);

    await stop.getByRole('button', { name: /^Atualizar etapa/ }).click();
    await page
      .getByRole('dialog', { name: 'Atualizar etapa' })
      .getByRole('button', { name: '4. Encomenda entregue' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Registrar entrega de ${s.number}` });
    await expect(
      dialog.getByText('Peça ao recebedor o código de 4 dígitos que ele recebeu por e-mail.'),
    ).toBeVisible();
    await dialog.getByLabel('Nome de quem recebeu').fill('Rita Moura');

    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(dialog.getByText('Digite o código de entrega de 4 dígitos.')).toBeVisible();

    await dialog.getByLabel('Código de entrega').fill(wrong);
    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(dialog.getByText('Código incorreto. Restam 4 tentativas.')).toBeVisible();
    // Nothing typed is lost: the name stays, only the wrong code is cleared.
    await expect(dialog.getByLabel('Nome de quem recebeu')).toHaveValue('Rita Moura');
    await expect(dialog.getByLabel('Código de entrega')).toHaveValue('');

    await dialog.getByLabel('Código de entrega').fill(s.code);
    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(stopOf(page, 'Entregues hoje', s.number).getByTestId('entregue')).toHaveText(
      /^✓ Entregue às \d\d:\d\d para Rita Moura$/,
    );

    // The signal returns: the wrong code is counted on the server, the delivery recorded.
    await context.setOffline(false);
    await expect(page.getByTestId('envio')).toHaveText(/^Tudo enviado às \d\d:\d\d$/, {
      timeout: 30_000,
    });
    const stored = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(stored.stages).toContain('4');
    expect(stored.receiverName).toBe('Rita Moura');
    expect(stored.pinWrong).toHaveLength(1);
  } finally {
    await context.close();
    await s.cleanUp();
  }
});
