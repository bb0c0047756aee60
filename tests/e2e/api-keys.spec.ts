// A company's administrator connects the company's system on a phone: 'Chaves de API' makes a key,
// shows it once to copy, the system (here, this test's own fetch) asks for a pickup with it, the
// pickup is on 'Minhas solicitações' under the key's name, and 'Revogar' shuts the key out at once.
import { adminOnPhone } from '../support/companies';
import { pickupPayload } from '../support/payloads';
import { expect, test } from './fixtures';

test('an administrator makes an API key, sees it once, a system uses it, and it is revoked', async ({
  browser,
  stack,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a phone journey: one run is enough');
  const { phone, page } = await adminOnPhone(browser, stack, `Loja Integrada ${Date.now()} Ltda`);

  await page.getByRole('link', { name: 'Chaves de API' }).click();
  await expect(page.getByText('Nenhuma chave ainda.')).toBeVisible();
  await page.getByRole('button', { name: 'Criar chave' }).click();
  await expect(page.getByText('Dê um nome à chave')).toBeVisible();
  await page.getByLabel('Nome da chave').fill('ERP da loja');
  await page.getByRole('button', { name: 'Criar chave' }).click();

  // Shown once, with the warning and a copy button.
  const made = page.getByRole('region', { name: 'Chave criada' });
  await expect(made).toContainText('não será mostrada de novo');
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^rvk_[A-Za-z0-9]{40}$/);
  await made.getByRole('button', { name: 'Copiar chave' }).click();
  await expect(page.getByText('Chave copiada')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const item = page.getByRole('listitem', { name: 'ERP da loja' });
  await expect(item).toContainText(key.slice(0, 10));
  await expect(item).toContainText('Ainda não usada');
  await page.screenshot({ path: testInfo.outputPath('api-key-made.png'), fullPage: true });
  await made.getByRole('button', { name: 'Já copiei' }).click();
  await expect(made).toBeHidden();
  await page.reload();
  await expect(item).toBeVisible();
  await expect(page.locator('body')).not.toContainText(key);

  // The company's system asks for a pickup with it.
  const created = await fetch(`${stack.url}/api/v1/coletas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify(pickupPayload({ cidade: 'Goiânia', estado: 'GO' })),
  });
  expect(created.status).toBe(201);
  const { number } = (await created.json()) as { number: number };

  await page.getByRole('link', { name: 'Minhas solicitações' }).click();
  const request = page.getByRole('listitem', { name: `Solicitação nº ${number}` });
  await expect(request).toContainText('Pedida por ERP da loja');

  // Revoked: the list says so, and the key is refused at once.
  await page.getByRole('link', { name: 'Chaves de API' }).click();
  await expect(item).toContainText('Último uso:');
  await item.getByRole('button', { name: 'Revogar' }).click();
  await item.getByRole('button', { name: 'Confirmar revogação' }).click();
  await expect(item).toContainText('Revogada em');
  await expect(item.getByRole('button', { name: 'Revogar' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('api-key-revoked.png'), fullPage: true });
  const refused = await fetch(`${stack.url}/api/v1/coletas`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(refused.status).toBe(401);
  await phone.close();
});
