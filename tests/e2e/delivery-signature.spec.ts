// The receiver signs on the driver's phone (390 px, drawn here with the mouse as a finger would),
// with no signal: the signature waits beside the delivery, reaches the server when the signal
// returns, and the office sees it with the proof of delivery.
import type { Browser, Page } from '@playwright/test';
import { shipmentFields } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, type Stack } from '../support/stack';
import { expect, officeCard, staffPhone, test, waitForWorker } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'one phone-sized context is made here');
test.use({ actionTimeout: 15_000 });

let seq = 0;
const newId = () =>
  `sg${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

async function shipmentFor(stack: Stack, name: string) {
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
      fields: shipmentFields({ recipientName: name }),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const record = res.body.record as { id: string; number: string };
  return {
    ...record,
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

/** A signature's two strokes, drawn with the mouse across the canvas. */
async function sign(page: Page, canvas: import('@playwright/test').Locator) {
  const box = (await canvas.boundingBox())!;
  for (const row of [0.35, 0.65]) {
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * row);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(
        box.x + box.width * (0.15 + 0.07 * i),
        box.y + box.height * (row + (i % 2 ? 0.12 : -0.12)),
      );
    }
    await page.mouse.up();
  }
}

test('offline, the receiver signs on the glass and the office sees the signature', async ({
  browser,
  baseURL,
  stack,
}) => {
  test.slow();
  const tag = Date.now();
  const name = `Livraria Traço ${tag}`;
  const s = await shipmentFor(stack, name);
  const { context, page } = await driverPhone(browser, baseURL!);
  try {
    await waitForWorker(page);
    const stop = page
      .getByRole('list', { name: 'Minhas entregas' })
      .getByRole('listitem', { name: `Rastreio ${s.number}`, exact: true });
    await expect(stop).toBeVisible();
    await context.setOffline(true);

    await stop.getByRole('button', { name: /^Atualizar etapa/ }).click();
    await page
      .getByRole('dialog', { name: 'Atualizar etapa' })
      .getByRole('button', { name: '4. Encomenda entregue' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Registrar entrega de ${s.number}` });
    await dialog.getByLabel('Nome de quem recebeu').fill('Vera Traço');
    await expect(dialog.getByText('Assinatura do recebedor (opcional)')).toBeVisible();
    const canvas = dialog.getByLabel('Área da assinatura: desenhe com o dedo');
    await expect(canvas).toBeVisible();
    expect((await canvas.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const clear = dialog.getByRole('button', { name: 'Limpar' });
    await expect(clear).toBeDisabled();
    // Its chunk came with the dialog, from the service worker: drawing works offline.
    await sign(page, canvas);
    await expect(dialog.getByText('Assinatura feita.')).toBeVisible();
    // 'Limpar' starts again.
    await clear.click();
    await expect(dialog.getByText('Peça ao recebedor que assine no quadro.')).toBeVisible();
    await sign(page, canvas);
    await expect(clear).toBeEnabled();
    const clearBox = (await clear.boundingBox())!;
    expect(clearBox.height).toBeGreaterThanOrEqual(44);

    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('envio')).toHaveText('1 alteração e 1 foto aguardando sinal');

    await context.setOffline(false);
    await expect(page.getByTestId('envio')).toHaveText(/^Tudo enviado às \d\d:\d\d$/, {
      timeout: 30_000,
    });
    const stored = await stack.admin(`/api/collections/tracking/records/${s.id}`);
    expect(stored.stages).toContain('4');
    expect(stored.deliverySignature).toMatch(/\.png$/);

    // The office sees it with the proof of delivery.
    const office = await staffPhone(browser, baseURL!);
    try {
      const card = await officeCard(office.page, name);
      await expect(card.getByText(/Recebido por Vera Traço/)).toBeVisible({ timeout: 30_000 });
      await card.getByRole('button', { name: 'Ver assinatura' }).click();
      const image = card.getByRole('img', { name: `Assinatura de quem recebeu ${s.number}` });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    } finally {
      await office.context.close();
    }
  } finally {
    await context.close();
    await s.cleanUp();
  }
});
