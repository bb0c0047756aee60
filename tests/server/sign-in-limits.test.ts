// Wrong passwords are limited per account, whatever the addresses they come from: a growing delay,
// then a lock that e-mails the owner, and the same answers for an e-mail that has no account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { CLIENT, DRIVER, STAFF, startStack, type Stack } from '../support/stack';

/** The first delay after five failures (1 s in production), doubling after each further one. */
const FIRST_DELAY_MS = 250;
const WRONG = 'E-mail ou senha incorretos.';
const LOCKED =
  'Muitas senhas erradas seguidas. Por segurança, o acesso está bloqueado; tente de novo em 15 minutos.';
const waitFor = (seconds: number) =>
  `Muitas senhas erradas seguidas. Aguarde ${seconds === 1 ? '1 segundo' : `${seconds} segundos`} e tente de novo.`;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
    SIGN_IN_FIRST_DELAY_MS: String(FIRST_DELAY_MS),
  });
});
afterAll(() => stack?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Addresses apart for each scenario, so PocketBase's own limit (10 a minute each) never speaks. */
const address = (scenario: number, n: number) => `10.${scenario}.0.${n}`;
const to = (m: ParsedMail) => JSON.stringify(m.to ?? '');

interface Answer {
  status: number;
  message: string;
  ms: number;
}

async function attempt(
  collection: 'staff' | 'clients',
  identity: string,
  password: string,
  ip: string,
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/api/collections/${collection}/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ identity, password }),
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message ?? '', ms: performance.now() - started };
}

/**
 * `total` wrong passwords for one identity, spread over five addresses. From the fifth failure on,
 * one more attempt is made at once (from a sixth address: it is refused unchecked), then the test
 * waits the delay out; once locked, it just goes on. Then the right password, from a seventh.
 */
async function attack(
  collection: 'staff' | 'clients',
  identity: string,
  rightPassword: string,
  scenario: number,
  total = 46,
) {
  const answers: Answer[] = [];
  for (let i = 0; i < total; i++) {
    const res = await attempt(collection, identity, `errada-${i}`, address(scenario, i % 5));
    answers.push(res);
    const failures = i + 1;
    if (res.status === 400 && failures >= 5 && failures < 10) {
      answers.push(await attempt(collection, identity, rightPassword, address(scenario, 5)));
      await sleep(FIRST_DELAY_MS * 2 ** (failures - 5));
    }
  }
  answers.push(await attempt(collection, identity, rightPassword, address(scenario, 6)));
  return answers;
}

const said = (answers: Answer[]) => answers.map((a) => `${a.status} ${a.message}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

describe('password sign-in, counted per account', () => {
  it('lets a person who mistypes in, and a sign-in clears the count', async () => {
    const ip = address(1, 0);
    for (let i = 0; i < 2; i++) {
      expect((await attempt('staff', DRIVER.email, 'errada', ip)).status).toBe(400);
    }
    expect((await attempt('staff', DRIVER.email, DRIVER.password, ip)).status).toBe(200);
    // Four more wrong, in, four more: never delayed, since each sign-in starts the count again.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await attempt('staff', DRIVER.email, 'errada', address(1, 1))).status);
    }
    statuses.push((await attempt('staff', DRIVER.email, DRIVER.password, address(1, 2))).status);
    for (let i = 0; i < 4; i++) {
      statuses.push((await attempt('staff', DRIVER.email, 'errada', address(1, 3))).status);
    }
    statuses.push((await attempt('staff', DRIVER.email, DRIVER.password, address(1, 4))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 200, 400, 400, 400, 400, 200]);
  });

  it('after five failures, however the e-mail is typed, the next attempt waits, unchecked', async () => {
    const typed = `  ${DRIVER.email.toUpperCase()} `;
    for (let i = 0; i < 5; i++) {
      expect((await attempt('staff', typed, `errada-${i}`, address(2, i))).status).toBe(400);
    }
    // The right password, too soon: refused without being checked, and said how long to wait.
    const early = await attempt('staff', DRIVER.email, DRIVER.password, address(2, 5));
    expect([early.status, early.message]).toEqual([429, waitFor(1)]);
    await sleep(FIRST_DELAY_MS);
    expect((await attempt('staff', DRIVER.email, DRIVER.password, address(2, 6))).status).toBe(200);
  });

  it('locks an account tried from many addresses, e-mails its owner once, and says the same for an e-mail with no account', async () => {
    const ghost = 'ninguem-aqui@teste.example';
    const [office, nobody, client] = await Promise.all([
      attack('staff', STAFF.email, STAFF.password, 3),
      attack('staff', ghost, 'qualquer-uma', 4),
      attack('clients', CLIENT.email, CLIENT.password, 5),
    ]);

    // Five wrong, then each attempt made too soon is refused with the time to wait, each
    // failure after a delay that doubles; the tenth failure locks, the right password included.
    const expected = [
      ...Array(5).fill(`400 ${WRONG}`),
      `429 ${waitFor(1)}`,
      `400 ${WRONG}`,
      `429 ${waitFor(1)}`,
      `400 ${WRONG}`,
      `429 ${waitFor(1)}`,
      `400 ${WRONG}`,
      `429 ${waitFor(2)}`,
      `400 ${WRONG}`,
      `429 ${waitFor(4)}`,
      ...Array(46 - 9 + 1).fill(`429 ${LOCKED}`),
    ];
    expect(said(office)).toEqual(expected);
    expect(said(nobody)).toEqual(said(office));
    expect(said(client)).toEqual(said(office));

    // The same timing class: a wrong password is checked for an unknown e-mail too, and a
    // refusal checks none for either.
    const checked = (answers: Answer[]) =>
      median(answers.filter((a) => a.status === 400).map((a) => a.ms));
    const refused = (answers: Answer[]) =>
      median(answers.filter((a) => a.status === 429).map((a) => a.ms));
    expect(checked(nobody)).toBeGreaterThan(checked(office) / 3);
    expect(refused(nobody)).toBeLessThan(checked(office));
    expect(refused(office)).toBeLessThan(checked(office));

    // The owners are told, once per lock; nobody is told about the e-mail with no account.
    const [staffMail] = await stack.sink.waitFor(
      (m) => to(m).includes(STAFF.email) && /bloqueado/i.test(m.subject ?? ''),
    );
    const text = staffMail.text ?? '';
    expect(text).toContain('10 tentativas');
    expect(text).toContain(STAFF.email);
    expect(text).toMatch(/bloqueada até as \d\d:\d\d/);
    expect(text).toContain('troque sua senha');
    const [clientMail] = await stack.sink.waitFor(
      (m) => to(m).includes(CLIENT.email) && /bloqueado/i.test(m.subject ?? ''),
    );
    expect(clientMail.text ?? '').toContain('fale com a Rota Veloz');
    await stack.admin('/api/crons/mail-queue', { method: 'POST' });
    const locks = await stack.admin(
      `/api/collections/mail_queue/records?filter=${encodeURIComponent("purpose='sign-in-lock'")}`,
    );
    expect(locks.items.map((i: { to: string }) => i.to).sort()).toEqual(
      [CLIENT.email, STAFF.email].sort(),
    );
    expect(stack.sink.messages.filter((m) => to(m).includes(ghost))).toEqual([]);
  }, 90_000);
});
