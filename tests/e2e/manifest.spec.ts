// The romaneio: the A4 sheet a driver signs as he leaves. The office opens it for a driver from
// the staff menu, sees his open stops in his order with the totals, prints it with no signal, and
// on paper only the sheet shows; a driver opens his own from his phone.
import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { todayInBrazil } from '../../src/domain/shipments';
import { recordIds, shipmentFields } from '../support/payloads';
import { call, signIn, STAFF, type Stack } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';

const newId = recordIds('rm');

/**
 * A driver of the test's own, with three stops he ordered (the third, then the first; the second
 * never ordered), one delivered and one of another driver's: the sheet's rows and totals are his
 * open stops only, whatever else this worker's server holds.
 */
async function driverWithStops(stack: Stack) {
  const id = newId();
  const driver = {
    id,
    name: `Motorista Romaneio ${id.slice(2, 11)}`,
    email: `${id}@teste.example`,
    password: 'romaneio-senha-123',
  };
  await stack.admin('/api/collections/staff/records', {
    method: 'POST',
    body: JSON.stringify({
      ...driver,
      passwordConfirm: driver.password,
      verified: true,
      disabled: false,
      role: 'motorista',
    }),
  });
  const office = await signIn(stack.url, 'staff', STAFF);
  const change = async (token: string, body: Record<string, unknown>) => {
    const res = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token,
      body: { at: new Date().toISOString(), ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.record as { id: string; number: string };
  };
  const shipment = (fields: Record<string, string>, to = id) =>
    change(office, {
      op: 'shipment',
      record: newId(),
      number: '',
      driver: to,
      fields: shipmentFields(fields),
    });
  const tag = id.slice(2, 11);
  const first = await shipment({
    recipientName: `Ana Prado ${tag}`,
    recipientZip: '74000-000',
    recipientComplement: 'apto 12',
    recipientDistrict: 'Centro',
    contents: 'Documentos',
    weight: '1,5',
    invoiceValue: '1.234,56',
  });
  const second = await shipment({
    recipientName: `Bruno Lima ${tag}`,
    recipientZip: '01310-100',
    recipientStreet: 'Av. Paulista',
    recipientStreetNumber: '900',
    recipientCity: 'São Paulo',
    recipientState: 'SP',
    contents: 'Envelope',
    weight: '0,25',
  });
  const third = await shipment({
    recipientName: `Carla Dias ${tag}`,
    recipientZip: '80020-000',
    recipientStreet: 'Rua XV',
    recipientStreetNumber: '10',
    recipientCity: 'Curitiba',
    recipientState: 'PR',
    contents: 'Peças',
    weight: '2',
    invoiceValue: '100',
  });
  const delivered = await shipment({ recipientName: `Entregue ${tag}` });
  await change(office, {
    op: 'stage',
    record: delivered.id,
    number: delivered.number,
    stage: 4,
    set: true,
    receiverName: 'Porteiro',
  });
  await shipment({ recipientName: `De outro ${tag}` }, '');
  const own = await signIn(stack.url, 'staff', driver);
  await change(own, { op: 'route', record: id, number: '', order: [third.id, first.id] });
  return { driver, tag, first, second, third };
}

async function signInAt(page: Page, path: string, who: { email: string; password: string }) {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Senha').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
}

const driverSelect = (page: Page) => page.getByRole('combobox', { name: 'Motorista', exact: true });

/** Today as the sheet writes it ('27/11/2026'). */
const today = () => todayInBrazil().split('-').reverse().join('/');

test('the office prints a driver’s romaneio: his open stops in his order, the totals, A4, with no signal', async ({
  page,
  context,
  stack,
}, testInfo) => {
  const { driver, tag, first, third } = await driverWithStops(stack);
  // The list comes to the device on the staff screen; the romaneio is one tap from its menu.
  await signInAt(page, '/admin/tracking', STAFF);
  await expect(page.getByText(/Lista atualizada/)).toBeVisible({ timeout: 30_000 });
  await waitForWorker(page);
  await page
    .getByRole('navigation', { name: 'Área da equipe' })
    .getByRole('link', { name: 'Romaneio' })
    .click();
  await expect(page.getByText('Escolha o motorista para ver o romaneio.')).toBeVisible();
  await expect(page.getByLabel('Data do romaneio')).toHaveValue(todayInBrazil());
  await driverSelect(page).selectOption({ label: driver.name });
  await expect(page).toHaveURL(new RegExp(`/admin/romaneio\\?motorista=${driver.id}$`));

  const sheet = page.getByRole('region', { name: `Romaneio de ${driver.name}` });
  const checkSheet = async () => {
    await expect(sheet.getByRole('heading', { name: 'Romaneio de entrega' })).toBeVisible();
    await expect(sheet.getByText(`Motorista: ${driver.name}`).first()).toBeVisible();
    await expect(sheet.getByText(`Data: ${today()}`).first()).toBeVisible();
    await expect(sheet.getByText(/^Impresso em \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();
    await expect(
      sheet.getByRole('columnheader', { name: 'Assinatura do recebedor' }),
    ).toBeVisible();
    const rows = sheet.getByRole('row');
    // The header, then his three open stops: the ones he ordered first, then the other; neither
    // the delivered one nor another driver's.
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText(`1${third.number}`);
    await expect(rows.nth(1)).toContainText(`Carla Dias ${tag}`);
    await expect(rows.nth(1)).toContainText('Rua XV, 10Curitiba - PR');
    await expect(rows.nth(1)).toContainText('80020-000');
    await expect(rows.nth(1)).toContainText('2,00');
    await expect(rows.nth(1)).toContainText('R$ 100,00');
    await expect(rows.nth(2)).toContainText(`2${first.number}`);
    await expect(rows.nth(2)).toContainText(`Ana Prado ${tag}`);
    await expect(rows.nth(2)).toContainText('Rua 7, 45 - apto 12 - Centro');
    await expect(rows.nth(2)).toContainText('74000-000');
    await expect(rows.nth(2)).toContainText('1,50');
    await expect(rows.nth(2)).toContainText('R$ 1.234,56');
    await expect(rows.nth(3)).toContainText(`Bruno Lima ${tag}`);
    await expect(rows.nth(3)).toContainText('01310-100');
    await expect(rows.nth(3)).toContainText('0,25');
    await expect(sheet.getByRole('group', { name: 'Totais' })).toHaveText(
      'Paradas: 3Peso total: 3,75 kgValor declarado total: R$ 1.334,56',
    );
    await expect(sheet.getByText(`Expedição: Rota Veloz`)).toBeVisible();
  };
  await checkSheet();
  await page.screenshot({ path: testInfo.outputPath('romaneio.png'), fullPage: true });
  // The sheet on screen passes the same WCAG checks as every route.
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // The date is what the sheet says, not a filter: another day, the same stops.
  await page.getByLabel('Data do romaneio').fill('2026-12-01');
  await expect(sheet.getByText('Data: 01/12/2026').first()).toBeVisible();
  await expect(sheet.getByRole('row')).toHaveCount(4);

  // No signal: opened again, and from its link, it is all still there.
  await context.setOffline(true);
  await page.goto(`/admin/romaneio?motorista=${driver.id}`);
  await checkSheet();
  await page.reload();
  await checkSheet();

  // On paper: the sheet only, on A4.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Área da equipe' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(driverSelect(page)).toBeHidden();
  await expect(sheet.getByRole('columnheader', { name: 'Assinatura do recebedor' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('romaneio-impresso.png'), fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  writeFileSync(testInfo.outputPath('romaneio.pdf'), pdf);
  const boxes = [
    ...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g),
  ];
  expect(boxes.map((m) => [m[1], m[2]].map((pt) => Math.round((Number(pt) / 72) * 25.4)))).toEqual([
    [210, 297],
  ]);
  await page.emulateMedia({ media: 'screen' });
  await context.setOffline(false);
});

test('the shipments chosen on the list print as one sheet per driver', async ({
  page,
  stack,
  isMobile,
}) => {
  test.skip(isMobile, 'the office at its desk');
  const { driver, tag, first, second } = await driverWithStops(stack);
  await signInAt(page, '/admin/tracking', STAFF);
  await expect(page.getByText(/Lista atualizada/)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/admin/romaneio?remessas=${second.id},${first.id}`);
  await expect(page.getByText('2 remessas escolhidas na lista.')).toBeVisible();
  const sheet = page.getByRole('region', { name: `Romaneio de ${driver.name}` });
  const rows = sheet.getByRole('row');
  await expect(rows).toHaveCount(3);
  // His order, not the order they were chosen in.
  await expect(rows.nth(1)).toContainText(`Ana Prado ${tag}`);
  await expect(rows.nth(2)).toContainText(`Bruno Lima ${tag}`);
  await expect(sheet.getByRole('group', { name: 'Totais' })).toHaveText(
    'Paradas: 2Peso total: 1,75 kgValor declarado total: R$ 1.234,56',
  );
});

test('a driver opens his own romaneio from the staff menu on his phone', async ({
  page,
  stack,
  isMobile,
}) => {
  test.skip(!isMobile, 'a driver on his phone');
  const { driver, tag, third } = await driverWithStops(stack);
  await signInAt(page, '/admin/tracking', driver);
  await expect(page.getByText(/Lista atualizada/)).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'Área da equipe' })
    .getByRole('link', { name: 'Romaneio' })
    .click();
  // His own: no driver to choose.
  await expect(driverSelect(page)).toHaveCount(0);
  const sheet = page.getByRole('region', { name: `Romaneio de ${driver.name}` });
  await expect(sheet.getByRole('row')).toHaveCount(4);
  await expect(sheet.getByRole('row').nth(1)).toContainText(`${third.number}`);
  await expect(sheet.getByRole('row').nth(1)).toContainText(`Carla Dias ${tag}`);
  // The page itself does not scroll sideways on a phone: the table does, inside the sheet.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
});
