// A client company's people on a 390 px phone: the proof of a delivered shipment (the receiver's
// whole name, the photo, the signature, where) opened from 'Minhas solicitações', on A4, and not
// kept on the device; the month's statement with the price the server stored and its spreadsheet.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PROOF_MESSAGES } from '../../src/domain/delivery-proof';
import { formatCents } from '../../src/domain/format';
import { shipmentPrice } from '../../src/domain/pricing';
import { draftFromRequest, todayInBrazil } from '../../src/domain/shipments';
import { monthInBrazil, monthLabel } from '../../src/domain/statement';
import { pickupPayload } from '../support/payloads';
import { call, CLIENT, company, signIn, STAFF } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';

/** An image drawn by the browser (a doorway's photo, a signature), as the phone would send it. */
async function drawn(page: Page, kind: 'photo' | 'signature'): Promise<Buffer> {
  const data = await page.evaluate((what) => {
    const canvas = document.createElement('canvas');
    canvas.width = what === 'photo' ? 480 : 400;
    canvas.height = what === 'photo' ? 360 : 160;
    const c = canvas.getContext('2d')!;
    c.fillStyle = '#fff';
    c.fillRect(0, 0, canvas.width, canvas.height);
    if (what === 'photo') {
      c.fillStyle = '#8a5a2b';
      c.fillRect(150, 60, 180, 300); // a door
      c.fillStyle = '#d9a441';
      c.fillRect(200, 250, 80, 60); // a parcel at it
      c.fillStyle = '#000';
      c.font = '24px sans-serif';
      c.fillText('Rua 7, 10', 20, 40);
    } else {
      c.strokeStyle = '#000';
      c.lineWidth = 4;
      c.beginPath();
      c.moveTo(30, 110);
      c.bezierCurveTo(90, 10, 140, 150, 200, 70);
      c.bezierCurveTo(250, 20, 300, 140, 370, 60);
      c.stroke();
    }
    return canvas.toDataURL(what === 'photo' ? 'image/jpeg' : 'image/png', 0.9);
  }, kind);
  return Buffer.from(data.split(',')[1]!, 'base64');
}

