// Drivers' changes made with no signal: kept on the phone, shown at once, sent in order
// when the signal returns with the times they were made, merged stage by stage with other phones,
// and proof of delivery with a photo shrunk on the phone.
import { cpfFrom } from '../support/payloads';
import type { Page } from '@playwright/test';
import { deadRealtimeProxy } from '../support/dead-realtime';
import { call, type Stack } from '../support/stack';
import { cameraPhoto, expect, staffPhoneReady, test, trackingRow } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'staff phones are simulated on desktop contexts');

const stage = (page: Page, number: string, n: number) =>
  trackingRow(page, number).getByRole('checkbox', { name: new RegExp(`^${n}\\. `) });

async function serverRecord(stack: Stack, number: string) {
  const found = await stack.admin(
    `/api/collections/tracking/records?filter=${encodeURIComponent(`number="${number}"`)}`,
  );
  return found.items[0] as Record<string, string & string[]> | undefined;
}

/** Registered from the office (the superuser here: staff sign-ins are rate limited). */
async function registerOnServer(stack: Stack, number: string) {
  const created = await stack.admin('/api/collections/tracking/records', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, stages: ['1'] }),
  });
  return created.id as string;
}

/** A camera photo as big as a phone's: 2400 × 1800 px. */
test('offline: deliver with a photo, register and delete; all reach the server when the signal returns', async ({
  browser,
  baseURL,
  stack,
}) => {
  const suffix = String(Date.now()).slice(-7);
  const toDeliver = `71${suffix}`;
  const toDelete = `72${suffix}`;
  const fresh = cpfFrom(`73${suffix}`);
  await registerOnServer(stack, toDeliver);
  await registerOnServer(stack, toDelete);
  const { context, page } = await staffPhoneReady(browser, baseURL!);
  await expect(trackingRow(page, toDelete)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Sem conexão: lista guardada neste aparelho/)).toBeVisible();
  const before = Date.now();

  // Delivered: who received it and a photo from the camera.
  await trackingRow(page, toDeliver).getByText('4. Encomenda entregue').click();
  const dialog = page.getByRole('dialog', { name: `Registrar entrega de ${toDeliver}` });
  await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(dialog.getByText('Informe o nome de quem recebeu.')).toBeVisible();
  await dialog.getByLabel('Nome de quem recebeu').fill('Maria da Silva');
  await dialog.getByLabel('CPF de quem recebeu (opcional)').fill('52998224725');
  await dialog.getByLabel('Foto da entrega (opcional)').setInputFiles({
    name: 'camera.png',
    mimeType: 'image/png',
    buffer: await cameraPhoto(page),
  });
  await expect(dialog.getByRole('img', { name: 'Foto escolhida' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Guardado neste aparelho').first()).toBeVisible();
  await expect(stage(page, toDeliver, 4)).toBeChecked();
  await expect(trackingRow(page, toDeliver).getByText('Aguardando envio')).toBeVisible();

  // A new number, and a deletion.
  await page.getByLabel('Novo número de rastreio').fill(fresh);
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(trackingRow(page, fresh).getByText('Aguardando envio')).toBeVisible();
  await trackingRow(page, fresh).getByText('1. Encomenda coletada no ponto de coleta').click();
  await expect(stage(page, fresh, 1)).toBeChecked();
  await trackingRow(page, toDelete)
    .getByRole('button', { name: `Excluir ${toDelete}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(trackingRow(page, toDelete)).toHaveCount(0);
  // The photo waits apart from the changes, and the phone says so calmly.
  await expect(page.getByTestId('envio')).toHaveText('4 alterações e 1 foto aguardando sinal');

  // Closed and opened again with no signal: everything is still there.
  await page.reload();
  await expect(stage(page, toDeliver, 4)).toBeChecked();
  await expect(stage(page, fresh, 1)).toBeChecked();
  await expect(trackingRow(page, toDelete)).toHaveCount(0);
  const after = Date.now();

  await context.setOffline(false);
  await expect(page.getByTestId('envio')).toHaveText(/^Tudo enviado às \d\d:\d\d$/, {
    timeout: 30_000,
  });
  await expect(trackingRow(page, toDeliver).getByText('Aguardando envio')).toHaveCount(0);

  const delivered = (await serverRecord(stack, toDeliver))!;
  expect(delivered.stages).toEqual(['1', '4']);
  expect(delivered.receiverName).toBe('Maria da Silva');
  expect(delivered.receiverCpf).toBe('52998224725');
  // The time it was marked on the phone, not when it arrived.
  const markedAt = Date.parse(delivered.stage4At.replace(' ', 'T'));
  expect(markedAt).toBeGreaterThanOrEqual(before - 1000);
  expect(markedAt).toBeLessThanOrEqual(after);
  expect(delivered.deliveryPhoto).toMatch(/\.jpg$/);
  const registered = (await serverRecord(stack, fresh))!;
  expect(registered.stages).toEqual(['1']);
  expect(registered.registeredBy).toBe('Equipe');
  expect(await serverRecord(stack, toDelete)).toBeUndefined();
  expect((await call(stack.url, `/api/rastreio/${toDelete}`)).status).toBe(404);

  // Staff see the photo, shrunk on the phone to at most 1600 px.
  await expect(
    trackingRow(page, toDeliver).getByText(/Recebido por Maria da Silva \(CPF 529\.982\.247-25\)/),
  ).toBeVisible();
  await trackingRow(page, toDeliver).getByRole('button', { name: 'Ver foto da entrega' }).click();
  const photo = trackingRow(page, toDeliver).getByRole('img', {
    name: `Foto da entrega de ${toDeliver}`,
  });
  await expect(photo).toBeVisible();
  const size = await photo.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
  ]);
  expect(Math.max(...size)).toBeLessThanOrEqual(1600);
  expect(Math.max(...size)).toBeGreaterThan(0);

  // The public sees initials and the time, not the photo or the CPF.
  const visitor = await browser.newContext({ baseURL });
  const lookup = await visitor.newPage();
  await lookup.goto(`/rastrear?numero=${toDeliver}`);
  // A cold page in a new browser on a loaded machine: the first answer may take longer than 10 s.
  await expect(
    lookup.getByText(/^Entregue a M\. S\. em \d\d\/\d\d\/\d{4} às \d\d:\d\d$/),
  ).toBeVisible({ timeout: 30_000 });
  await expect(lookup.getByText('52998224725')).toHaveCount(0);
  await expect(lookup.getByRole('img')).toHaveCount(0);
  await visitor.close();
  await context.close();
});

test('two phones offline change one record: both stages survive on the server and both screens', async ({
  browser,
  baseURL,
  stack,
}) => {
  const number = `74${String(Date.now()).slice(-7)}`;
  await registerOnServer(stack, number);
  const driver = await staffPhoneReady(browser, baseURL!);
  const office = await staffPhoneReady(browser, baseURL!);
  await expect(trackingRow(driver.page, number)).toBeVisible();
  await expect(trackingRow(office.page, number)).toBeVisible();
  await driver.context.setOffline(true);
  await office.context.setOffline(true);

  await trackingRow(driver.page, number).getByText('4. Encomenda entregue').click();
  const dialog = driver.page.getByRole('dialog');
  await dialog.getByLabel('Nome de quem recebeu').fill('João Lima');
  await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
  await trackingRow(office.page, number).getByText('2. Encomenda enviada ao destino').click();
  await expect(stage(driver.page, number, 4)).toBeChecked();
  await expect(stage(office.page, number, 2)).toBeChecked();

  await driver.context.setOffline(false);
  await office.context.setOffline(false);
  await expect
    .poll(async () => (await serverRecord(stack, number))?.stages, { timeout: 30_000 })
    .toEqual(['1', '2', '4']);
  for (const page of [driver.page, office.page]) {
    for (const n of [1, 2, 4]) await expect(stage(page, number, n)).toBeChecked();
  }
  await driver.context.close();
  await office.context.close();
});

test('back online after the realtime connection died, a change made elsewhere still reaches the screen', async ({
  browser,
  baseURL,
  stack,
}) => {
  const number = `75${String(Date.now()).slice(-7)}`;
  const id = await registerOnServer(stack, number);
  const network = await deadRealtimeProxy(baseURL!);
  const office = await staffPhoneReady(browser, network.url);
  await expect(trackingRow(office.page, number)).toBeVisible();
  await office.context.setOffline(true);
  await expect(office.page.getByText(/^Sem conexão: lista guardada/)).toBeVisible();
  // The signal went long enough for the phone's realtime connection to die without closing.
  expect(network.killRealtime()).toBeGreaterThan(0);
  await office.context.setOffline(false);
  await expect(office.page.getByText(/^Lista atualizada/)).toBeVisible();

  // Made after the screen's catch-up load: only a live connection can bring it.
  await stack.admin(`/api/collections/tracking/records/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stages: ['1', '2'] }),
  });
  await expect(stage(office.page, number, 2)).toBeChecked();
  await office.context.close();
  await network.stop();
});

