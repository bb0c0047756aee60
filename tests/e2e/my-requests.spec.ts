// 'Minhas solicitações': the corporate client watches its pickup turn into a delivered shipment,
// live, and sees the last list with its time when the signal goes.
import { draftFromRequest, todayInBrazil } from '../../src/domain/shipments';
import { pickupPayload } from '../support/payloads';
import { call, CLIENT, company, signIn, STAFF } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';

test("the client's pickup becomes a delivered shipment on 'Minhas solicitações', live and offline", async ({
  page,
  context,
  stack,
}) => {
  await page.goto('/acesso-conta');
  await page.getByLabel('Senha').fill(CLIENT.password);
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(page).toHaveURL(/\/formulario-solicitacao$/);
  const client = await signIn(stack.url, 'clients', CLIENT);
  const id = `mr${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
  const made = await call(stack.url, '/api/collections/pickup_requests/records', {
    method: 'POST',
    token: client,
    body: pickupPayload({ id, cidade: 'Goiânia', estado: 'GO' }),
  });
  const requestNumber = made.body.number as number;

  await page.getByRole('link', { name: 'Minhas solicitações' }).click();
  const item = page.getByRole('listitem', { name: `Solicitação nº ${requestNumber}` });
  await expect(item.getByText('Recebida')).toBeVisible();
  // Collected at the client's fixed site (it leaves from there), taken to the place it named.
  await expect(item.getByText('Coleta em Itumbiara - GO · Entrega em Goiânia - GO')).toBeVisible();
  await waitForWorker(page);

  // The office makes the shipment and delivers it: the page follows, with no reload.
  const office = await signIn(stack.url, 'staff', STAFF);
  const request = (
    await call(stack.url, `/api/collections/pickup_requests/records/${id}`, { token: office })
  ).body;
  const fields = {
    ...draftFromRequest('pickup', request, company.client, todayInBrazil()),
    senderZip: '75500-000',
    senderStreetNumber: 'S/N',
    recipientZip: '74000-000',
    recipientStreetNumber: '10',
  };
  const record = `ms${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
  const send = (body: Record<string, unknown>) =>
    call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: { record, at: new Date().toISOString(), ...body },
    });
  const shipment = await send({ op: 'shipment', number: '', fields, request: `pickup:${id}` });
  const number = shipment.body.record.number as string;
  await expect(item.getByRole('link', { name: number })).toBeVisible();
  await expect(item.getByText(/aguardando coleta/)).toBeVisible();
  await send({ op: 'stage', number, stage: 1, set: true });
  await expect(item.getByText(/Encomenda coletada no ponto de coleta/)).toBeVisible();
  await send({ op: 'stage', number, stage: 4, set: true, receiverName: 'Maria da Silva Souza' });
  await expect(
    item.getByText(/^Entregue a M\. S\. S\. em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
  ).toBeVisible();
  await expect(page.getByText('Maria')).toHaveCount(0);

  // No signal: the last list, with the time it was fetched.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Sem conexão: lista atualizada às \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(item.getByText(/^Entregue a M\. S\. S\./)).toBeVisible();
  await context.setOffline(false);
});