test("a client opens a delivery's proof and the month's statement, and saves the spreadsheet", async ({
  page,
  context,
  stack,
  isMobile,
}, testInfo) => {
  test.skip(!isMobile, "the client's phone (390 px)");
  await page.goto('/acesso-conta');
  await page.getByLabel('Senha').fill(CLIENT.password);
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(page).toHaveURL(/\/formulario-solicitacao$/);

  // A pickup of the company, made into a shipment by the office and delivered by the driver's
  // phone with a photo, a signature and its position.
  const client = await signIn(stack.url, 'clients', CLIENT);
  const office = await signIn(stack.url, 'staff', STAFF);
  const id = `cp${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
  const made = await call(stack.url, '/api/collections/pickup_requests/records', {
    method: 'POST',
    token: client,
    body: pickupPayload({ id, cidade: 'Goiânia', estado: 'GO' }),
  });
  const requestNumber = made.body.number as number;
  const request = (
    await call(stack.url, `/api/collections/pickup_requests/records/${id}`, { token: office })
  ).body;
  const fields = {
    ...draftFromRequest('pickup', request, company.client, todayInBrazil()),
    senderZip: '75500-000',
    senderStreetNumber: 'S/N',
    recipientZip: '74000-000',
    recipientStreetNumber: '10',
    weight: '2,5',
    length: '50',
    width: '40',
    height: '30',
    invoiceValue: '1.234,56',
    service: 'Expressa',
  };
  const record = `cq${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
  const send = (body: Record<string, unknown>) =>
    call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: { record, at: new Date().toISOString(), ...body },
    });
  const shipment = await send({ op: 'shipment', number: '', fields, request: `pickup:${id}` });
  expect(shipment.status, JSON.stringify(shipment.body)).toBe(200);
  const number = shipment.body.record.number as string;
  const delivered = await send({
    op: 'stage',
    number,
    stage: 4,
    set: true,
    receiverName: 'Maria da Silva Souza',
    latitude: -16.686891,
    longitude: -49.264794,
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  for (const [target, kind, name, type] of [
    ['entrega', 'photo', 'entrega.jpg', 'image/jpeg'],
    ['assinatura', 'signature', 'assinatura.png', 'image/png'],
  ] as const) {
    const form = new FormData();
    form.set('record', record);
    form.set('target', target);
    form.set('photo', new Blob([new Uint8Array(await drawn(page, kind))], { type }), name);
    const res = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
      method: 'POST',
      headers: { Authorization: office },
      body: form,
    });
    expect(res.status, await res.text()).toBe(200);
  }

  // 'Minhas solicitações' shows initials; its proof, the whole name.
  await page.getByRole('link', { name: 'Minhas solicitações' }).first().click();
  const item = page.getByRole('listitem', { name: `Solicitação nº ${requestNumber}` });
  await expect(item.getByText(/^Entregue a M\. S\. S\./)).toBeVisible();
  await waitForWorker(page);
  await item.getByRole('link', { name: 'Comprovante de entrega' }).click();
  await expect(page).toHaveURL(new RegExp(`/comprovante\\?numero=${number}$`));
  const proof = page.getByRole('region', { name: `Comprovante de entrega da remessa ${number}` });
  await expect(proof.getByText('Maria da Silva Souza')).toBeVisible();
  await expect(proof.getByText(`nº ${requestNumber}`)).toBeVisible();
  await expect(
    proof.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(horário de Brasília\)$/),
  ).toBeVisible();
  await expect(proof.getByText('-16.686891, -49.264794')).toBeVisible();
  await expect(proof.getByRole('link', { name: 'Ver no mapa' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=-16\.686891&mlon=-49\.264794/,
  );
  for (const alt of [
    `Foto da entrega da remessa ${number}`,
    `Assinatura de quem recebeu a remessa ${number}`,
  ]) {
    const image = proof.getByRole('img', { name: alt });
    await expect(image).toBeVisible();
    // Drawn from memory (a blob: address): the session is not in any address.
    await expect(image).toHaveAttribute('src', /^blob:/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  }
  await page.screenshot({ path: testInfo.outputPath('comprovante.png'), fullPage: true });

  const photo = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar foto' }).click();
  expect((await photo).suggestedFilename()).toBe(`comprovante-${number}-foto.jpg`);

  // On paper: the sheet only, on one A4 page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir ou salvar em PDF' })).toBeHidden();
  await expect(proof.getByText('Maria da Silva Souza')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('comprovante-impresso.png'), fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  writeFileSync(testInfo.outputPath('comprovante.pdf'), pdf);
  const boxes = [
    ...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g),
  ];
  expect(boxes.map((m) => [m[1], m[2]].map((pt) => Math.round((Number(pt) / 72) * 25.4)))).toEqual([
    [210, 297],
  ]);
  await page.emulateMedia({ media: 'screen' });

  // No signal: the proof is not on the device, and the page says so.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(PROOF_MESSAGES.offline)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await expect(page.getByText('Maria da Silva Souza')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('comprovante-sem-sinal.png') });
  // The signal returns: the proof comes back by itself.
  await context.setOffline(false);
  await expect(proof.getByText('Maria da Silva Souza')).toBeVisible();

  // 'Extrato': this month, with the price the server stored, and its spreadsheet.
  await page.getByRole('link', { name: 'Extrato' }).click();
  const month = monthInBrazil();
  await expect(page).toHaveURL(/\/extrato$/);
  await expect(page.getByLabel('Mês', { exact: true })).toHaveValue(month);
  const sheet = page.getByRole('region', { name: `Extrato de ${monthLabel(month)}` });
  const price = shipmentPrice({
    weightKg: 2.5,
    lengthCm: 50,
    widthCm: 40,
    heightCm: 30,
    invoiceValueCents: 123456,
    service: 'Expressa',
  });
  const line = sheet.getByRole('row').filter({ hasText: number });
  await expect(line).toContainText(`nº ${requestNumber}`);
  await expect(line).toContainText('Goiânia - GO');
  await expect(line).toContainText(formatCents(price.priceCents));
  await expect(sheet.getByText(company.client.name)).toBeVisible();
  // On the phone the sheet keeps to the screen's width; its table scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('extrato.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar planilha (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`extrato-${month}.csv`);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFFNúmero;Data;Solicitação;Destino;Serviço;')).toBe(true);
  const cents = (price.priceCents / 100).toFixed(2).replace('.', ',');
  // The number as the formula ="…" (text to Excel), quoted as CSV quotes a cell with quotes.
  expect(text).toMatch(new RegExp(`\\r\\n"=""${number}""";[^\\r]*;${cents}\\r\\n`));
  expect(text).toMatch(/\r\nTotal \(\d+ remessas?\);/);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Baixar planilha (CSV)' })).toBeHidden();
  await expect(sheet.getByRole('columnheader', { name: 'Valor' })).toBeVisible();
  writeFileSync(testInfo.outputPath('extrato.pdf'), await page.pdf({ preferCSSPageSize: true }));
  await page.emulateMedia({ media: 'screen' });
});