test('a number registered on two phones offline ends as one record, and the second phone is told', async ({
  browser,
  baseURL,
  stack,
}) => {
  const number = cpfFrom(`75${String(Date.now()).slice(-7)}`);
  const a = await staffPhoneReady(browser, baseURL!);
  const b = await staffPhoneReady(browser, baseURL!);
  for (const phone of [a, b]) {
    await phone.context.setOffline(true);
    await phone.page.getByLabel('Novo número de rastreio').fill(number);
    await phone.page.getByRole('button', { name: 'Registrar' }).click();
    await expect(trackingRow(phone.page, number)).toBeVisible();
  }
  // B also marks stage 1 on its copy before the signal returns.
  await trackingRow(b.page, number).getByText('1. Encomenda coletada no ponto de coleta').click();

  await a.context.setOffline(false);
  await expect(trackingRow(a.page, number).getByText('Aguardando envio')).toHaveCount(0);
  await b.context.setOffline(false);
  await expect(
    b.page.getByText(
      'Este número já tinha sido registrado em outro aparelho: as mudanças foram juntadas.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await serverRecord(stack, number))?.stages).toEqual(['1']);
  const all = await stack.admin(
    `/api/collections/tracking/records?filter=${encodeURIComponent(`number="${number}"`)}`,
  );
  expect(all.totalItems).toBe(1);
  await expect(trackingRow(b.page, number)).toHaveCount(1);
  await expect(stage(a.page, number, 1)).toBeChecked();
  await a.context.close();
  await b.context.close();
});

test('a change to a number deleted meanwhile is dropped with a clear message on that phone', async ({
  browser,
  baseURL,
  stack,
}) => {
  const number = `76${String(Date.now()).slice(-7)}`;
  const id = await registerOnServer(stack, number);
  const { context, page } = await staffPhoneReady(browser, baseURL!);
  await expect(trackingRow(page, number)).toBeVisible();
  await context.setOffline(true);
  await trackingRow(page, number).getByText('3. Encomenda chegou ao destino').click();
  await stack.admin(`/api/collections/tracking/records/${id}`, { method: 'DELETE' });
  await context.setOffline(false);
  // Said where it stays (the list of changes not applied; a toast may say it too).
  await expect(
    page
      .getByRole('list', { name: 'Mudanças não aplicadas' })
      .getByText('Este número foi excluído em outro aparelho; a mudança não foi aplicada.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(trackingRow(page, number)).toHaveCount(0);
  expect(await serverRecord(stack, number)).toBeUndefined();
  await context.close();
});
