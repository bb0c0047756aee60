// What waits on the device is not lost: the panel says how much is kept, and a full disk keeps
// what was typed on screen and says so in Portuguese.
import { expect, test, waitForWorker } from './fixtures';
import { fillQuote } from './form-helpers';

test.skip(({ isMobile }) => isMobile, 'the same at every width');

test('the outbox panel says how much is kept on the device', async ({ page, context }) => {
  await page.goto('/cotacao');
  await waitForWorker(page);
  await context.setOffline(true);
  const name = `Guardado ${Date.now()}`;
  await fillQuote(page, name);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await page.getByRole('button', { name: 'Envios pendentes: 1' }).click();
  // The waiting quote says whose it is and where it goes.
  await expect(page.getByText(`${name}: São Paulo - SP → Goiânia - GO`)).toBeVisible();
  await expect(page.getByTestId('storage-line')).toContainText(
    /O site ocupa \d+,\d MB neste aparelho \(o app para usar sem sinal e os envios\)/,
  );
  await context.setOffline(false);
});

test('a full disk keeps the form as typed and says so', async ({ page, stack }) => {
  const name = `Disco Cheio ${Date.now()}`;
  await page.goto('/cotacao');
  await fillQuote(page, name);
  // The browser refuses to store anything more in the outbox, as a full phone does.
  await page.evaluate(() => {
    const add = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = function (...args: Parameters<typeof add>) {
      if (this.name === 'outbox') throw new DOMException('Disco cheio', 'QuotaExceededError');
      return add.apply(this, args);
    };
  });
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText('Sem espaço neste aparelho')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Remetente' }).getByLabel('Nome')).toHaveValue(name);
  const stored = await stack.admin(
    `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="${name}"`)}`,
  );
  expect(stored.totalItems).toBe(0);
});
