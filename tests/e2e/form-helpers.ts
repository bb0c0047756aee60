import { expect, type Page } from '@playwright/test';

/** Fill every field of the express quote as a person would. */
export async function fillQuote(page: Page, senderName: string) {
  await page.getByLabel('Local de entrega').selectOption('Goiânia - GO');
  await page.getByLabel('Peso real (kg)').fill('2,5');
  await page.getByLabel('Comprimento (cm)').fill('40');
  await page.getByLabel('Largura (cm)').fill('30');
  await page.getByLabel('Altura (cm)').fill('20');
  await page.getByLabel('Número da NF').fill('NF-9');
  await page.getByLabel('Valor da NF (R$)').fill('1.500,00');
  const sender = page.getByRole('group', { name: 'Remetente' });
  await sender.getByRole('textbox', { name: 'CPF do remetente' }).fill('52998224725');
  await sender.getByLabel('Nome').fill(senderName);
  await sender.getByLabel('Endereço').fill('Rua Augusta, 100');
  await sender.getByLabel('CEP').fill('01305000');
  await sender.getByLabel('Telefone').fill('11987654321');
  await sender.getByLabel('E-mail').fill('remetente@cliente.example');
  const recipient = page.getByRole('group', { name: 'Destinatário' });
  // The sender's CEP note ('Não foi possível buscar o endereço agora…' where no CEP service is
  // reachable) can appear between Playwright's scroll and its click and move this radio down a
  // line: the click then lands beside it, and a person would tap again.
  const cnpj = recipient.getByRole('textbox', { name: 'CNPJ do destinatário' });
  await expect(async () => {
    await recipient.getByText('CNPJ', { exact: true }).click();
    await expect(cnpj).toBeVisible({ timeout: 1000 });
  }).toPass();
  await cnpj.fill('11222333000181');
  await recipient.getByLabel('Nome').fill('Oficina Central');
  await recipient.getByLabel('Endereço').fill('Av. Goiás, 500');
  await recipient.getByLabel('CEP').fill('74000000');
  await recipient.getByLabel('Telefone').fill('6233334444');
  await page.getByLabel('Descrição do item').fill('Peças de reposição');
}

export async function fillUrgent(page: Page, senderName: string) {
  const sender = page.getByRole('group', { name: 'Remetente' });
  await sender.getByRole('textbox', { name: 'CPF do remetente' }).fill('11144477735');
  await sender.getByLabel('Nome').fill(senderName);
  await sender.getByLabel('Endereço').fill('Rua da Consolação, 900');
  await sender.getByLabel('CEP').fill('01302000');
  await sender.getByLabel('Telefone').fill('1132221111');
  await sender.getByLabel('Cidade').fill('São Paulo');
  await sender.getByLabel('E-mail').fill('lab@vida.example');
  await sender.getByLabel('Número da NF').fill('4411');
  await sender.getByLabel('Valor da NF (R$)').fill('250,00');
  const recipient = page.getByRole('group', { name: 'Destinatário' });
  await recipient.getByRole('textbox', { name: 'CPF do destinatário' }).fill('52998224725');
  await recipient.getByLabel('Nome').fill('João Lima');
  await recipient.getByLabel('Endereço').fill('Rua XV, 10');
  await recipient.getByLabel('CEP').fill('80020000');
  await recipient.getByLabel('Telefone').fill('41999990000');
  await recipient.getByLabel('Cidade').fill('Curitiba');
  const volume = page.getByRole('group', { name: 'Volume' });
  await volume.getByLabel('Peso (kg)').fill('4');
  await volume.getByLabel('Largura (cm)').fill('20');
  await volume.getByLabel('Comprimento (cm)').fill('30');
  await volume.getByLabel('Altura (cm)').fill('25');
  await page.getByLabel('Descrição do item').fill('Amostras refrigeradas');
}

/** The corporate pickup form, whole: it does not leave from the fixed site. */
export async function fillPickup(page: Page, requester: string) {
  await page.getByLabel('Solicitada por').fill(requester);
  await page.getByText('Outros', { exact: true }).click();
  await page.getByLabel('O que vamos buscar?').fill('Caixa de lacres de segurança');
  await page.getByText('Não', { exact: true }).click();
  const where = page.getByRole('group', { name: 'Onde será a coleta deste material?' });
  await where.getByLabel('Empresa').fill('Laboratório Análise');
  await where.getByLabel('Contato').fill('Pedro Alves');
  await where.getByLabel('Telefone').fill('6434310000');
  await where.getByLabel('Email').fill('carla@cliente.example');
  await where.getByLabel('Endereço').fill('Rua das Indústrias, 45');
  await where.getByLabel('Cidade').fill('Itumbiara');
  await where.getByLabel('Estado').selectOption('GO');
  const size = page.getByRole('group', { name: 'Peso e Dimensões' });
  await size.getByLabel('Peso (kg)').fill('3,5');
  await size.getByLabel('Altura (cm)').fill('20');
  await size.getByLabel('Comprimento (cm)').fill('40');
  await size.getByLabel('Largura (cm)').fill('30');
  await size.getByLabel('Valor da NF (R$)').fill('1.234,56');
}
