// An office device's reserved shipment numbers against a real server: a number taken on the
// device, or on a shipment already on its way, is never handed out again by a refresh that
// crosses it (the server still lists a number until the shipment using it arrives).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db';
import { staffApi } from '../../src/lib/pocketbase';
import {
  refreshReservedNumbers,
  reservedLeft,
  takeReservedNumber,
} from '../../src/features/staff/shipments/numbers';
import { STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  staffApi.baseURL = stack.url;
  await staffApi.collection('staff').authWithPassword(STAFF.email, STAFF.password);
});
afterAll(async () => {
  staffApi.authStore.clear();
  await stack?.stop();
});

describe("an office device's reserved numbers", () => {
  it('a number taken, or on a shipment in the outbox, is not given back by a refresh', async () => {
    expect(await refreshReservedNumbers()).toBe(50);
    const taken = await takeReservedNumber();
    expect(taken).toMatch(/^\d{12}$/);
    // A shipment queued with another number, already sent but not yet seen by the server's list.
    const queued = await takeReservedNumber();
    await db.outbox.add({
      id: 'saidaantesdarsp',
      kind: 'tracking',
      payload: { change: { op: 'shipment', record: 'saidaantesdarsp', number: queued } },
      createdAt: Date.now(),
      attempts: 1,
      nextAttemptAt: 0,
      state: 'sent',
      lastError: '',
    });
    // The server has not seen either shipment: it still lists both numbers as reserved.
    await refreshReservedNumbers();
    expect(await reservedLeft()).toBe(48);
    const handedOut = new Set<string>();
    for (let i = 0; i < 48; i++) handedOut.add(await takeReservedNumber());
    expect(handedOut.has(taken)).toBe(false);
    expect(handedOut.has(queued)).toBe(false);
    expect(await takeReservedNumber()).toBe('');
  });
});
