import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/lib/setup.mjs';

// Debian's Chromium, never a downloaded browser.
const launchOptions = { executablePath: CHROMIUM, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  // Two minutes: in a fresh clone with both workers busy, whole journeys (a request sent offline
  // and delivered, a follower's e-mail, a stop marked on a phone) take 35-50 s each and about a
  // quarter more on a slower run; a minute failed them on time alone. The longest journeys (48-90 s
  // in a run) say so with `test.slow()` (three times this).
  timeout: 120_000,
  // Twenty seconds for a page to show what a step expects. On a busy 2-core host one sign-in,
  // from the click to the pickup form on screen, took 10.7 s (the sign-in request alone left
  // 1.7 s after the click); at ten seconds that failed a test of something else. How fast
  // pages answer is the bench's to judge, not these tests'.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions,
      },
    },
  ],
});
