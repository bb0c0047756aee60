// For Vitest suites: a stack started before the tests of the enclosing describe (or file) and
// stopped after them. (Playwright starts its stacks in tests/e2e/fixtures.ts.)
import { afterAll, beforeAll } from 'vitest';
import { startStack, type Stack } from './stack';

export function useStack(...args: Parameters<typeof startStack>): () => Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(...args);
  });
  afterAll(() => stack?.stop());
  return () => stack!;
}
