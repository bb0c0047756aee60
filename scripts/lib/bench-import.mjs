/* global indexedDB, document, window -- code run in the page by Playwright */
// The bench's 'import' part (scripts/bench.mjs): a client company's day from a spreadsheet. A
// 390 px phone at 4x CPU signed in as the company's shared account picks a CSV of 1,000 pickups on
// 'Importar planilha': the time until every row is checked and on screen ('1000 linhas prontas'
// and the list drawn), then, with no signal, the time from 'Enviar 1000 solicitações' until all
// 1,000 are stored in the device's outbox. The signal then returns and the time until the server
// holds all of them is reported (no budget: the outbox sends them fifty to a request).

const ROWS = 1000;
/** The lines the page draws at first (a phone shows a few; the rest on request). */
const FIRST_DRAWN = 100;

/** 1,000 valid rows from the template's own columns and example, each a different request. */
function spreadsheet({ IMPORT_COLUMNS, TEMPLATE_EXAMPLE }, { excelCsv, textCell }, tag) {
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    const values = {
      ...TEMPLATE_EXAMPLE,
      solicitadaPor: `Bench ${tag} ${i + 1}`,
      contato: `Contato ${i + 1}`,
      endereco: `Rua ${tag}, ${i + 1}`,
    };
    rows.push(IMPORT_COLUMNS.map((c) => textCell(String(values[c.name] ?? ''))));
  }
  return excelCsv(
    IMPORT_COLUMNS.map((c) => c.header),
    rows,
  );
}

/** Pickup items in the device's outbox (IndexedDB 'rota-veloz', table 'outbox'), and when. */
const outboxPickups = () =>
  new Promise((resolve, reject) => {
    const open = indexedDB.open('rota-veloz');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => {
        const n = all.result.filter((item) => item.kind === 'pickup').length;
        open.result.close();
        resolve({ n, at: performance.now() });
      };
      all.onerror = () => reject(all.error);
    };
  });

/**
 * @param {object} deps what the bench lends: `launch`, `phoneContext(browser)`, `client`
 *   ({ password }), `domainModule`, `server` (its `admin`), `report(line)`, `absolute`,
 *   `budget` ({ importShownSeconds, importQueuedSeconds }), `attempt`.
 */
export async function measureImport(deps) {
  const { launch, phoneContext, client, domainModule, server, report, absolute, budget } = deps;
  const domain = await domainModule('pickup-import.ts');
  const csvKit = await domainModule('export-csv.ts');
  const tag = `${Date.now().toString(36)}${deps.attempt}`;
  const csv = spreadsheet(domain, csvKit, tag);
  const before = (await server.admin('/api/collections/pickup_requests/records?perPage=1'))
    .totalItems;

  const browser = await launch();
  let shownMs = NaN;
  let queuedMs = NaN;
  let deliveredSeconds = NaN;
  try {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto('/acesso-conta');
    await page.waitForFunction(() => !document.querySelector('main fieldset[disabled]'));
    await page.getByLabel('Senha').fill(client.password);
    await page.getByRole('button', { name: 'Acessar Sistema' }).click();
    await page.waitForURL(/\/formulario-solicitacao$/);
    await page.goto('/importar-planilha');
    await page.getByLabel('Planilha (CSV ou XLSX)').waitFor({ state: 'attached' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    // Picked: until the summary says 1,000 rows are ready and the page's first hundred lines are
    // drawn (the rest on 'Mostrar todas as 1000 linhas', whose button is there too).
    const picked = await page.evaluate(() => performance.now());
    await page.getByLabel('Planilha (CSV ou XLSX)').setInputFiles({
      name: 'coletas.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    const shown = await page
      .waitForFunction(
        // textContent of the status lines, not the page's innerText: that lays the page out on
        // every frame, and the measurement would slow what it measures.
        ({ n, drawn }) =>
          [...document.querySelectorAll('[role=status]')].some((e) =>
            e.textContent.includes(`${n} linhas prontas`),
          ) &&
          document.querySelectorAll('ul[aria-label="Linhas prontas"] > li').length >= drawn &&
          [...document.querySelectorAll('button')].some(
            (b) => b.textContent === `Mostrar todas as ${n} linhas`,
          )
            ? performance.now()
            : 0,
        { n: ROWS, drawn: FIRST_DRAWN },
        { polling: 'raf', timeout: 120_000 },
      )
      .then((h) => h.jsonValue());
    shownMs = shown - picked;

    // With no signal: from the tap until the device holds all 1,000.
    await context.setOffline(true);
    const send = page.getByRole('button', { name: `Enviar ${ROWS} solicitações` });
    await send.waitFor();
    const tapped = await page.evaluate(() => performance.now());
    await send.click();
    let queued = NaN;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const seen = await page.evaluate(outboxPickups);
      if (seen.n >= ROWS) {
        queued = seen.at;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    queuedMs = queued - tapped;

    // The signal returns: reported, the time until the server holds them all.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const back = Date.now();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    for (;;) {
      const now = (await server.admin('/api/collections/pickup_requests/records?perPage=1'))
        .totalItems;
      if (now - before >= ROWS) break;
      if (Date.now() - back > 600_000) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    deliveredSeconds = (Date.now() - back) / 1000;
    await context.close();
  } finally {
    await browser.close();
  }

  report('## A spreadsheet of 1,000 pickups (390 px, CPU 4x)');
  report('');
  report('| step | figure | budget | |');
  report('|---|---:|---:|---|');
  report(
    `| picked until every row is checked and the first ${FIRST_DRAWN} are shown | ${(shownMs / 1000).toFixed(2)} s | ≤ ${budget.importShownSeconds} s | ${absolute(shownMs <= budget.importShownSeconds * 1000, 'import: 1,000 rows shown', `${(shownMs / 1000).toFixed(2)} s`)} |`,
  );
  report(
    `| 'Enviar 1000 solicitações' until all are in the outbox (no signal) | ${(queuedMs / 1000).toFixed(2)} s | ≤ ${budget.importQueuedSeconds} s | ${absolute(queuedMs <= budget.importQueuedSeconds * 1000, 'import: 1,000 rows queued', `${(queuedMs / 1000).toFixed(2)} s`)} |`,
  );
  report(
    `| signal back until the server holds all 1,000 (reported) | ${deliveredSeconds.toFixed(1)} s | — | |`,
  );
  report('');
}
