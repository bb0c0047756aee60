import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ROUTES = [
  { path: '/', title: 'Início', heading: 'Soluções de Transporte' },
  { path: '/servicos', title: 'Nossos Serviços', heading: 'Nossos Serviços' },
  { path: '/cotacao', title: 'Solicitação de Cotação', heading: 'Solicitação de Cotação' },
  { path: '/entrega-urgente', title: 'Entrega Urgente', heading: 'Entrega Urgente' },
  { path: '/rastrear', title: 'Rastreamento de Encomendas', heading: 'Rastreamento de Encomendas' },
  { path: '/acesso-conta', title: 'Acesso Restrito', heading: 'Acesso Restrito' },
  { path: '/localidades', title: 'Localidades Atendidas', heading: 'Localidades Atendidas' },
  { path: '/privacidade', title: 'Privacidade', heading: 'Privacidade' },
];

const DRAWER_LINKS = ['Início', 'Serviços', 'Cotação Expressa', 'Entrega Urgente', 'Rastrear'];

async function fontWeightOf(page: Page, name: string) {
  const link = page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name, exact: true });
  return link.evaluate((el) => getComputedStyle(el.querySelector('span') ?? el).fontWeight);
}

test('the document is in Brazilian Portuguese', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});

for (const route of ROUTES) {
  test(`${route.path} has its title and heading`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(page).toHaveTitle(`${route.title} | Rota Veloz`);
  });
}

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Ops! Página não encontrada')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Soluções de Transporte' })).toBeVisible();
});

test('the footer has the contacts, WhatsApp and the privacy page', async ({ page }) => {
  await page.goto('/servicos');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(/Telefone: \(\d{2}\) \d{4}-\d{4}/)).toBeVisible();
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByRole('link', { name: 'Fale pelo WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  );
  // The footer is kept as the build wrote it, yet its links open their page in the app (no new
  // document: what the page holds, like a half-filled form elsewhere in the app, stays).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await footer.getByRole('link', { name: 'Privacidade' }).click();
  await expect(page.getByRole('heading', { name: 'Privacidade', level: 1 })).toBeVisible();
  await expect(page.getByText(/LGPD/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('services link to the locations, which list the 16 places', async ({ page }) => {
  await page.goto('/servicos');
  await expect(
    page.getByText(
      /somente a: São Paulo, Guarulhos, Uberlândia, Goiânia, Itumbiara, Ipameri, Rio Verde/,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'localidades atendidas' }).click();
  await expect(page).toHaveURL(/\/localidades$/);
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(17);
  await expect(page.getByRole('row', { name: /Uberlândia - MG 24-48h Express/ })).toBeVisible();
  for (const header of ['Localidade', 'Prazo de entrega', 'Serviço']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
});

test.describe('desktop navigation', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('shows every link with the active one in bold, Acessar Conta included', async ({ page }) => {
    await page.goto('/servicos');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    for (const name of [...DRAWER_LINKS, 'Acessar Conta']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    expect(await fontWeightOf(page, 'Serviços')).toBe('700');
    expect(await fontWeightOf(page, 'Início')).toBe('400');
    await nav.getByRole('link', { name: 'Acessar Conta' }).click();
    await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
    expect(await fontWeightOf(page, 'Acessar Conta')).toBe('700');
    expect(await fontWeightOf(page, 'Serviços')).toBe('400');
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeHidden();
  });
});

test.describe('mobile navigation', () => {
  test.skip(({ isMobile }) => !isMobile, 'mobile only');

  test('a menu button opens a drawer with the five links, closing on navigation', async ({
    page,
  }) => {
    await page.goto('/rastrear');
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    // The five links of the menu; the discreet staff entry sits apart, below them.
    const links = drawer.getByRole('navigation', { name: 'Menu' }).getByRole('link');
    await expect(links).toHaveText(DRAWER_LINKS);
    await expect(drawer.getByRole('link', { name: 'Rastrear' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(drawer.getByRole('link', { name: 'Início' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await drawer.getByRole('link', { name: 'Serviços' }).click();
    await expect(page).toHaveURL(/\/servicos$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Nossos Serviços' })).toBeVisible();

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Serviços' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test("the corporate client's way in is in the footer (the menu keeps to five pages)", async ({
    page,
  }) => {
    await page.goto('/servicos');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Acessar Conta' }).click();
    await expect(page).toHaveURL(/\/acesso-conta$/);
    await expect(page.getByRole('heading', { name: 'Acesso Restrito', level: 1 })).toBeVisible();
  });

  test('a menu tapped before the page is live opens at once, and works after', async ({
    context,
    baseURL,
  }) => {
    // A slow phone: the CPU slowed 4x, and the page's scripts held back until after the tap, so
    // the tap surely lands on the prerendered HTML before anything is live.
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route('**/assets/*.js', (route) =>
      holding ? void held.push(() => route.continue()) : route.continue(),
    );
    await page.goto(`${baseURL}/servicos`, { waitUntil: 'commit' });

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText(
      DRAWER_LINKS,
    );
    expect(held.length).toBeGreaterThan(0); // nothing of the app had run

    // Once live, the open menu is the app's: closing, reopening and navigating behave as usual.
    holding = false;
    for (const release of held) await release();
    await page.waitForFunction(() => !document.querySelector('main fieldset[disabled]'));
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await drawer.getByRole('button', { name: 'Fechar menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await drawer.getByRole('link', { name: 'Rastrear' }).click();
    await expect(page).toHaveURL(/\/rastrear$/);
    await expect(drawer).toBeHidden();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});
