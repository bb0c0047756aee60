import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { STAFF, startStack, type Stack } from '../support/stack';

/** Each worker gets its own PocketBase (serving the built site) and SMTP sink, stopped at the end. */
/** Until the prerendered page is live (hydrated), its controls are disabled: wait for it. */
async function live(page: Page) {
  await page
    .waitForFunction(() => !document.querySelector('main fieldset[disabled]'), null, {
      timeout: 15_000,
    })
    .catch(() => {
      // A page that went away meanwhile (a redirect, a closed context): nothing to wait for.
    });
}

export const test = base.extend<object, { stack: Stack }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const res = await goto(...args);
      await live(page);
      return res;
    };
    page.reload = async (...args) => {
      const res = await reload(...args);
      await live(page);
      return res;
    };
    await use(page);
  },
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, use) => {
      const stack = await startStack({ AUTH_PER_MINUTE: '120' });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),
});

export { expect };

/**
 * Wait until the service worker is active and controls the page (the app then works offline). Not
 * one async waitForFunction: Playwright takes the promise it returns for a true answer and stops
 * polling, so that returned while the worker was not yet in control.
 */
export async function waitForWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * A staff member's phone: a new 390 px browser context, signed in on the tracking screen (the
 * office's list shows cards there; a desk's shows a table, see `openRow`).
 */
export async function staffPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/admin/tracking');
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha').fill(STAFF.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  return { context, page };
}

/** A staff phone with its list on the device and the worker in control (it then works offline). */
export async function staffPhoneReady(browser: Browser, baseURL: string) {
  const phone = await staffPhone(browser, baseURL);
  await expect(phone.page.getByText(/Lista atualizada/)).toBeVisible();
  await waitForWorker(phone.page);
  return phone;
}

/** One number's card on the staff screen. */
export const trackingRow = (page: Page, number: string) =>
  page.getByRole('listitem', { name: `Rastreio ${number}` });

/**
 * The office's card of the shipment going to `receiver`: on a phone the card itself; at a desk
 * (a table, one line per shipment) its line, opened in place to the card.
 */
export async function officeCard(page: Page, receiver: string) {
  const table = page.getByRole('table', { name: 'Remessas' });
  await expect(table.or(page.getByRole('list', { name: 'Números registrados' }))).toBeVisible({
    timeout: 30_000,
  });
  if (await table.isVisible()) {
    const line = table.getByRole('row').filter({ hasText: receiver }).first();
    const open = line.getByRole('button', { name: /^Abrir / });
    await open.click();
  }
  return page
    .getByRole('listitem')
    .filter({ hasText: `Para ${receiver}` })
    .first();
}

/**
 * Nothing more will leave this device: its outbox holds no item waiting or being sent. A check
 * that something was stored only once waits for this, not for a pause.
 */
export async function outboxSettled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('rota-veloz');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const all = open.result.transaction('outbox').objectStore('outbox').getAll();
                all.onsuccess = () => {
                  open.result.close();
                  const waiting = (all.result as { state: string }[]).filter(
                    (i) => i.state === 'pending' || i.state === 'sending',
                  );
                  resolve(waiting.length);
                };
              };
            }),
        ),
      { timeout: 30_000 },
    )
    .toBe(0);
}

/** Nothing more will be mailed: the server's mail queue has nothing waiting or being sent. */
export async function mailSettled(stack: Stack) {
  const filter = encodeURIComponent("status='pending' || status='sending'");
  await expect
    .poll(
      async () =>
        (await stack.admin(`/api/collections/mail_queue/records?perPage=1&filter=${filter}`))
          .totalItems,
      { timeout: 30_000 },
    )
    .toBe(0);
}

/**
 * The whole page as someone scrolling through it sees it. The staff lists' rows off screen are drawn
 * only as they come near it (`content-visibility: auto`), and a full-page capture does not scroll:
 * they are drawn first, for this picture only.
 */
export async function wholePage(page: Page, path: string) {
  const style = await page.addStyleTag({
    content: '* { content-visibility: visible !important; }',
  });
  await page.screenshot({ path, fullPage: true });
  await style.evaluate((element) => element.parentNode?.removeChild(element));
}

/** The page has drawn twice since now: any update already queued (React's included) is on screen. */
export async function framesDrawn(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** A large picture as a phone's camera gives it (2400×1800 PNG): the app shrinks it before it waits. */
export async function cameraPhoto(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const g = canvas.getContext('2d')!;
    for (let i = 0; i < 60; i++) {
      g.fillStyle = `hsl(${i * 6}, 70%, 50%)`;
      g.fillRect((i * 40) % 2400, (i * 30) % 1800, 400, 300);
    }
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
