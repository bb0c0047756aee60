// Shipment numbers reserved ahead per office account: a shipment made with no signal gets its final
// number at once, and the server takes a number only once, and only from the account that holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasValidCheckDigit,
  NOT_RESERVED_MESSAGE,
  RESERVED_NUMBERS_PER_ACCOUNT,
} from '../../src/domain/shipment-numbers';
import {
  call,
  CLIENT,
  signIn,
  STAFF,
  staffCommand,
  startStack,
  type Stack,
} from '../support/stack';

let stack: Stack;
let office = '';
let other = '';

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  office = await signIn(stack.url, 'staff', STAFF);
  const added = staffCommand(stack, 'add', 'segunda@teste.example', 'Segunda Conta');
  expect(added.status, added.stderr).toBe(0);
  const password = /Senha inicial: (\S+)/.exec(added.stdout)?.[1] ?? '';
  other = await signIn(stack.url, 'staff', { email: 'segunda@teste.example', password });
});
afterAll(() => stack?.stop());

const reserved = async (token: string) => {
  const res = await call(stack.url, '/api/equipe/numeros', { method: 'POST', token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.numbers as string[];
};

let seq = 0;
const register = (number: string, token: string) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: {
      op: 'register',
      record: `sn${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15),
      number,
      at: new Date().toISOString(),
    },
  });

describe('reserved shipment numbers', () => {
  it('an office account gets a block of valid, scattered numbers, the same when it asks again', async () => {
    const numbers = await reserved(office);
    expect(numbers).toHaveLength(RESERVED_NUMBERS_PER_ACCOUNT);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) expect(hasValidCheckDigit(number), number).toBe(true);
    // Not one after another: sorted, no two neighbours are consecutive bodies.
    const bodies = numbers.map((n) => Number(n.slice(0, 11))).sort((a, b) => a - b);
    const steps = bodies.slice(1).map((b, i) => b - bodies[i]!);
    expect(steps.filter((s) => s === 1)).toEqual([]);
    expect(await reserved(office)).toEqual(numbers);
  });

  it('each account has numbers of its own', async () => {
    const mine = new Set(await reserved(office));
    const theirs = await reserved(other);
    expect(theirs.filter((n) => mine.has(n))).toEqual([]);
  });

  it('a number is taken once, by its own account; the block is topped up', async () => {
    const [first, second] = await reserved(office);
    const stored = await register(first!, office);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.record.number).toBe(first);
    const after = await reserved(office);
    expect(after).not.toContain(first);
    expect(after).toContain(second);
    expect(after).toHaveLength(RESERVED_NUMBERS_PER_ACCOUNT);

    // Another account cannot use this account's number, nor a number nobody reserved.
    const foreign = await register(second!, other);
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.number.message).toBe(NOT_RESERVED_MESSAGE);
    const unreserved = await register('100000000007', office);
    expect(unreserved.status).toBe(400);
    expect(unreserved.body.data.number.message).toBe(NOT_RESERVED_MESSAGE);
    // Numbers of other shapes (registered by hand) are not shipment numbers: they pass as before.
    expect((await register('00730000192', other)).status).toBe(200);
  });

  it('only active staff reserve numbers, and nobody reads the reservations through the API', async () => {
    expect((await call(stack.url, '/api/equipe/numeros', { method: 'POST' })).status).toBe(401);
    const client = await signIn(stack.url, 'clients', CLIENT);
    const asClient = await call(stack.url, '/api/equipe/numeros', {
      method: 'POST',
      token: client,
    });
    expect(asClient.status).toBe(403);
    const list = await call(stack.url, '/api/collections/shipment_numbers/records', {
      token: office,
    });
    expect(list.status).toBe(403);
  });
});
