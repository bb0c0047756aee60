// A client company's address book, as its people use it: a tick on the pickup form saves the place,
// the next pickup is filled by choosing it while typing the company's name, and an edit made with no
// signal reaches the server when the signal returns.
import { CLIENT } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';
import { fillPickup } from './form-helpers';

test.skip(({ isMobile }) => !isMobile, 'a phone is where typing a whole address again hurts');

test('a saved place fills the next pickup, and an offline edit reaches the server', async ({
  page,
  context,
  stack,
}, testInfo) => {
  await page.goto('/acesso-conta');
  await page.getByLabel('Senha').fill(CLIENT.password);
  await page.getByRole('button', { name: 'Acessar Sistema' }).click();
  await expect(page).toHaveURL(/\/formulario-solicitacao$/);

  const place = `Laboratório Análise ${Date.now()}`;
  await fillPickup(page, 'Carla Souza');
  const where = page.getByRole('group', { name: 'Onde será a coleta deste material?' });
  await where.getByLabel('Empresa').fill(place);
  await where.getByText('Salvar este local para as próximas coletas').click();
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada')).toBeVisible();

  // 'Endereços' lists it, and the server has it for the company's other people.
  await page.goto('/enderecos');
  const entry = page.getByRole('listitem', { name: place });
  await expect(entry).toContainText('Rua das Indústrias, 45 - Itumbiara/GO');
  await expect
    .poll(async () => {
      const list = await stack.admin(
        `/api/collections/address_book/records?filter=${encodeURIComponent(`empresa = "${place}"`)}`,
      );
      return list.totalItems;
    })
    .toBe(1);

  // The next pickup: choosing the place while typing fills the whole address.
  await page.goto('/formulario-solicitacao');
  const next = page.getByRole('group', { name: 'Onde será a coleta deste material?' });
  await next.getByLabel('Empresa').fill(`${place} — Rua das Indústrias, 45 - Itumbiara/GO`);
  await expect(next.getByLabel('Empresa')).toHaveValue(place);
  await expect(next.getByLabel('Contato')).toHaveValue('Pedro Alves');
  await expect(next.getByLabel('Endereço')).toHaveValue('Rua das Indústrias, 45');
  await expect(next.getByLabel('Estado')).toHaveValue('GO');
  await page.screenshot({ path: testInfo.outputPath('filled-from-book.png'), fullPage: true });

  // No signal: an edit is kept on the phone and reaches the server when the signal returns.
  await waitForWorker(page);
  await page.goto('/enderecos');
  await context.setOffline(true);
  await entry.getByRole('button', { name: 'Editar' }).click();
  await entry.getByLabel('Contato').fill('Pedro Alves Filho');
  await entry.getByLabel('Telefone').fill('123');
  await entry.getByRole('button', { name: 'Salvar' }).click();
  await expect(entry.getByText('Telefone inválido')).toBeVisible();
  await entry.getByLabel('Telefone').fill('(64) 3431-0000');
  await entry.getByRole('button', { name: 'Salvar' }).click();
  await expect(entry).toContainText('Pedro Alves Filho');
  await page.screenshot({ path: testInfo.outputPath('edited-offline.png'), fullPage: true });
  await context.setOffline(false);
  await expect
    .poll(async () => {
      const list = await stack.admin(
        `/api/collections/address_book/records?filter=${encodeURIComponent(`empresa = "${place}"`)}`,
      );
      return list.items[0]?.contato;
    })
    .toBe('Pedro Alves Filho');
});
