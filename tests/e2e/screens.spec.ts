// Screens a new user hit on a phone and a desktop: the places table, the desktop menu,
// focus after choosing a place by keyboard, and where the install offer appears.
import { expect, framesDrawn, test } from './fixtures';

test('the places table fits the screen: every word whole, nothing to scroll sideways', async ({
  page,
}) => {
  await page.goto('/localidades');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(17);
  const fits = await table.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const cells = Array.from(el.querySelectorAll('th, td'));
    return {
      inViewport: box.right <= document.documentElement.clientWidth,
      noScroll: [el, ...cells, el.parentElement!].every((e) => e.scrollWidth <= e.clientWidth + 1),
      cellsInside: cells.every((c) => c.getBoundingClientRect().right <= box.right + 1),
    };
  });
  expect(fits).toEqual({ inViewport: true, noScroll: true, cellsInside: true });
  await expect(table.getByRole('columnheader', { name: 'Serviço' })).toBeInViewport({ ratio: 1 });
  await expect(table.getByRole('cell', { name: 'Express' }).first()).toBeInViewport({ ratio: 1 });
});

test('the desktop menu stays on one line from 768 px up', async ({ page, isMobile }) => {
  test.skip(isMobile, 'phones use the drawer');
  for (const width of [768, 800, 850, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(6);
    const boxes = await links.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { top: Math.round(r.top), height: Math.round(r.height) };
      }),
    );
    const firstTop = boxes[0].top;
    for (const box of boxes) {
      expect(box.top, `at ${width} px`).toBe(firstTop);
      expect(box.height, `at ${width} px`).toBeLessThan(32);
    }
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.height, `at ${width} px`).toBe(64);
  }
});

test('choosing a place with the keyboard moves focus to the next thing to fill', async ({
  page,
}) => {
  await page.goto('/');
  const simulator = page.getByRole('region', { name: 'Simule Valores' });
  await simulator.getByRole('textbox', { name: 'Qual será o local de Coleta' }).fill('guaru');
  await page.keyboard.press('Tab');
  await expect(
    simulator.getByRole('list', { name: 'Qual será o local de Coleta' }).getByRole('button'),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(simulator.getByText('Guarulhos - SP selecionado')).toBeVisible();
  const destination = simulator.getByRole('textbox', {
    name: 'Onde vamos entregar sua Encomenda?',
  });
  await expect(destination).toBeFocused();

  await page.keyboard.type('goia');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(simulator.getByText('Goiânia - GO selecionado')).toBeVisible();
  await expect(simulator.getByLabel('PESO (kg)')).toBeFocused();
});

/** The browser says the app can be installed, as Chromium does once the criteria are met. */
async function offerInstall(page: import('@playwright/test').Page) {
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, {
      prompt: async () => {
        (window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
}

test('the install offer appears once where a visitor sees it, and can be put away', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  const card = page.getByRole('dialog', { name: 'Instalar aplicativo' });
  // Not over the first thing a visitor sees: only once they do something on the page.
  await expect(page.getByRole('button', { name: 'Instalar aplicativo' })).toBeAttached();
  await expect(card).toHaveCount(0);
  await page.mouse.wheel(0, 200);
  await expect(card).toBeInViewport();
  await card.getByRole('button', { name: 'Instalar' }).click();
  await expect.poll(() => page.evaluate(() => (window as { prompted?: number }).prompted)).toBe(1);
  await expect(card).toHaveCount(0);

  // Put away once, it does not come back on the next visit; the footer button stays.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Instalar aplicativo' })).toBeAttached();
  await framesDrawn(page);
  await expect(card).toHaveCount(0);
});

test("'Agora não' puts the offer away too", async ({ page }) => {
  await page.goto('/servicos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  const card = page.getByRole('dialog', { name: 'Instalar aplicativo' });
  await page.keyboard.press('Tab');
  await card.getByRole('button', { name: 'Agora não' }).click();
  await expect(card).toHaveCount(0);
  await page.goto('/rastrear');
  await offerInstall(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Instalar aplicativo' })).toBeAttached();
  await framesDrawn(page);
  await expect(card).toHaveCount(0);
});

test('the installed app offers no installation', async ({ page }) => {
  // Running from the home screen: the display mode is standalone.
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.includes('display-mode: standalone')
        ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
        : original(query);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  await expect(page.getByText('Versão')).toBeVisible();
  await expect(page.getByRole('button', { name: /Instalar/ })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Instalar aplicativo' })).toHaveCount(0);
});
