// One staff account per person: added and switched off with `npm run staff`, and every tracking
// registration and stage says who did it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  signIn,
  STAFF,
  staffCommand as runStaff,
  startStack,
  type Stack,
} from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const staffCommand = (...args: string[]) => runStaff(stack, ...args);

describe('npm run staff', () => {
  let driverPassword = '';
  const driver = 'motorista@teste.example';

  it('adds an account with its own password, next to the first one', () => {
    const added = staffCommand('add', driver, 'João Motorista');
    expect(added.status, added.stderr).toBe(0);
    driverPassword = /Senha inicial: (\S+)/.exec(added.stdout)?.[1] ?? '';
    expect(driverPassword).not.toBe('');
    const again = staffCommand('add', driver, 'Outro');
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('Já existe');
    const list = staffCommand('list');
    expect(list.stdout).toContain(driver);
    expect(list.stdout).toContain(STAFF.email);
  });

  it('says who registered a number and who marked each stage', async () => {
    const token = await signIn(stack.url, 'staff', { email: driver, password: driverPassword });
    const at = () => new Date().toISOString();
    const change = (auth: string, body: Record<string, unknown>) =>
      call(stack.url, '/api/equipe/rastreios', { method: 'POST', token: auth, body });
    const record = 'quemfez00000001';
    const base = { record, number: '00555000133' };
    expect((await change(token, { ...base, op: 'register', at: at() })).status).toBe(200);
    const marked = await change(token, {
      ...base,
      op: 'stage',
      stage: 1,
      set: true,
      at: at(),
      registeredBy: 'Alguém',
      stage1By: 'Alguém',
    });
    expect(marked.status).toBe(200);
    expect(marked.body.record).toMatchObject({
      registeredBy: 'João Motorista',
      stage1By: 'João Motorista',
    });

    const office = await signIn(stack.url, 'staff', STAFF);
    const updated = await change(office, { ...base, op: 'stage', stage: 2, set: true, at: at() });
    expect(updated.body.record).toMatchObject({
      registeredBy: 'João Motorista',
      stage1By: 'João Motorista',
      stage2By: 'Equipe',
    });
  });

  it('a disabled account loses access at its next request, also with a session it still holds', async () => {
    const token = await signIn(stack.url, 'staff', { email: driver, password: driverPassword });
    const disabled = staffCommand('disable', driver);
    expect(disabled.status, disabled.stderr).toBe(0);

    const refresh = await call(stack.url, '/api/collections/staff/auth-refresh', {
      method: 'POST',
      token,
    });
    expect(refresh.status).toBe(401);
    const list = await call(stack.url, '/api/collections/tracking/records', { token });
    expect(list.body.items ?? []).toEqual([]);
    const again = await call(stack.url, '/api/collections/staff/auth-with-password', {
      method: 'POST',
      body: { identity: driver, password: driverPassword },
    });
    expect(again.status).toBe(403);
    expect(again.body.message).toContain('desativada');

    expect(staffCommand('enable', driver).status).toBe(0);
    await signIn(stack.url, 'staff', { email: driver, password: driverPassword });
  });
});
