import type { BrowserContext, Page } from '@playwright/test';
import { STAFF } from '../support/stack';
import { expect, test, waitForWorker } from './fixtures';
import { fillUrgent } from './form-helpers';

/** What the public CEP services know in these tests. */
const KNOWN: Record<string, { street: string; district: string; city: string; uf: string }> = {
  '74003010': { street: 'Rua 7', district: 'Setor Central', city: 'Goiânia', uf: 'GO' },
  '01305000': { street: 'Rua Augusta', district: 'Consolação', city: 'São Paulo', uf: 'SP' },
  '80020000': { street: 'Rua XV de Novembro', district: 'Centro', city: 'Curitiba', uf: 'PR' },
};

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  // The page asks from its own origin: the services allow any.
  headers: { 'access-control-allow-origin': '*' },
  body: JSON.stringify(body),
});

/**
 * The CEP services cep-promise asks from a browser (BrasilAPI, ViaCEP, WideNet), answered here in
 * their own formats: the machines that run these tests cannot reach the real ones. Returns how
 * many times they were asked.
 */
async function answerCeps(context: BrowserContext) {
  const asked = { count: 0 };
  const cepIn = (url: string) => (/(\d{5})-?(\d{3})/.exec(url) ?? []).slice(1).join('');
  await context.route('https://viacep.com.br/ws/**', (route) => {
    asked.count++;
    const cep = cepIn(route.request().url());
    const a = KNOWN[cep];
    return route.fulfill(
      json(
        200,
        a
          ? {
              cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
              logradouro: a.street,
              complemento: '',
              bairro: a.district,
              localidade: a.city,
              uf: a.uf,
              ibge: '',
              ddd: '',
            }
          : { erro: true },
      ),
    );
  });
  await context.route('https://brasilapi.com.br/api/cep/**', (route) => {
    asked.count++;
    const cep = cepIn(route.request().url());
    const a = KNOWN[cep];
    return route.fulfill(
      a
        ? json(200, {
            cep,
            state: a.uf,
            city: a.city,
            neighborhood: a.district,
            street: a.street,
            service: 'open-cep',
          })
        : json(404, {
            name: 'CepPromiseError',
            message: 'Todos os serviços de CEP retornaram erro.',
          }),
    );
  });
  await context.route('https://cdn.apicep.com/**', (route) => {
    asked.count++;
    const cep = cepIn(route.request().url());
    const a = KNOWN[cep];
    return route.fulfill(
      json(
        200,
        a
          ? {
              status: 200,
              ok: true,
              code: `${cep.slice(0, 5)}-${cep.slice(5)}`,
              state: a.uf,
              city: a.city,
              district: a.district,
              address: a.street,
            }
          : { status: 404, ok: false, message: 'CEP não encontrado' },
      ),
    );
  });
  return asked;
}

const party = (page: Page, name: 'Remetente' | 'Destinatário') =>
  page.getByRole('group', { name, exact: true });

test('online, a CEP fills the address and the city with its UF; what the person typed stays theirs', async ({
  page,
  context,
}) => {
  await answerCeps(context);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/entrega-urgente');
  // Nothing of the lookup loads with the page: cep-promise comes with the first complete CEP.
  const isCepPromise = (path: string) => /^\/assets\/cep-promise[\w.-]*\.js$/.test(path);
  expect(scripts.filter(isCepPromise)).toEqual([]);

  const recipient = party(page, 'Destinatário');
  await recipient.getByLabel('CEP').fill('74003010');
  await expect(recipient.getByLabel('Endereço')).toHaveValue('Rua 7 - Setor Central');
  await expect(recipient.getByLabel('Cidade')).toHaveValue('Goiânia - GO');
  await expect(
    recipient.getByText('Endereço preenchido pelo CEP: confira e complete o número.'),
  ).toBeVisible();
  expect(scripts.filter(isCepPromise)).toHaveLength(1);

  // The sender typed the street first: only the city is filled.
  const sender = party(page, 'Remetente');
  await sender.getByLabel('Endereço').fill('Rua Augusta, 100');
  await sender.getByLabel('CEP').fill('01305000');
  await expect(sender.getByLabel('Cidade')).toHaveValue('São Paulo - SP');
  await expect(sender.getByLabel('Endereço')).toHaveValue('Rua Augusta, 100');

  // The person completes the filled address; another CEP then changes only what it had filled.
  await recipient.getByLabel('Endereço').fill('Rua 7, 45 - Setor Central');
  await recipient.getByLabel('CEP').fill('80020000');
  await expect(recipient.getByLabel('Cidade')).toHaveValue('Curitiba - PR');
  await expect(recipient.getByLabel('Endereço')).toHaveValue('Rua 7, 45 - Setor Central');
  // And what was filled can be written over.
  await recipient.getByLabel('Cidade').fill('Curitiba');
  await expect(recipient.getByLabel('Cidade')).toHaveValue('Curitiba');
});

