// The receiver speaks: the addressee opens the private link of their e-mail on a 390 px phone,
// is refused a hold date in the past, leaves instructions, a complement, who may receive and a
// date to hold the parcel until; the driver's synced phone shows 'Recado do recebedor' on the stop,
// also with no signal. Opened with no signal, the page says so and keeps what was typed.
import type { Page } from '@playwright/test';
import { brasiliaDay } from '../../src/domain/receiver-notes';
import { recordIds, shipmentFields } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'phone-sized contexts are made here');
test.use({ actionTimeout: 15_000 });

const newId = recordIds('rc');

function dayFromToday(days: number): string {
  const day = new Date(`${brasiliaDay()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');

async function signedInDriver(page: Page) {
  await page.goto('/admin/tracking');
  await page.getByLabel('E-mail').fill(DRIVER.email);
  await page.getByLabel('Senha').fill(DRIVER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(/Lista atualizada/)).toBeVisible();
  await waitForWorker(page);
}

test("the receiver's note from the e-mail's link reaches the driver's stop, offline too", async ({
  browser,
  baseURL,
  stack,
}) => {
  const office = await signIn(stack.url, 'staff', STAFF);
  const email = `recebedor-${Date.now()}@destino.example`;
  const made = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token: office,
    body: {
      op: 'shipment',
      record: newId(),
      number: '',
      at: new Date().toISOString(),
      driver: DRIVER_ID,
      fields: shipmentFields({ recipientName: 'Helena Recebedora', recipientEmail: email }),
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const shipment = made.body.record as { id: string; number: string };

  try {
    const [mail] = await stack.sink.waitFor(
      (m) => JSON.stringify(m.to).includes(email) && String(m.html).includes('/recebedor#'),
    );
    const href = /href="([^"]*\/recebedor#[A-Za-z0-9]+)"/.exec(String(mail!.html))?.[1] ?? '';
    const link = new URL(href.replaceAll('&amp;', '&'));

    // The driver's phone, its list synced before the receiver speaks.
    const driverContext = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    const driverPage = await driverContext.newPage();
    await signedInDriver(driverPage);
    const stop = driverPage.getByRole('listitem', {
      name: `Rastreio ${shipment.number}`,
      exact: true,
    });
    await expect(stop).toBeVisible();
    await expect(stop.getByRole('region', { name: 'Recado do recebedor' })).toHaveCount(0);

    // The receiver, on a phone, from the e-mail.
    const receiverContext = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    const receiver = await receiverContext.newPage();
    await receiver.goto(`${link.pathname}${link.hash}`);
    await expect(receiver.getByRole('heading', { name: 'Instruções de entrega' })).toBeVisible();
    await expect(receiver.getByText(`Encomenda ${shipment.number}`)).toBeVisible();
    await expect(receiver.getByText('Destino: Goiânia - GO')).toBeVisible();
    // Only the number, the stage and the city: nobody's name or address.
    await expect(receiver.getByText('Helena')).toHaveCount(0);
    await expect(receiver.getByText('Rua 7')).toHaveCount(0);

    await receiver.getByLabel('Instruções de entrega').fill('Deixar na portaria, com o Seu Zé');
    await receiver.getByLabel('Complemento').fill('Bloco B, apto 12');
    await receiver.getByLabel('Quem pode receber').fill('Dona Rosa, vizinha do 11');
    // A day in the past is refused in the browser, in words.
    await receiver.getByLabel('Guardar até').fill(dayFromToday(-1));
    await receiver.getByRole('button', { name: 'Enviar instruções' }).click();
    await expect(receiver.getByText('Escolha hoje ou uma data futura.')).toBeVisible();
    const hold = dayFromToday(3);
    await receiver.getByLabel('Guardar até').fill(hold);
    await receiver.getByRole('button', { name: 'Enviar instruções' }).click();
    await expect(receiver.getByRole('status').getByText(/Recebemos suas instruções/)).toBeVisible();

    // The driver's phone hears of it (realtime), and the stop says it plainly.
    const note = stop.getByRole('region', { name: 'Recado do recebedor' });
    await expect(note).toBeVisible();
    await expect(note).toContainText(`Guardar até ${ddmmyyyy(hold)}`);
    await expect(note).toContainText('Não entregar antes dessa data.');
    await expect(note).toContainText('Deixar na portaria, com o Seu Zé');
    await expect(note).toContainText('Bloco B, apto 12');
    await expect(note).toContainText('Dona Rosa, vizinha do 11');
    await driverPage.screenshot({ path: test.info().outputPath('parada-com-recado.png') });

    // No signal: the stop still carries the note, after a reload too.
    await driverContext.setOffline(true);
    await driverPage.reload();
    await expect(note).toBeVisible();
    await expect(note).toContainText('Deixar na portaria, com o Seu Zé');
    await driverContext.setOffline(false);

    // The receiver with no signal: the page says so, and what was typed stays on the phone.
    await waitForWorker(receiver);
    await receiverContext.setOffline(true);
    await receiver.reload();
    await expect(receiver.getByText(/^Sem conexão/)).toBeVisible();
    await receiver.getByLabel('Instruções de entrega').fill('Tocar o interfone 12');
    await receiver.reload();
    await expect(receiver.getByLabel('Instruções de entrega')).toHaveValue('Tocar o interfone 12');
    await receiver.getByRole('button', { name: 'Enviar instruções' }).click();
    await expect(receiver.getByText(/ficaram guardadas neste aparelho/)).toBeVisible();
    // The signal returns: the outbox sends it, and the driver's stop follows.
    await receiverContext.setOffline(false);
    await expect
      .poll(
        async () =>
          (
            await call(stack.url, `/api/collections/tracking/records/${shipment.id}`, {
              token: office,
            })
          ).body.receiverInstructions,
        { timeout: 30_000 },
      )
      .toBe('Tocar o interfone 12');
    // The driver's phone, opened with no signal and left open, follows it live once its signal
    // is back (no reload).
    await expect(note).toContainText('Tocar o interfone 12');

    await receiverContext.close();
    await driverContext.close();
  } finally {
    // The demo driver's list is shared with the other tests of this server: leave it as found.
    await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: {
        op: 'delete',
        record: shipment.id,
        number: shipment.number,
        at: new Date().toISOString(),
      },
    });
  }
});
