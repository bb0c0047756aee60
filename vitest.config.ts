import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/__tests__/**/*.test.ts',
      'tests/server/**/*.test.ts',
      // Checks of the production build itself (npm test builds it before Vitest).
      'tests/build/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['tests/support/vitest-global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The server suites each start their own PocketBase; one file at a time keeps a 2-core box calm.
    fileParallelism: false,
  },
});
