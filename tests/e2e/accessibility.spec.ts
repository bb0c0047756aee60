// Every route passes axe-core's WCAG 2.2 AA rules at 390 and 1280 px, as it first appears and
// with its error messages showing: Lighthouse's 100 checks less than this.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CLIENT } from '../support/stack';

async function expectNoViolations(page: Page, where: string) {
  // A toast fading in is half transparent: axe would measure the blend, not what a person reads.
  // Wait until every finite animation on the page has finished.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const found = results.violations.map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
  expect(found, where).toEqual([]);
}

const ROUTES = [
  '/',
  '/servicos',
  '/localidades',
  '/cotacao',
  '/entrega-urgente',
  '/rastrear',
  '/acesso-conta',
  '/admin/tracking',
  '/admin/solicitacoes',
  '/privacidade',
  '/uma-pagina-que-nao-existe',
];

test('every route, as it first appears', async ({ page }) => {
  test.slow(); // eleven pages, each fully analysed: 84 s in a fresh clone's run
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, route);
  }
});

test('the forms with every error message showing', async ({ page }) => {
  test.slow();
  const submitEmpty: [string, string][] = [
    ['/cotacao', 'Enviar'],
    ['/entrega-urgente', 'Enviar solicitação'],
  ];
  for (const [route, button] of submitEmpty) {
    await page.goto(route);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(page, `${route} com erros`);
  }

  // Wrong passwords: the sign-ins' error toasts.
  await page.goto('/acesso-conta');
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(page.getByText('Acesso negado')).toBeVisible();
  await expectNoViolations(page, '/acesso-conta com senha errada');
  await page.goto('/admin/tracking');
  await page.getByLabel('E-mail').fill('ninguem@rotaveloz.example');
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  await expectNoViolations(page, '/admin/tracking com senha errada');

  // 'Avise-me por e-mail' under a result, sent empty.
  await page.goto('/rastrear?numero=123456789');
  await page.getByRole('button', { name: 'Avise-me por e-mail' }).click();
  await page.getByRole('button', { name: 'Quero receber os avisos' }).click();
  await expect(page.getByText('Marque que concorda para receber os avisos')).toBeVisible();
  await expectNoViolations(page, '/rastrear, Avise-me com erros');

  // A wrong number on the lookup: the not-found message.
  await page.goto('/rastrear');
  await page.getByRole('textbox', { name: 'Número de rastreio, CPF ou CNPJ' }).fill('000000000');
  await page.getByRole('button', { name: 'Rastrear' }).click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  await expectNoViolations(page, '/rastrear sem resultado');
});

test('the pickup form, signed in, with its errors showing', async ({ page }) => {
  await page.goto('/acesso-conta');
  await page.getByLabel('Senha').fill(CLIENT.password);
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(page).toHaveURL(/\/formulario-solicitacao$/);
  // The form's own heading: the sign-in's stays on screen a moment after the address changed.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Formulário de Solicitação' }),
  ).toBeVisible();
  await expectNoViolations(page, '/formulario-solicitacao');
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoViolations(page, '/formulario-solicitacao com erros');
});
