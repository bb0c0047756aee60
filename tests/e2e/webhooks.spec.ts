// A company's administrator connects the company's server on a phone: 'Webhooks' takes its
// address (an http:// one refused in Portuguese), shows the secret once to copy, 'Enviar teste'
// reaches a real receiver on 127.0.0.1 (which verifies it with the standardwebhooks library and
// that secret) and the page shows the receiver's answer; a delivery the receiver refused is sent
// again with 'Enviar de novo'.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { adminOnPhone } from '../support/companies';
import { expect, test } from './fixtures';

test('an administrator makes a webhook, sees the secret once and each delivery’s answer', async ({
  browser,
  stack,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a phone journey: one run is enough');
  const { phone, page } = await adminOnPhone(browser, stack, `Loja Avisada ${Date.now()} Ltda`);

  // The company's server: answers 500 while `refusing`, 200 otherwise.
  const received: { headers: Record<string, string>; body: string }[] = [];
  let refusing = false;
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(refusing ? 500 : 200, { 'content-type': 'text/plain' });
      res.end(refusing ? 'fora do ar para manutenção' : 'recebido pela loja');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rota-veloz`;
  // Cron starts the senders at the next whole minute; this test starts them now.
  for (let n = 1; n <= 6; n++) await stack.admin(`/api/crons/webhooks-${n}`, { method: 'POST' });

  try {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByText('Nenhum webhook ainda.')).toBeVisible();
    await page.getByLabel('Endereço (https://)').fill('http://erp.loja.example/avisos');
    await page.getByRole('button', { name: 'Criar webhook' }).click();
    await expect(page.getByText('Use um endereço https://')).toBeVisible();
    await page.getByLabel('Endereço (https://)').fill(address);
    await page.getByRole('button', { name: 'Criar webhook' }).click();

    // The secret, once, with the warning and a copy button.
    const made = page.getByRole('region', { name: 'Webhook criado' });
    await expect(made).toContainText('não será mostrado de novo');
    const secret = (await page.getByTestId('new-webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await made.getByRole('button', { name: 'Copiar segredo' }).click();
    await expect(page.getByText('Segredo copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await made.getByRole('button', { name: 'Já copiei' }).click();
    await expect(made).toBeHidden();

    // 'Enviar teste': the receiver verifies it, and the page shows its answer.
    const hook = page.getByRole('listitem', { name: address });
    await expect(hook).toContainText('Nenhum aviso enviado ainda.');
    await hook.getByRole('button', { name: 'Enviar teste' }).click();
    const test1 = hook.getByRole('listitem', { name: 'Teste' }).first();
    await expect(test1).toContainText('Resposta: HTTP 200 · recebido pela loja');
    await expect(test1).toContainText('Entregue');
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as {
      type: string;
    };
    expect(event.type).toBe('webhook.test');

    // The receiver down for maintenance: its 500 is shown, and the delivery goes again on request.
    refusing = true;
    await hook.getByRole('button', { name: 'Enviar teste' }).click();
    const refused = hook.getByRole('listitem', { name: 'Teste' }).first();
    await expect(refused).toContainText('Resposta: HTTP 500 · fora do ar para manutenção');
    await expect(refused).toContainText('Falhou; nova tentativa às');
    await page.screenshot({ path: testInfo.outputPath('webhook-refused.png'), fullPage: true });
    refusing = false;
    await refused.getByRole('button', { name: 'Enviar de novo' }).click();
    await expect(refused).toContainText('Resposta: HTTP 200 · recebido pela loja');
    await expect(refused).toContainText('2 tentativas');
    await expect(refused).toContainText('Entregue');
    await page.screenshot({ path: testInfo.outputPath('webhook-answers.png'), fullPage: true });
    // Never shown again.
    await page.reload();
    await expect(hook).toBeVisible();
    await expect(page.locator('body')).not.toContainText(secret);
  } finally {
    await phone.close();
    receiver.closeAllConnections();
    receiver.close();
  }
});
