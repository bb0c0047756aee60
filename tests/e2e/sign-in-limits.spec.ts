// Past a few wrong passwords the server makes an account wait; the sign-in screens say so in the
// server's own words, not 'wrong password'.
import type { Page } from '@playwright/test';
import { STAFF, startStack, type Stack } from '../support/stack';
import { expect, test } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'the sign-in screens behave the same at every width');

// A first delay long enough that the sixth attempt always falls inside it; the seconds left
// depend on how long the five attempts took.
const WAIT = /^Muitas senhas erradas seguidas\. Aguarde (30|2\d) segundos e tente de novo\.$/;

let own: Stack;
test.beforeAll(async () => {
  own = await startStack({ SIGN_IN_FIRST_DELAY_MS: '30000' });
});
test.afterAll(() => own?.stop());

async function staffAttempt(page: Page, password: string) {
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('the staff sign-in shows how long to wait', async ({ page }) => {
  await page.goto(`${own.url}/admin/tracking`);
  for (let i = 0; i < 5; i++) {
    await staffAttempt(page, `errada-${i}`);
    await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  }
  await staffAttempt(page, STAFF.password);
  await expect(page.getByText(WAIT)).toBeVisible();
  await expect(page.getByText('E-mail ou senha incorretos.')).toHaveCount(0);
});

test("'Acesso Restrito' shows how long to wait", async ({ page }) => {
  await page.goto(`${own.url}/acesso-conta`);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Senha').fill(`errada-${i}`);
    await page.getByRole('button', { name: 'Acessar Sistema' }).click();
    await expect(page.getByText('Senha incorreta. Por favor, tente novamente.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acessar Sistema' })).toBeEnabled();
  }
  await page.getByLabel('Senha').fill('mais-uma');
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(page.getByText(WAIT)).toBeVisible();
  await expect(page.getByText('Senha incorreta. Por favor, tente novamente.')).toHaveCount(0);
});
