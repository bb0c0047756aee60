// 'Minhas entregas' made for a driver's thumb on a 390 px phone: every control of the screen and of
// its dialogs at least 44 × 44 px and 8 px from its neighbours; a stop's stages behind one button
// ('Atualizar etapa'); toasts never over the next stop's buttons; a delivered stop kept under the
// route, collapsed, with 'Desfazer' for ten seconds, with no signal too.
import type { Locator, Page } from '@playwright/test';
import { shipmentFields } from '../support/payloads';
import { call, DRIVER, DRIVER_ID, signIn, STAFF, type Stack } from '../support/stack';
import { cameraPhoto, expect, test, waitForWorker } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'one phone-sized context is made here');
// A control that never shows fails its step, not the whole test's time.
test.use({ actionTimeout: 15_000 });

let seq = 0;
const newId = () =>
  `th${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

/** Shipments for the demo driver, made by the office, first stop first. */
async function stopsFor(stack: Stack, names: string[]) {
  const office = await signIn(stack.url, 'staff', STAFF);
  const made: { id: string; number: string; name: string }[] = [];
  for (const name of names) {
    const res = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: office,
      body: {
        op: 'shipment',
        record: newId(),
        number: '',
        at: new Date().toISOString(),
        driver: DRIVER_ID,
        fields: shipmentFields({ recipientName: name, recipientReceiver: `Porteiro de ${name}` }),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = res.body.record as { id: string; number: string };
    made.push({ ...record, name });
  }
  // First in the route in the order given, before whatever other tests left on the driver's list.
  const driver = await signIn(stack.url, 'staff', DRIVER);
  const left = await call(
    stack.url,
    '/api/collections/tracking/records?perPage=500&sort=stopOrder',
    {
      token: driver,
    },
  );
  const others = (left.body.items as { id: string }[])
    .map((r) => r.id)
    .filter((id) => !made.some((s) => s.id === id));
  const res = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token: driver,
    body: {
      op: 'route',
      record: DRIVER_ID,
      number: '',
      at: new Date().toISOString(),
      order: [...made.map((s) => s.id), ...others],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    stops: made,
    /** The demo driver's list is shared with the other tests of this server: leave it as found. */
    cleanUp: async () => {
      for (const s of made) {
        await call(stack.url, '/api/equipe/rastreios', {
          method: 'POST',
          token: office,
          body: { op: 'delete', record: s.id, number: s.number, at: new Date().toISOString() },
        });
      }
    },
  };
}

async function driverPhone(browser: import('@playwright/test').Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/admin/tracking');
  await page.getByLabel('E-mail').fill(DRIVER.email);
  await page.getByLabel('Senha').fill(DRIVER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(/Lista atualizada/)).toBeVisible();
  return { context, page };
}

const route = (page: Page) => page.getByRole('list', { name: 'Minhas entregas' });
const doneList = (page: Page) => page.getByRole('list', { name: 'Entregues hoje' });
const stopOf = (list: Locator, number: string) =>
  list.getByRole('listitem', { name: `Rastreio ${number}`, exact: true });

/**
 * Every visible control inside `scope` (buttons, links, fields, the drag handle, a radio's or a
 * check box's whole label): how many, and each one under 44 × 44 px or nearer than 8 px to
 * another, in words. A control inside another (a label's hidden input) counts as the outer one.
 */
async function targetProblems(scope: Locator) {
  return scope.evaluate((root) => {
    const selector = [
      'button',
      'a[href]',
      'input',
      'select',
      'textarea',
      '[data-testid="arrastar"]',
      'label:has(input[type=radio])',
      'label:has(input[type=checkbox])',
    ].join(',');
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden';
    };
    const hiddenInput = (el: Element) =>
      el instanceof HTMLInputElement && ['radio', 'checkbox', 'file', 'hidden'].includes(el.type);
    const all = Array.from(root.querySelectorAll(selector)).filter(
      (el) => shown(el) && !hiddenInput(el),
    );
    const targets = all.filter((el) => !all.some((outer) => outer !== el && outer.contains(el)));
    const name = (el: Element) =>
      (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
    const boxes = targets.map((el) => ({ name: name(el), box: el.getBoundingClientRect() }));
    const problems: string[] = [];
    for (const { name: n, box } of boxes) {
      if (box.width < 43.99 || box.height < 43.99) {
        problems.push(`${n}: ${box.width.toFixed(1)} × ${box.height.toFixed(1)} px`);
      }
    }
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const dx = Math.max(0, a.box.left - b.box.right, b.box.left - a.box.right);
        const dy = Math.max(0, a.box.top - b.box.bottom, b.box.top - a.box.bottom);
        const apart = Math.hypot(dx, dy);
        if (apart < 7.99) problems.push(`${a.name} ↔ ${b.name}: ${apart.toFixed(1)} px apart`);
      }),
    );
    return { count: boxes.length, names: boxes.map((b) => b.name), problems };
  });
}

/** Every control in `scope` passes, and there were at least `least` of them. */
async function expectThumbSized(scope: Locator, least: number) {
  const { count, names, problems } = await targetProblems(scope);
  expect(problems).toEqual([]);
  expect(count, names.join(' | ')).toBeGreaterThanOrEqual(least);
}

test("every control of 'Minhas entregas' and of its dialogs is 44 × 44 px or more and 8 px from the next", async ({
  browser,
  baseURL,
  stack,
}, testInfo) => {
  test.slow();
  const tag = Date.now();
  const { stops, cleanUp } = await stopsFor(stack, [`Ana Prado ${tag}`, `Bar do Léo ${tag}`]);
  const [first, second] = stops as [(typeof stops)[0], (typeof stops)[0]];
  const { context, page } = await driverPhone(browser, baseURL!);
  try {
    const screen = page.getByTestId('minhas-entregas');
    const card = stopOf(route(page), first.number);
    await expect(card).toBeVisible();
    await expect(stopOf(route(page), second.number)).toBeVisible();
    // The stage at a glance, and no check box on a driver's card.
    await expect(card.getByTestId('etapa-atual')).toHaveText('Etapa: nenhuma marcada ainda');
    await expect(route(page).getByRole('checkbox')).toHaveCount(0);
    // Scan, filter, 'Ordenar por CEP', then per stop: handle, Subir, Descer, four links,
    // 'Atualizar etapa', 'Não entregue'.
    await expectThumbSized(screen, 3 + 2 * 9);
    await page.screenshot({ path: testInfo.outputPath('paradas.png') });

    // 'Atualizar etapa': four large toggles in a sheet, which say who marked each.
    await card.getByRole('button', { name: /^Atualizar etapa/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Atualizar etapa' });
    await expect(sheet).toBeVisible();
    await expectThumbSized(sheet, 5);
    const collected = sheet.getByRole('button', {
      name: '1. Encomenda coletada no ponto de coleta',
    });
    await expect(collected).toHaveAttribute('aria-pressed', 'false');
    await collected.click();
    await expect(collected).toHaveAttribute('aria-pressed', 'true');
    await expect(sheet.getByText(/^Marcada por Motorista Demo às \d\d:\d\d$/)).toBeVisible();
    await sheet.getByRole('button', { name: '2. Encomenda enviada ao destino' }).click();
    await expect(
      sheet.getByRole('button', { name: '2. Encomenda enviada ao destino' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: testInfo.outputPath('atualizar-etapa.png') });
    // A stage ticked by mistake is cleared the same way.
    await sheet.getByRole('button', { name: '2. Encomenda enviada ao destino' }).click();
    await expect(
      sheet.getByRole('button', { name: '2. Encomenda enviada ao destino' }),
    ).toHaveAttribute('aria-pressed', 'false');
    await sheet.getByRole('button', { name: 'Fechar' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(card.getByTestId('etapa-atual')).toHaveText(
      'Etapa: 1. Encomenda coletada no ponto de coleta',
    );

    // 'Não entregue': the reasons, the note, the photo, the position and the buttons.
    await card.getByRole('button', { name: /^Não entregue/ }).click();
    const attempt = page.getByRole('dialog', { name: `Não entregue: ${first.number}` });
    await attempt.getByText('Outro motivo').click();
    await expect(attempt.getByLabel(/^Descreva o motivo/)).toBeVisible();
    // Six reasons, the note, 'Tirar foto', the position, 'Cancelar', 'Registrar tentativa'.
    await expectThumbSized(attempt, 11);
    await page.screenshot({ path: testInfo.outputPath('nao-entregue.png') });
    await attempt.getByRole('button', { name: 'Cancelar' }).click();
    await expect(attempt).toHaveCount(0);

    // The scanner, on a phone with no camera: the typed number, 'Abrir', 'Fechar'.
    await page.getByRole('button', { name: 'Escanear etiqueta' }).click();
    const scanner = page.getByRole('dialog', { name: 'Escanear etiqueta' });
    await expect(scanner.getByText(/^Não foi possível abrir a câmera/)).toBeVisible();
    await expectThumbSized(scanner, 3);
    await scanner.getByRole('button', { name: 'Fechar' }).click();

    // The delivery: who received, the CPF, the photo, the buttons; then the stop stays, collapsed.
    await stopOf(route(page), second.number)
      .getByRole('button', { name: /^Atualizar etapa/ })
      .click();
    await sheet.getByRole('button', { name: '4. Encomenda entregue' }).click();
    const delivery = page.getByRole('dialog', { name: `Registrar entrega de ${second.number}` });
    await delivery.getByLabel('Foto da entrega (opcional)').setInputFiles({
      name: 'camera.png',
      mimeType: 'image/png',
      buffer: await cameraPhoto(page),
    });
    await expect(delivery.getByRole('img', { name: 'Foto escolhida' })).toBeVisible();
    await expectThumbSized(delivery, 5);
    await page.screenshot({ path: testInfo.outputPath('entrega.png') });
    await delivery.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(delivery).toHaveCount(0);
    // Delivered, the stop leaves the route, and its sheet with it.
    await expect(sheet).toHaveCount(0);
    const done = stopOf(doneList(page), second.number);
    await expect(done.getByRole('button', { name: /^Desfazer entrega/ })).toBeVisible();
    // One stop left (nothing to reorder): scan, filter, its four links and two buttons, 'Desfazer'.
    await expectThumbSized(screen, 2 + 6 + 1);
    // (The list may be drawn again as the delivery reaches the server: the locator, not a handle.)
    await expect(done).toBeVisible();
    await done.evaluate((item) => item.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: testInfo.outputPath('entregue-desfazer.png') });
  } finally {
    await context.close();
    await cleanUp();
  }
});

test("a toast never covers the next stop's buttons", async ({
  browser,
  baseURL,
  stack,
}, testInfo) => {
  test.slow();
  const tag = Date.now();
  const { stops, cleanUp } = await stopsFor(stack, [
    `Casa Lima ${tag}`,
    `Dona Zélia ${tag}`,
    `Seu Ivo ${tag}`,
  ]);
  const [first, second] = stops as [(typeof stops)[0], (typeof stops)[0]];
  const { context, page } = await driverPhone(browser, baseURL!);
  try {
    await waitForWorker(page);
    const next = stopOf(route(page), second.number);
    await expect(next).toBeVisible();
    // No signal: the toast ('Guardado neste aparelho') stays five seconds, not two.
    await context.setOffline(true);
    await stopOf(route(page), first.number)
      .getByRole('button', { name: /^Atualizar etapa/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Atualizar etapa' })
      .getByRole('button', { name: '4. Encomenda entregue' })
      .click();
    await page
      .getByRole('dialog', { name: /^Registrar entrega/ })
      .getByRole('button', { name: 'Confirmar entrega' })
      .click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Guardado neste aparelho' });
    await expect(toast).toBeVisible();
    // The next stop is now first; its buttons low on the screen, where a thumb reaches and where
    // a phone's toasts used to sit.
    await next
      .getByRole('button', { name: /^Não entregue/ })
      .evaluate((b) => b.scrollIntoView({ block: 'end' }));
    const covered = await next.evaluate((stop) => {
      const toasts = Array.from(document.querySelectorAll('[data-testid="toast"]')).map((t) =>
        t.getBoundingClientRect(),
      );
      const controls = Array.from(
        stop.querySelectorAll('button, a[href], [data-testid="arrastar"]'),
      );
      const out: string[] = [];
      let seen = 0;
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        if (box.bottom <= 0 || box.top >= innerHeight) continue;
        seen += 1;
        const label = control.getAttribute('aria-label') ?? control.textContent ?? '';
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (!hit || !control.contains(hit)) out.push(`${label}: a tap reaches ${hit?.outerHTML}`);
        for (const t of toasts) {
          const overlap =
            box.left < t.right && t.left < box.right && box.top < t.bottom && t.top < box.bottom;
          if (overlap) out.push(`${label}: under a toast`);
        }
      }
      return { out, seen, toasts: toasts.length };
    });
    expect(covered.toasts).toBeGreaterThan(0);
    expect(covered.seen).toBeGreaterThanOrEqual(4);
    expect(covered.out).toEqual([]);
    await expect(toast).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('aviso-no-topo.png') });
    // At the top of the screen, away from the thumb.
    expect((await toast.boundingBox())!.y).toBeLessThan(80);
    // A tap on it puts it away, and reaches nothing hidden under it (the header, 'Sair').
    await toast.click();
    await expect(toast).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  } finally {
    await context.close();
    await cleanUp();
  }
});

test("a delivered stop stays under the route, collapsed, with 'Desfazer' for ten seconds, with no signal too", async ({
  browser,
  baseURL,
  stack,
}, testInfo) => {
  test.slow();
  const tag = Date.now();
  const { stops, cleanUp } = await stopsFor(stack, [`Ótica Sol ${tag}`, `Padaria Luz ${tag}`]);
  const [first, second] = stops as [(typeof stops)[0], (typeof stops)[0]];
  const { context, page } = await driverPhone(browser, baseURL!);
  const deliver = async (number: string, receiver: string, photo: boolean) => {
    await stopOf(route(page), number)
      .getByRole('button', { name: /^Atualizar etapa/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Atualizar etapa' })
      .getByRole('button', { name: '4. Encomenda entregue' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Registrar entrega de ${number}` });
    await dialog.getByLabel('Nome de quem recebeu').fill(receiver);
    if (photo) {
      await dialog.getByLabel('Foto da entrega (opcional)').setInputFiles({
        name: 'camera.png',
        mimeType: 'image/png',
        buffer: await cameraPhoto(page),
      });
      await expect(dialog.getByRole('img', { name: 'Foto escolhida' })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(dialog).toHaveCount(0);
  };
  try {
    await waitForWorker(page);
    await expect(stopOf(route(page), second.number)).toBeVisible();
    await context.setOffline(true);

    // Delivered with a photo: out of the route, under it, collapsed, with 'Desfazer'.
    await deliver(first.number, 'Marta Sol', true);
    await expect(stopOf(route(page), first.number)).toHaveCount(0);
    const done = stopOf(doneList(page), first.number);
    await expect(done.getByText(`Para Ótica Sol ${tag}`)).toBeVisible();
    await expect(done.getByTestId('entregue')).toHaveText(
      /^✓ Entregue às \d\d:\d\d para Marta Sol$/,
    );
    await expect(page.getByTestId('envio')).toHaveText('1 alteração e 1 foto aguardando sinal');
    // Collapsed: no links, no stage, no 'Não entregue'.
    await expect(done.getByRole('link')).toHaveCount(0);
    await expect(done.getByRole('button')).toHaveCount(1);

    // Taken back: the stop returns to its place, first, and its photo no longer waits.
    await done.getByRole('button', { name: `Desfazer entrega: Ótica Sol ${tag}` }).click();
    await expect(stopOf(doneList(page), first.number)).toHaveCount(0);
    await expect(route(page).getByRole('listitem').first()).toHaveAttribute(
      'aria-label',
      `Rastreio ${first.number}`,
    );
    // Its sheet stays closed.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('envio')).toHaveText('2 alterações aguardando sinal');

    // The next one delivered: 'Desfazer' goes after ten seconds; the stop stays, collapsed.
    await deliver(second.number, 'Rui Luz', false);
    const kept = stopOf(doneList(page), second.number);
    const undo = kept.getByRole('button', { name: /^Desfazer entrega/ });
    await expect(undo).toBeVisible();
    await kept.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('entregue-offline.png') });
    await expect(undo).toHaveCount(0);
    await expect(kept.getByTestId('entregue')).toHaveText(/^✓ Entregue às \d\d:\d\d para Rui Luz$/);
    await page.reload();
    await expect(kept.getByTestId('entregue')).toBeVisible();
    await expect(undo).toHaveCount(0);

    // The signal returns: the delivery undone stays undone on the server, the other delivered.
    await context.setOffline(false);
    await expect(page.getByTestId('envio')).toHaveText(/^Tudo enviado às \d\d:\d\d$/, {
      timeout: 30_000,
    });
    const undone = await stack.admin(`/api/collections/tracking/records/${first.id}`);
    expect(undone.stages).not.toContain('4');
    expect(undone.receiverName).toBe('');
    expect(undone.deliveryPhoto).toBe('');
    const delivered = await stack.admin(`/api/collections/tracking/records/${second.id}`);
    expect(delivered.stages).toContain('4');
    expect(delivered.receiverName).toBe('Rui Luz');
  } finally {
    await context.close();
    await cleanUp();
  }
});
