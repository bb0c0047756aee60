// The first visit paints from HTML: every route is a page written at build time, with
// its title, description and styles, that the browser adopts (hydrates) without drawing it again.
import type { Page } from '@playwright/test';
import { expect, test, waitForWorker } from './fixtures';

const PAGES: [path: string, title: string, text: string][] = [
  ['/', 'Início | Rota Veloz', 'Soluções de Transporte'],
  ['/servicos', 'Nossos Serviços | Rota Veloz', 'Nossos Serviços'],
  ['/localidades', 'Localidades Atendidas | Rota Veloz', 'Ribeirão Preto - SP'],
  ['/cotacao', 'Solicitação de Cotação | Rota Veloz', 'Solicitação de Cotação'],
  ['/entrega-urgente', 'Entrega Urgente | Rota Veloz', 'Entrega Urgente'],
  ['/rastrear', 'Rastreamento de Encomendas | Rota Veloz', 'Rastreamento de Encomendas'],
  ['/acesso-conta', 'Acesso Restrito | Rota Veloz', 'Acesso Restrito'],
  // Whether this device has a session is known only in the browser: the page shows the sign-in.
  ['/formulario-solicitacao', 'Formulário de Solicitação | Rota Veloz', 'Acesso Restrito'],
  ['/admin/tracking', 'Gerenciar Status de Rastreamento | Rota Veloz', 'Gerenciar Status'],
  ['/privacidade', 'Privacidade | Rota Veloz', 'Privacidade'],
];

test('with scripts off, every page still shows its title, heading, styles and description', async ({
  browser,
  baseURL,
  isMobile,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const descriptions = new Set<string>();
  for (const [path, title, text] of PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(title);
    await expect(page.getByRole('main').getByText(text).first(), path).toBeVisible();
    // Styled by the inlined CSS: the header's brand colour is there with no script.
    const headerColour = await page
      .getByRole('banner')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(headerColour, path).toBe('rgb(11, 61, 145)');
    descriptions.add(
      (await page.locator('meta[name="description"]').getAttribute('content')) ?? '',
    );
  }
  // Each page describes itself.
  expect(descriptions.size).toBe(PAGES.length);
  const missing = await page.goto('/nao-existe');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Ops! Página não encontrada')).toBeVisible();
  await context.close();
});

/** Problems the browser reports while the page is adopted: none is acceptable. */
function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

test('the browser adopts each page as it is: same elements, no hydration error, no layout shift', async ({
  page,
}) => {
  const problems = collectProblems(page);
  // The heading element as the HTML made it, kept before any script runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { firstH1: Element | null }).firstH1 = document.querySelector('h1');
      }
    });
    const w = window as unknown as { shift: number; shifted: string[] };
    w.shift = 0;
    w.shifted = [];
    new PerformanceObserver((list) => {
      type Shift = PerformanceEntry & { value: number; sources?: { node?: Node }[] };
      for (const entry of list.getEntries() as Shift[]) {
        w.shift += entry.value;
        for (const source of entry.sources ?? []) {
          w.shifted.push((source.node as Element | undefined)?.outerHTML?.slice(0, 100) ?? '?');
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const [path] of PAGES) {
    await page.goto(path);
    // Hydrated: a control works (the menu button on phones, a link's active state on desktop).
    await page.waitForFunction(() =>
      Boolean(Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react'))),
    );
    // React has finished adopting the page once the browser is idle again.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r)));
    const kept = await page.evaluate(() => {
      const first = (window as unknown as { firstH1: Element | null }).firstH1;
      return first === null || first.isConnected;
    });
    expect(kept, `${path}: the heading was drawn again`).toBe(true);
    // (With no session the pickup form sends the visitor on to the sign-in, which it already
    // shows: the heading stays, and nothing moves.)
    // Lighthouse shows CLS to three decimals: nothing that rounds above 0.00 is acceptable.
    const { shift, shifted } = await page.evaluate(() => {
      const w = window as unknown as { shift: number; shifted: string[] };
      return { shift: w.shift, shifted: w.shifted };
    });
    expect(shift, `${path}: ${shifted.join(' | ')}`).toBeLessThan(0.005);
  }
  expect(problems).toEqual([]);
});

test('offline, the worker answers each address with its own page, which paints before scripts', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  await context.setOffline(true);
  for (const [path, title] of [
    ['/localidades', 'Localidades Atendidas'],
    ['/rastrear', 'Rastreamento de Encomendas'],
  ]) {
    const res = await page.goto(path);
    expect(await res!.text(), path).toContain(`<title>${title} | Rota Veloz</title>`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  const unknown = await page.goto('/nao-existe');
  expect(await unknown!.text()).toContain('Ops! Página não encontrada');
  await context.setOffline(false);
});

test('a missing script of another deploy is a 404, never a page cached for a year', async ({
  request,
}) => {
  const res = await request.get('/assets/index-naoexiste.js');
  expect(res.status()).toBe(404);
  expect(res.headers()['cache-control']).not.toContain('immutable');
  expect(res.headers()['content-type']).not.toContain('text/html');
});
