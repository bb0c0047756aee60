import { test as base, expect, type Page } from '@playwright/test';
import { startStack, type Stack } from '../support/stack';

/** Each worker gets its own PocketBase (serving the built site) and SMTP sink, stopped at the end. */
export const test = base.extend<object, { stack: Stack }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, use) => {
      const stack = await startStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),
});

export { expect };

/** Wait until the service worker is active and controls the page (the app then works offline). */
export async function waitForWorker(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return Boolean(reg.active && navigator.serviceWorker.controller);
  });
}
