// The office's day at a desk (1280 px): 'Painel do dia' counts the day and opens the list filtered
// to a count; the table filters, searches and sorts; twenty shipments go to a driver in one action
// with no signal, a delivered one is left out and said so, and all reach the server once the
// signal returns.
import { shipmentFields } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, type Stack } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'the office at a desk; phones keep cards');

const day = (offset: number) => {
  const d = new Date(Date.now() - 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

let seq = 0;
const recordId = () =>
  `od${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

/** Shipments made by the office through the write path, in one batch. */
async function makeShipments(stack: Stack, token: string, list: Record<string, string>[]) {
  const changes = list.map((fields) => ({
    op: 'shipment',
    record: recordId(),
    number: '',
    at: new Date().toISOString(),
    fields: shipmentFields(fields),
  }));
  const res = await call(stack.url, '/api/equipe/rastreios/lote', {
    method: 'POST',
    token,
    body: { changes },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return changes.map((c) => c.record);
}

test('the panel counts the day; the table filters and sorts; twenty shipments are assigned at once offline', async ({
  page,
  context,
  stack,
}) => {
  test.slow();
  const tag = `Lote${Date.now().toString(36)}`;
  const office = await signIn(stack.url, 'staff', STAFF);
  const late = `${tag} Atrasada Souza`;
  const ids = await makeShipments(stack, office, [
    { recipientName: late, promisedDate: day(-1) },
    ...Array.from({ length: 19 }, (_, i) => ({
      recipientName: `${tag} Pessoa ${String(i + 1).padStart(2, '0')}`,
      recipientCity: i % 2 ? 'Campinas' : 'Goiânia',
      recipientState: i % 2 ? 'SP' : 'GO',
      recipientZip: i % 2 ? '13010-000' : '74000-000',
      promisedDate: day(1),
    })),
    { recipientName: `${tag} Já Entregue`, promisedDate: day(0) },
  ]);
  const deliveredId = ids.at(-1)!;
  const delivered = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token: office,
    body: {
      op: 'stage',
      record: deliveredId,
      number: '',
      stage: 4,
      set: true,
      receiverName: 'Porteiro Lima',
      at: new Date().toISOString(),
    },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

  await page.goto('/admin/tracking');
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha').fill(STAFF.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(/Lista atualizada/)).toBeVisible({ timeout: 30_000 });
  await waitForWorker(page);

  // The panel: the late one counted and, opened, listed alone among this test's shipments.
  const panel = page.getByRole('region', { name: 'Painel do dia' });
  await expect(panel.getByRole('button', { name: /^Atrasadas: [1-9]/ })).toBeVisible();
  await panel.getByRole('button', { name: /^Atrasadas: / }).click();
  await expect(page).toHaveURL(/situacao=atrasadas/);
  const table = page.getByRole('table', { name: 'Remessas' });
  await expect(table.getByRole('row').filter({ hasText: late })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: `${tag} Pessoa` })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: late })).toContainText('(atrasada)');
  await page.getByRole('button', { name: 'Limpar filtros' }).click();

  // Search by name, then by city; sort by receiver, both ways.
  const search = page.getByLabel('Buscar por número, destinatário ou CEP');
  await search.fill(tag);
  const lines = table.getByRole('row').filter({ hasText: tag });
  await expect(lines).toHaveCount(21);
  // Enter puts the search into the address ('Voltar' and a shared link keep it).
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`busca=${tag}`));
  await page.getByLabel('Cidade', { exact: true }).selectOption('Campinas - SP');
  await expect(lines).toHaveCount(9);
  await page.getByLabel('Cidade', { exact: true }).selectOption('');
  await table.getByRole('button', { name: 'Destinatário' }).click();
  await expect(lines.first()).toContainText(late);
  await table.getByRole('button', { name: /^Destinatário/ }).click();
  await expect(lines.first()).toContainText(`${tag} Pessoa 19`);
  await page.evaluate(() =>
    document.querySelector('table[aria-label="Remessas"]')?.scrollIntoView({ block: 'start' }),
  );
  const onScreen = await lines.evaluateAll(
    (rows) =>
      rows.filter((r) => {
        const box = r.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(onScreen).toBeGreaterThanOrEqual(20);

  // No signal: all twenty-one chosen, given to the driver in one action.
  await context.setOffline(true);
  await table.getByRole('checkbox', { name: 'Selecionar todos' }).check();
  const bar = page.getByRole('region', { name: 'Ações nas selecionadas' });
  await expect(bar.getByText('21 remessas selecionadas')).toBeVisible();
  await bar.getByRole('button', { name: 'Atribuir motorista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atribuir 21 remessas' });
  await dialog.getByLabel('Motorista').selectOption({ label: 'Motorista Demo' });
  await dialog.getByRole('button', { name: 'Atribuir' }).click();
  await expect(page.getByText('20 atribuídas; 1 já entregue, não alterada')).toBeVisible();
  await expect(page.getByText(/vão para o servidor assim que o sinal voltar/)).toBeVisible();
  // On screen at once, before the server knows.
  await expect(lines.filter({ hasText: 'Motorista Demo' })).toHaveCount(20);
  await expect(lines.filter({ hasText: `${tag} Já Entregue` })).not.toContainText('Motorista Demo');

  // The signal returns: the twenty reach the server.
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const res = await call(
          stack.url,
          `/api/collections/tracking/records?perPage=50&filter=${encodeURIComponent(
            `recipientName ~ '${tag}' && driver = '${DRIVER_ID}'`,
          )}`,
          { token: office },
        );
        return (res.body as { totalItems: number }).totalItems;
      },
      { timeout: 30_000 },
    )
    .toBe(20);

  // Filtered to the driver: his stops get a first order by CEP (Campinas' 13… before Goiânia's 74…).
  await page.getByLabel('Motorista', { exact: true }).selectOption({ label: 'Motorista Demo' });
  const route = page.getByRole('region', { name: 'Rota de Motorista Demo' });
  await route.getByRole('button', { name: 'Ordenar paradas por CEP' }).click();
  await expect(page.getByText('Paradas de Motorista Demo ordenadas por CEP')).toBeVisible();
  const stopOf = async (name: string) => {
    const res = await call(
      stack.url,
      `/api/collections/tracking/records?filter=${encodeURIComponent(`recipientName = '${name}'`)}`,
      { token: office },
    );
    return (res.body as { items: { stopOrder: number }[] }).items[0]!.stopOrder;
  };
  await expect.poll(() => stopOf(`${tag} Pessoa 02`)).toBeGreaterThan(0);
  expect(await stopOf(`${tag} Pessoa 02`)).toBeLessThan(await stopOf(`${tag} Pessoa 01`));
  await page.getByLabel('Motorista', { exact: true }).selectOption('');

  // A line opens in place to the shipment's card.
  await search.fill(late);
  const card = page.getByRole('listitem', { name: /^Rastreio \d{12}$/ });
  await table.getByRole('button', { name: /^Abrir \d{12}$/ }).click();
  await expect(card).toContainText('Motorista: Motorista Demo');
  await page.screenshot({ path: test.info().outputPath('office-desk.png'), fullPage: false });

  // Its label printed, then its history says who assigned it and who printed it.
  await card.getByRole('link', { name: 'Imprimir etiqueta' }).click();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await page.getByRole('link', { name: 'Voltar aos rastreamentos' }).click();
  await search.fill(late);
  await table.getByRole('button', { name: /^Abrir \d{12}$/ }).click();
  await card.getByRole('button', { name: /^Histórico de / }).click();
  const history = page.getByRole('dialog');
  await expect(history.getByText(/^Atribuída a Motorista Demo por Equipe/)).toBeVisible();
  await expect(history.getByText(/^Etiqueta impressa por Equipe/)).toBeVisible();
  await expect(history.getByText(/^Remessa criada por Equipe/)).toBeVisible();

  // This worker's server is shared with other tests that count the demo driver's stops: the
  // twenty go back to no driver.
  const back = await call(stack.url, '/api/equipe/rastreios/lote', {
    method: 'POST',
    token: office,
    body: {
      changes: ids.map((record) => ({
        op: 'assign',
        record,
        number: '',
        driver: '',
        at: new Date().toISOString(),
      })),
    },
  });
  expect(back.status, JSON.stringify(back.body)).toBe(200);
});

test("'Pendências' shows its five oldest decisions, and every one on a tap", async ({
  page,
  stack,
}) => {
  const tag = `Pend${Date.now().toString(36)}`;
  const office = await signIn(stack.url, 'staff', STAFF);
  const driver = await signIn(stack.url, 'staff', DRIVER);
  const batch = async (token: string, changes: Record<string, unknown>[]) => {
    const res = await call(stack.url, '/api/equipe/rastreios/lote', {
      method: 'POST',
      token,
      body: { changes: changes.map((c) => ({ at: new Date().toISOString(), ...c })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = (res.body as { results: { status: number; answer: unknown }[] }).results;
    expect(
      results.every((r) => r.status === 200),
      JSON.stringify(results),
    ).toBe(true);
    return results.map((r) => r.answer as { record: { id: string; number: string } });
  };
  // Six shipments on the demo driver's list, each failed three times: six decisions waiting.
  const made = await batch(
    office,
    Array.from({ length: 6 }, (_, i) => ({
      op: 'shipment',
      record: recordId(),
      number: '',
      driver: DRIVER_ID,
      fields: shipmentFields({ recipientName: `${tag} Pessoa ${i + 1}` }),
    })),
  );
  const shipments = made.map((a) => a.record);
  for (const s of shipments) {
    await batch(
      driver,
      ['ausente', 'fechado', 'ausente'].map((reason) => ({
        op: 'attempt',
        record: s.id,
        number: s.number,
        attempt: recordId(),
        reason,
      })),
    );
  }

  await page.goto('/admin/tracking');
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha').fill(STAFF.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const pending = page.getByRole('region', { name: /^Pendências/ });
  const heading = pending.getByRole('heading', { name: /^Pendências \(\d+\)$/ });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  // Other tests of this worker's server may have left decisions too: at least these six.
  const total = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThanOrEqual(6);
  const items = pending.getByRole('listitem', { name: /^Pendência / });
  await expect(items).toHaveCount(5);
  // The oldest first: the last one to run out of attempts waits behind the button.
  const newest = shipments.at(-1)!.number;
  await expect(pending.getByRole('listitem', { name: `Pendência ${newest}` })).toHaveCount(0);
  await pending.getByRole('button', { name: `Mostrar todas as ${total} pendências` }).click();
  await expect(items).toHaveCount(total);
  await expect(pending.getByRole('listitem', { name: `Pendência ${newest}` })).toBeVisible();
  await expect(pending.getByRole('button', { name: /^Mostrar todas/ })).toHaveCount(0);

  // Put away for the other tests of this server: returned to their senders.
  await batch(
    office,
    shipments.map((s) => ({ op: 'decision', record: s.id, number: s.number, decision: 'return' })),
  );
});
