// Numbers as Brazilians type them: a comma decimal never multiplies a weight, money with
// thousands dots is read as one amount everywhere, and what is wrong is named.
import { expect, test } from './fixtures';
import { fillQuote, fillUrgent } from './form-helpers';

test('the simulator reads a weight typed with a comma, and prices nothing without a weight', async ({
  page,
}) => {
  await page.goto('/');
  const simulator = page.getByRole('region', { name: 'Simule Valores' });
  // Only an NF value: nothing to price yet.
  await simulator.getByLabel('Valor da Nota Fiscal').pressSequentially('1.000');
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('R$ 0,00');

  const weight = simulator.getByLabel('PESO (kg)');
  await weight.pressSequentially('1,5');
  await expect(weight).toHaveValue('1,5');
  await expect(simulator.getByTestId('Peso (kg):')).toHaveText('1,50 kg');
  // Tier 2 (R$ 83,80) plus 1% of R$ 1.000,00.
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('R$ 93,80');

  // A dot typed by habit is the same decimal separator.
  await weight.fill('');
  await weight.pressSequentially('1.5');
  await expect(weight).toHaveValue('1,5');
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('R$ 93,80');
});

test('the quote form: 1,5 kg and R$ 1.234,56 are priced, stored and mailed as typed', async ({
  page,
  stack,
}) => {
  const name = `Cotação Vírgula ${Date.now()}`;
  await page.goto('/cotacao');
  await fillQuote(page, name);
  await page.getByLabel('Peso real (kg)').fill('1,5');
  await page.getByLabel('Comprimento (cm)').fill('10');
  await page.getByLabel('Largura (cm)').fill('10');
  await page.getByLabel('Altura (cm)').fill('10');
  const nf = page.getByLabel('Valor da NF (R$)');
  await nf.fill('');
  await nf.pressSequentially('1234.56');
  await expect(page.getByTestId('quote-insurance')).toHaveText('R$ 12,35');
  await nf.blur();
  await expect(nf).toHaveValue('R$ 1.234,56');
  await expect(page.getByTestId('quote-insurance')).toHaveText('R$ 12,35');
  await expect(page.getByTestId('quote-total')).toHaveText('R$ 96,15');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByText(/^Sua solicitação de cotação nº \d{6} foi enviada com sucesso!/),
  ).toBeVisible();

  const stored = await stack.admin(
    `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="${name}"`)}`,
  );
  expect(stored.items[0]).toMatchObject({
    weightKg: 1.5,
    invoiceValueCents: 123456,
    insuranceCents: 1235,
    priceCents: 9615,
  });
  const [mail] = await stack.sink.waitFor(
    (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
  );
  const html = String(mail!.html);
  expect(html).toContain('1,50 kg');
  expect(html).toContain('R$ 1.234,56');
  expect(html).toContain('R$ 96,15');
});

test('the urgent form: the NF value takes no letters, and its e-mail shows money in reais', async ({
  page,
  stack,
}) => {
  const name = `Urgente Reais ${Date.now()}`;
  await page.goto('/entrega-urgente');
  await fillUrgent(page, name);
  const nf = page.getByRole('group', { name: 'Remetente' }).getByLabel('Valor da NF (R$)');
  await nf.fill('');
  await nf.pressSequentially('abc12x,3,4');
  await expect(nf).toHaveValue('R$ 12,34');
  await nf.fill('');
  await nf.pressSequentially('2500,5');
  await expect(nf).toHaveValue('R$ 2.500,5');
  await nf.blur();
  await expect(nf).toHaveValue('R$ 2.500,50');
  const weight = page.getByRole('group', { name: 'Volume' }).getByLabel('Peso (kg)');
  await weight.fill('');
  await weight.pressSequentially('0,75');
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(
    page.getByText(
      /^Vamos verificar sua solicitação e enviar uma cotação para sua aprovação\. Guarde o número \d{6}/,
    ),
  ).toBeVisible();
  const [mail] = await stack.sink.waitFor((m) =>
    new RegExp(`^Entrega urgente nº \\d{6} — ${name}$`).test(m.subject ?? ''),
  );
  const html = String(mail!.html);
  expect(html).toContain('R$ 2.500,50');
  expect(html).toContain('0,75 kg');
});

test('a short CEP or phone is named, and an invalid CPF is what the message says', async ({
  page,
}) => {
  await page.goto('/entrega-urgente');
  await fillUrgent(page, 'Dados Errados');
  const sender = page.getByRole('group', { name: 'Remetente' });
  await sender.getByLabel('CEP').fill('1');
  await sender.getByLabel('Telefone').fill('11');
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(sender.getByText('CEP inválido')).toBeVisible();
  await expect(sender.getByText('Telefone inválido')).toBeVisible();
  await expect(
    page.getByText('CEP do remetente: CEP inválido; Telefone do remetente: Telefone inválido'),
  ).toBeVisible();

  await sender.getByLabel('CEP').fill('01302000');
  await sender.getByLabel('Telefone').fill('1132221111');
  await sender.getByRole('textbox', { name: 'CPF do remetente' }).fill('11144477736');
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByText('CPF/CNPJ do remetente: CPF inválido')).toBeVisible();
  await expect(page.getByText('Confira os dados destacados').first()).toBeVisible();
  await expect(page.getByText('Por favor, preencha todos os campos obrigatórios')).toHaveCount(0);
});

test('switching CPF to CNPJ does not re-mask the CPF digits as a CNPJ', async ({ page }) => {
  await page.goto('/entrega-urgente');
  const sender = page.getByRole('group', { name: 'Remetente' });
  await sender.getByRole('textbox', { name: 'CPF do remetente' }).fill('52998224725');
  await sender.getByText('CNPJ', { exact: true }).click();
  await expect(sender.getByRole('textbox', { name: 'CNPJ do remetente' })).toHaveValue('');
  await sender.getByRole('textbox', { name: 'CNPJ do remetente' }).fill('11222333000181');
  await sender.getByText('CPF', { exact: true }).click();
  await expect(sender.getByRole('textbox', { name: 'CPF do remetente' })).toHaveValue('');
});