test('a CEP keeps the lines of its note from the start: nothing below it moves when the answer comes', async ({
  page,
  context,
}) => {
  await answerCeps(context);
  // The services answer only when the test says so (a later route is asked first).
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  for (const service of [
    'https://viacep.com.br/ws/**',
    'https://brasilapi.com.br/api/cep/**',
    'https://cdn.apicep.com/**',
  ]) {
    await context.route(service, async (route) => {
      await answered;
      await route.fallback();
    });
  }
  await page.goto('/entrega-urgente');
  const recipient = party(page, 'Destinatário');
  const street = recipient.getByLabel('Endereço');
  // Where the next field is on the page (not in the window: the browser may scroll to keep it).
  const top = () => street.evaluate((e) => e.getBoundingClientRect().top + window.scrollY);

  await recipient.getByLabel('CEP').fill('74003010');
  await expect(recipient.getByText('Buscando o endereço deste CEP…')).toBeVisible();
  const whileLooking = await top();
  release();
  await expect(street).toHaveValue('Rua 7 - Setor Central');
  await expect(
    recipient.getByText('Endereço preenchido pelo CEP: confira e complete o número.'),
  ).toBeVisible();
  expect(await top()).toBe(whileLooking);
});

test('the same CEP later, with no signal, fills everything from the device', async ({
  page,
  context,
}) => {
  const asked = await answerCeps(context);
  await page.goto('/entrega-urgente');
  await waitForWorker(page);
  await party(page, 'Destinatário').getByLabel('CEP').fill('74003010');
  await expect(party(page, 'Destinatário').getByLabel('Cidade')).toHaveValue('Goiânia - GO');
  const before = asked.count;

  await context.setOffline(true);
  await page.reload();
  const recipient = party(page, 'Destinatário');
  await expect(recipient.getByLabel('Cidade')).toHaveValue('');
  await recipient.getByLabel('CEP').fill('74003-010');
  await expect(recipient.getByLabel('Endereço')).toHaveValue('Rua 7 - Setor Central');
  await expect(recipient.getByLabel('Cidade')).toHaveValue('Goiânia - GO');
  expect(asked.count).toBe(before);
  await context.setOffline(false);
});

test('with no signal, a CEP the device does not know gives the UF alone, and says so quietly', async ({
  page,
  context,
}) => {
  await answerCeps(context);
  await page.goto('/entrega-urgente');
  await waitForWorker(page);
  await context.setOffline(true);
  const recipient = party(page, 'Destinatário');
  await recipient.getByLabel('CEP').fill('80020000');
  await expect(recipient.getByText('Sem conexão: preencha o endereço e a cidade.')).toBeVisible();
  await expect(recipient.getByLabel('Endereço')).toHaveValue('');
  await expect(recipient.getByLabel('Cidade')).toHaveValue('');
  await context.setOffline(false);

  // The office's shipment form has a UF field: the CEP's range fills it.
  await page.goto('/admin/remessas/nova');
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha').fill(STAFF.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Nova remessa' })).toBeVisible();
  await context.setOffline(true);
  const box = party(page, 'Destinatário');
  await box.getByRole('textbox', { name: 'CEP', exact: true }).fill('80020000');
  await expect(box.getByRole('combobox', { name: 'UF' })).toHaveValue('PR');
  await expect(box.getByText('Sem conexão: preencha o endereço; a UF veio do CEP.')).toBeVisible();
  await expect(box.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('');
  await context.setOffline(false);
});

test('a UF that contradicts the CEP is refused before sending, with the message', async ({
  page,
  context,
  stack,
}) => {
  await answerCeps(context);
  const name = `CEP Contraditório ${Date.now()}`;
  await page.goto('/entrega-urgente');
  await fillUrgent(page, name);
  const recipient = party(page, 'Destinatário');
  // 80020-000 is in Curitiba, PR.
  await recipient.getByLabel('Cidade').fill('Curitiba - SP');
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(recipient.getByText('Este CEP é de PR: confira a UF.')).toBeVisible();
  await expect(page.getByText('Confira os dados destacados')).toBeVisible();
  await expect(page.getByText(/Cidade do destinatário: Este CEP é de PR/)).toBeVisible();
  const filter = encodeURIComponent(`senderName="${name}"`);
  const none = await stack.admin(`/api/collections/urgent_requests/records?filter=${filter}`);
  expect(none.totalItems).toBe(0);

  await recipient.getByLabel('Cidade').fill('Curitiba - PR');
  await expect(recipient.getByText('Este CEP é de PR: confira a UF.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByText(/^Solicitação nº \d{6} recebida$/)).toBeVisible();
  const stored = await stack.admin(`/api/collections/urgent_requests/records?filter=${filter}`);
  expect(stored.items[0]).toMatchObject({ recipientCity: 'Curitiba - PR' });
});
