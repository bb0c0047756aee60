import { expect, test } from './fixtures';

test('the simulator prices a parcel from the table, with cubagem and insurance', async ({
  page,
}) => {
  await page.goto('/');
  const simulator = page.getByRole('region', { name: 'Simule Valores' });
  await expect(simulator.getByRole('radio', { name: 'Encomenda' })).toBeChecked();
  await simulator.getByText('Documento', { exact: true }).click();
  await expect(simulator.getByRole('radio', { name: 'Documento' })).toBeChecked();

  // Nothing typed yet: zeros, no insurance line.
  await expect(simulator.getByTestId('Peso (kg):')).toHaveText('0,00 kg');
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('R$ 0,00');
  await expect(simulator.getByText('Taxa de seguro da NF (1%)')).toHaveCount(0);
  await expect(simulator.getByText('Por favor, insira os dados solicitados acima')).toBeVisible();

  // Places: choose, see it selected, change it.
  const pickupList = simulator.getByRole('list', { name: 'Qual será o local de Coleta' });
  await pickupList.getByRole('button', { name: 'Guarulhos - SP' }).click();
  await expect(simulator.getByText('Guarulhos - SP selecionado')).toBeVisible();
  await simulator.getByRole('button', { name: 'Alterar: Qual será o local de Coleta' }).click();
  await simulator.getByRole('textbox', { name: 'Qual será o local de Coleta' }).fill('sao p');
  await simulator
    .getByRole('list', { name: 'Qual será o local de Coleta' })
    .getByRole('button', { name: 'São Paulo - SP' })
    .click();
  await expect(simulator.getByText('São Paulo - SP selecionado')).toBeVisible();
  await simulator
    .getByRole('list', { name: 'Onde vamos entregar sua Encomenda?' })
    .getByRole('button', { name: 'Goiânia - GO', exact: true })
    .click();
  await expect(simulator.getByText('Goiânia - GO selecionado')).toBeVisible();

  // 2,5 kg real; 50 × 40 × 30 cm = 60 000 / 6000 = 10 kg of cubagem, which wins: the 10 kg tier, R$ 206,30.
  await simulator.getByLabel('PESO (kg)').fill('2.5');
  await simulator.getByLabel('Nota Fiscal Número').fill('12345');
  await simulator.getByLabel('Largura (cm)').fill('50');
  await simulator.getByLabel('Comprimento (cm)').fill('40');
  await simulator.getByLabel('Altura (cm)').fill('30');
  await expect(simulator.getByText('Cubagem: 10,00 kg')).toBeVisible();
  await expect(simulator.getByTestId('Peso (kg):')).toHaveText('2,50 kg');
  await expect(simulator.getByTestId('Cubagem:')).toHaveText('10,00 kg');
  await expect(simulator.getByTestId('Peso Total:')).toHaveText('10,00 kg');
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('R$ 206,30');

  // NF of R$ 1.500,00: 1% insurance of R$ 15,00 is shown and added.
  const nfValue = simulator.getByLabel('Valor da Nota Fiscal');
  await nfValue.pressSequentially('1500');
  await expect(nfValue).toHaveValue('R$ 1.500');
  await expect(simulator.getByTestId('Taxa de seguro da NF (1%)')).toHaveText('R$ 15,00');
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('R$ 221,30');

  // A fractional weight above the cubagem goes to the next whole kilo: 12,5 kg is charged as 13 kg.
  await simulator.getByLabel('PESO (kg)').fill('12.5');
  await expect(simulator.getByTestId('Peso Total:')).toHaveText('12,50 kg');
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('R$ 267,70');

  // Above 30 kg there is no table price.
  await simulator.getByLabel('PESO (kg)').fill('30.01');
  await expect(simulator.getByTestId('Valor Total:')).toHaveText('Consultar');
});

test('what the simulator priced opens the quote form filled, with the same price', async ({
  page,
}) => {
  await page.goto('/');
  const simulator = page.getByRole('region', { name: 'Simule Valores' });
  await simulator
    .getByRole('list', { name: 'Qual será o local de Coleta' })
    .getByRole('button', { name: 'Guarulhos - SP' })
    .click();
  await simulator
    .getByRole('list', { name: 'Onde vamos entregar sua Encomenda?' })
    .getByRole('button', { name: 'Goiânia - GO', exact: true })
    .click();
  await simulator.getByText('Documento', { exact: true }).click();
  await simulator.getByLabel('PESO (kg)').fill('2.5');
  await simulator.getByLabel('Nota Fiscal Número').fill('12345');
  await simulator.getByLabel('Largura (cm)').fill('50');
  await simulator.getByLabel('Comprimento (cm)').fill('40');
  await simulator.getByLabel('Altura (cm)').fill('30');
  await simulator.getByLabel('Valor da Nota Fiscal').pressSequentially('1500');
  const price = await simulator.getByTestId('Valor Total:').textContent();

  await simulator.getByRole('link', { name: 'Solicitar cotação com estes dados' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitação de Cotação' })).toBeVisible();
  await expect(page.getByLabel('Local de retirada')).toHaveValue('Guarulhos - SP');
  await expect(page.getByLabel('Local de entrega')).toHaveValue('Goiânia - GO');
  await expect(page.getByRole('radio', { name: 'Documento' })).toBeChecked();
  await expect(page.getByLabel('Peso real (kg)')).toHaveValue('2,5');
  await expect(page.getByLabel('Número da NF')).toHaveValue('12345');
  await expect(page.getByLabel('Valor da NF (R$)')).toHaveValue('R$ 1.500,00');
  // The same figures, the same price: nothing to type again.
  await expect(page.getByTestId('quote-total')).toHaveText(price!);
  // Nothing is shown as wrong before the person tries to send.
  await expect(page.getByText('Este campo é obrigatório')).toHaveCount(0);
});
