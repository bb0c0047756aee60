import { expect, test } from './fixtures';
import { fillQuote, fillUrgent } from './form-helpers';

const REQUIRED = 'Este campo é obrigatório';

test.describe('express quote', () => {
  test('validation: every required field, the calculator list, and the scroll to the first error', async ({
    page,
  }) => {
    await page.goto('/cotacao');
    await expect(page.getByLabel('Local de retirada')).toHaveValue('São Paulo - SP');
    await expect(page.getByRole('radio', { name: 'Encomenda' })).toBeChecked();
    // No error before the first attempt.
    await expect(page.getByText(REQUIRED)).toHaveCount(0);

    await page.mouse.wheel(0, 5000);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Formulário incompleto')).toBeVisible();
    await expect(
      page.getByText('Por favor preencha todos os campos obrigatórios marcados em vermelho.'),
    ).toBeVisible();
    await expect(page.getByTestId('missing-calculator')).toHaveText(
      'Local de entrega, Peso, Largura, Comprimento, Altura',
    );
    // Local de entrega, 4 calculator numbers, 6 sender fields and 5 recipient fields.
    await expect(page.getByText(REQUIRED)).toHaveCount(16);
    await expect(page.getByLabel('Local de entrega')).toBeInViewport();
    await expect(page.getByLabel('Local de entrega')).toBeFocused();

    // Filled one by one, each message goes away.
    const steps: [string, () => Promise<void>][] = [
      [
        'delivery',
        async () => void (await page.getByLabel('Local de entrega').selectOption('Curitiba - PR')),
      ],
      ['weight', () => page.getByLabel('Peso real (kg)').fill('1')],
      ['length', () => page.getByLabel('Comprimento (cm)').fill('10')],
      ['width', () => page.getByLabel('Largura (cm)').fill('10')],
      ['height', () => page.getByLabel('Altura (cm)').fill('10')],
    ];
    let left = 16;
    for (const [, step] of steps) {
      await step();
      left -= 1;
      await expect(page.getByText(REQUIRED)).toHaveCount(left);
    }
    await expect(page.getByTestId('missing-calculator')).toHaveCount(0);
    const sender = page.getByRole('group', { name: 'Remetente' });
    await sender.getByRole('textbox', { name: 'CPF do remetente' }).fill('52998224726');
    await expect(sender.getByText('CPF inválido')).toBeVisible();
    await sender.getByRole('textbox', { name: 'CPF do remetente' }).fill('52998224725');
    await expect(sender.getByRole('textbox', { name: 'CPF do remetente' })).toHaveValue(
      '529.982.247-25',
    );
    await expect(page.getByText(REQUIRED)).toHaveCount(left - 1);
    await sender.getByLabel('E-mail').fill('sem-arroba');
    await expect(sender.getByText('Email inválido')).toBeVisible();
  });

  test('online: one record and one e-mail with the values typed; the form is cleared', async ({
    page,
    stack,
  }) => {
    const name = `Cotação Online ${Date.now()}`;
    await page.goto('/cotacao');
    await fillQuote(page, name);
    // Cubagem 40×30×20 = 4 kg beats 2,5 kg: R$ 109,50 + 1% of R$ 1.500,00.
    await expect(page.getByTestId('quote-total')).toHaveText('R$ 124,50');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(
      page.getByText(/^Sua solicitação de cotação nº \d{6} foi enviada com sucesso!/),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Remetente' }).getByLabel('Nome')).toHaveValue('');

    const records = await stack.admin(
      `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="${name}"`)}`,
    );
    expect(records.totalItems).toBe(1);
    expect(records.items[0]).toMatchObject({
      deliveryLocation: 'Goiânia - GO',
      senderDocument: '529.982.247-25',
      recipientDocument: '11.222.333/0001-81',
      recipientReceiver: 'Oficina Central',
      senderPhone: '(11) 98765-4321',
      priceCents: 12450,
      invoiceValueCents: 150000,
    });
    const mails = await stack.sink.waitFor(
      (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes(name),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Cotação nº \d{6} — /);
    expect(String(mails[0]!.html)).toContain('Peças de reposição');
  });
});

test.describe('urgent delivery', () => {
  test('validation: the message and every required field', async ({ page }) => {
    await page.goto('/entrega-urgente');
    await page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(page.getByText('Por favor, preencha todos os campos obrigatórios')).toBeVisible();
    // 7 sender, 7 recipient, item description and the 4 volume fields.
    await expect(page.getByText(REQUIRED)).toHaveCount(19);
    await expect(page.getByRole('textbox', { name: 'CPF do remetente' })).toBeFocused();
    await fillUrgent(page, 'Validação Urgente');
    await expect(page.getByText(REQUIRED)).toHaveCount(0);
    // The receiver followed the recipient's name.
    await expect(
      page.getByRole('group', { name: 'Destinatário' }).getByLabel('Recebedor'),
    ).toHaveValue('João Lima');
  });

  test.describe('with no service worker', () => {
    // The worker would fetch and serve the files itself, past the page's routes.
    test.use({ serviceWorkers: 'block' });

    test('the checks, and whole values formatted, work when their code could not be fetched', async ({
      page,
    }) => {
      // Yup and the mask library come after the page, apart from it; a device that cannot get them
      // (a page opened before the app was installed, then no signal) still checks what is sent.
      // Found by what they hold (Yup's default message, the library's name), not by file name: a
      // renamed file would otherwise be let through and the test pass without testing anything.
      const blocked = new Set<string>();
      await page.route('**/assets/*.js', async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (!body.includes('is a required field') && !body.includes('IMask')) {
          return route.fulfill({ response, body });
        }
        blocked.add(new URL(route.request().url()).pathname);
        return route.abort();
      });
      await page.goto('/entrega-urgente');
      await page.getByRole('button', { name: 'Enviar solicitação' }).click();
      await expect(
        page.getByText('Por favor, preencha todos os campos obrigatórios'),
      ).toBeVisible();
      await expect(page.getByText(REQUIRED)).toHaveCount(19);
      const cpf = page.getByRole('textbox', { name: 'CPF do remetente' });
      await cpf.fill('12345678900');
      await expect(cpf).toHaveValue('123.456.789-00');
      await cpf.blur();
      await expect(page.getByText('CPF inválido')).toBeVisible();
      await fillUrgent(page, 'Sem os arquivos das verificações');
      await expect(page.getByText(REQUIRED)).toHaveCount(0);
      // Both files were asked for and refused: the form worked without them.
      expect(blocked.size).toBe(2);
    });
  });

  test('online: one record and one e-mail; the form is cleared', async ({ page, stack }) => {
    const name = `Urgente Online ${Date.now()}`;
    await page.goto('/entrega-urgente');
    await fillUrgent(page, name);
    await page.getByLabel('Prazo desejado para a entrega').fill('Amanhã até as 10h');
    await page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(
      page.getByText(
        /^Vamos verificar sua solicitação e enviar uma cotação para sua aprovação\. Guarde o número \d{6}/,
      ),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Remetente' }).getByLabel('Nome')).toHaveValue('');
    const records = await stack.admin(
      `/api/collections/urgent_requests/records?filter=${encodeURIComponent(`senderName="${name}"`)}`,
    );
    expect(records.totalItems).toBe(1);
    expect(records.items[0]).toMatchObject({
      recipientCity: 'Curitiba',
      recipientReceiver: 'João Lima',
      weightKg: 4,
      itemDescription: 'Amostras refrigeradas',
      desiredDeadline: 'Amanhã até as 10h',
    });
    const mails = await stack.sink.waitFor((m) =>
      new RegExp(`^Entrega urgente nº \\d{6} — ${name}$`).test(m.subject ?? ''),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Prazo desejado\nAmanhã até as 10h');
  });
});
