// Many client companies, as their people meet them: the office adds a company in 'Clientes' and
// invites its administrator; the administrator sets a password from the e-mail, finds the pickup
// form with their own company's fixed site and their name as who asks, invites a colleague and
// disables them; the office disables the company and its people can no longer sign in.
import { cnpjFrom } from '../support/payloads';
import { STAFF } from '../support/stack';
import { expect, test } from './fixtures';

test("a new client company's administrator is invited, signs in and manages its people", async ({
  page,
  browser,
  stack,
}, testInfo) => {
  test.slow();
  const stamp = Date.now();
  const name = `Papelaria Aurora ${stamp} Ltda`;
  const adminEmail = `admin${stamp}@aurora.example`;

  // The office: 'Novo cliente', a wrong CNPJ said so, then saved.
  await page.goto('/admin/clientes');
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha').fill(STAFF.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Novo cliente' }).click();
  await page.getByLabel('Razão social').fill(name);
  await page.getByLabel('CNPJ').fill('11222333000100');
  await page.getByLabel('Endereço do local de coleta fixo').fill('Rua das Flores, 100 - Centro');
  await page.getByLabel('Cidade - UF').fill('Goiânia');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('CNPJ inválido')).toBeVisible();
  await expect(page.getByText('Escreva a cidade e a UF, como Itumbiara - GO')).toBeVisible();
  await page.getByLabel('CNPJ').fill(cnpjFrom(stamp));
  await page.getByLabel('Cidade - UF').fill('Goiânia - GO');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const item = page.getByRole('listitem', { name });
  await expect(item).toBeVisible();
  await expect(item.getByText('Ativo')).toBeVisible();

  // Its administrator invited from the company's people.
  await item.getByRole('button', { name: 'Pessoas' }).click();
  await item.getByLabel('Nome').fill('Ana Administradora');
  await item.getByLabel('E-mail').fill(adminEmail);
  await item.getByText('Administrador (convida e desativa as pessoas da empresa)').click();
  await item.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(item.getByRole('listitem', { name: 'Ana Administradora' })).toContainText(
    'Convite pendente',
  );

  // The administrator, on a phone, from the e-mail's link.
  const [mail] = await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(adminEmail));
  const link = /href="([^"]*\/convite#[^"]+)"/.exec(String(mail!.html))?.[1] ?? '';
  expect(link).not.toBe('');
  const phone = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const admin = await phone.newPage();
  await admin.goto(`/convite${new URL(link.replace(/&amp;/g, '&')).hash}`);
  await expect(admin.getByText(adminEmail)).toBeVisible();
  await admin.getByLabel('Nova senha').fill('senha-da-ana-123');
  await admin.getByLabel('Repita a senha').fill('senha-da-ana-124');
  await admin.getByRole('button', { name: 'Criar senha e entrar' }).click();
  await expect(admin.getByText('As senhas não são iguais')).toBeVisible();
  await admin.getByLabel('Repita a senha').fill('senha-da-ana-123');
  await admin.getByRole('button', { name: 'Criar senha e entrar' }).click();
  await expect(admin).toHaveURL(/\/formulario-solicitacao$/);
  const site = admin.getByRole('note', { name: 'Local de coleta fixo' });
  await expect(site).toContainText(name);
  await expect(site).toContainText('Rua das Flores, 100 - Centro');
  await expect(admin.getByLabel(`A encomenda sai da ${name}?`).first()).toBeAttached();
  await expect(admin.getByLabel('Solicitada por')).toHaveValue('Ana Administradora');
  await expect(admin.getByTestId('signed-in-as')).toContainText('Ana Administradora');
  await admin.screenshot({ path: testInfo.outputPath('pickup-form-company.png'), fullPage: true });

  // 'Pessoas': a colleague invited, then disabled.
  await admin.getByRole('link', { name: 'Pessoas' }).click();
  await admin.getByLabel('Nome').fill('Beto Colega');
  await admin.getByLabel('E-mail').fill(`beto${stamp}@aurora.example`);
  await admin.getByRole('button', { name: 'Enviar convite' }).click();
  const beto = admin.getByRole('listitem', { name: 'Beto Colega' });
  await expect(beto).toContainText('Convite pendente');
  await beto.getByRole('button', { name: 'Desativar' }).click();
  await expect(beto).toContainText('Desativada');
  await expect(
    admin.getByRole('listitem', { name: 'Ana Administradora' }).getByRole('button'),
  ).toHaveCount(0);
  await admin.screenshot({ path: testInfo.outputPath('people.png'), fullPage: true });

  // The office disables the company: its administrator cannot sign in again.
  await page.reload();
  await page.getByRole('listitem', { name }).getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByRole('listitem', { name }).getByText('Desativado')).toBeVisible();
  await admin.getByRole('button', { name: 'Sair' }).click();
  await admin.getByLabel('E-mail').fill(adminEmail);
  await admin.getByLabel('Senha').fill('senha-da-ana-123');
  await admin.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(
    admin.getByText('O acesso desta empresa está desativado.', { exact: false }),
  ).toBeVisible();
  await phone.close();
});
