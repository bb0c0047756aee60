// Drivers use the installed app, which has no address bar: the staff area must be reachable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('the phone menu and the footer lead to the staff area', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Área da equipe' }).click();
  } else {
    await page.getByRole('contentinfo').getByRole('link', { name: 'Área da equipe' }).click();
  }
  await expect(page).toHaveURL(/\/admin\/tracking$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('the installed app has shortcuts to the staff screens', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
    '/admin/tracking',
    '/admin/solicitacoes',
  ]);
  // The built file is what the worker precaches.
  const built = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../dist/manifest.webmanifest'), 'utf8'),
  );
  expect(built.shortcuts).toEqual(manifest.shortcuts);
});
