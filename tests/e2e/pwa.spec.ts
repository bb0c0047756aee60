import { chromium, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/lib/setup.mjs';
import { startStack } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'the service worker behaves the same at every width');

const PAGES = [
  ['/', 'Soluções de Transporte'],
  ['/servicos', 'Nossos Serviços'],
  ['/cotacao', 'Solicitação de Cotação'],
  ['/entrega-urgente', 'Entrega Urgente'],
  ['/rastrear', 'Rastreamento de Encomendas'],
  ['/acesso-conta', 'Acesso Restrito'],
  ['/localidades', 'Localidades Atendidas'],
  ['/formulario-solicitacao', 'Acesso Restrito'], // no session: the gate
  ['/admin/tracking', 'Gerenciar Status de Rastreamento'],
  ['/privacidade', 'Privacidade'],
] as const;

async function simulate(page: Page) {
  const sim = page.getByRole('region', { name: 'Simule Valores' });
  await sim.getByLabel('PESO (kg)').fill('1.01');
  await sim.getByLabel('Valor da Nota Fiscal').pressSequentially('200');
  // 1,01 kg is charged as 2 kg (R$ 83,80) plus 1% of R$ 200,00.
  await expect(sim.getByTestId('Valor Total:')).toHaveText('R$ 85,80');
}

async function expectEveryPageOffline(page: Page, base: string) {
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Soluções de Transporte' })).toBeVisible();
  await expect(page.getByText('Você está sem conexão.', { exact: false })).toBeVisible();
  for (const [path, heading] of PAGES) {
    await page.goto(`${base}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  }
  await page.goto(`${base}/`);
  await simulate(page);
}

test('after one visit, every page and the simulator work with the context offline', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  await simulate(page);
  await context.setOffline(true);
  await expectEveryPageOffline(page, baseURL!);
  // An address people guess for the tracking page leads there, number kept, with no server.
  await page.goto('/rastreamento?numero=987654321');
  await expect(page).toHaveURL(/\/rastrear\?numero=987654321$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Você está sem conexão.', { exact: false })).toBeHidden();
});

test('after one visit, every page works with the server process stopped', async ({ page }) => {
  const own = await startStack();
  try {
    await page.goto(`${own.url}/`);
    await waitForWorker(page);
    await own.stopServer();
    // The browser still thinks it is online; the pages come from the worker all the same.
    await page.reload();
    for (const [path, heading] of PAGES) {
      await page.goto(`${own.url}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    }
    await page.goto(`${own.url}/`);
    await simulate(page);
  } finally {
    await own.stop();
  }
});

test('the manifest and icons are served and Chromium finds the app installable', async ({
  stack,
  request,
}) => {
  const manifest = await (await request.get(`${stack.url}/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({
    lang: 'pt-BR',
    display: 'standalone',
    start_url: '/',
    short_name: 'Rota Veloz',
  });
  for (const icon of manifest.icons) {
    const res = await request.get(`${stack.url}${icon.src}`);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.map((i: { purpose: string }) => i.purpose)).toContain('maskable');

  // Ordinary contexts are incognito, which is never installable: use a persistent profile.
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  const browserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browserContext.newPage();
    await page.goto(`${stack.url}/`);
    await waitForWorker(page);
    const cdp = await browserContext.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browserContext.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('personal API answers are never kept in Cache Storage', async ({ page }) => {
  await page.goto('/');
  await waitForWorker(page);
  const urls = await page.evaluate(async () => {
    await fetch('/api/rastreio/987654321');
    await fetch('/api/collections/staff/auth-with-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: 'equipe@teste.example', password: 'equipe-senha-123' }),
    });
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) found.push(req.url);
    }
    return found;
  });
  expect(urls.length).toBeGreaterThan(5);
  expect(urls.filter((u) => u.includes('/api/'))).toEqual([]);
});

test('a new deployment shows the update prompt and Atualizar loads it', async ({ page }) => {
  test.slow(); // two builds: 84 s in a fresh clone's run
  const publicDir = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
  const build = (label: string) => {
    const r = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', publicDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        env: { ...process.env, APP_BUILD_LABEL: label },
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
  };
  cpSync('dist', publicDir, { recursive: true });
  build('teste-1');
  const own = await startStack({}, { publicDir });
  try {
    await page.goto(`${own.url}/rastrear`);
    await waitForWorker(page);
    await expect(page.getByText('Versão teste-1')).toBeVisible();

    build('teste-2');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('alertdialog', { name: 'Nova versão disponível' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Versão teste-1')).toBeVisible();
    await prompt.getByRole('button', { name: 'Atualizar' }).click();
    await expect(page.getByText('Versão teste-2')).toBeVisible();
    await expect(page).toHaveURL(/\/rastrear$/);
  } finally {
    await own.stop();
    rmSync(publicDir, { recursive: true, force: true });
  }
});
