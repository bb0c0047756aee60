import { test as base, expect } from '@playwright/test';
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
