// Operations: daily backups that really restore, and personal data erased after the retention period.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pickupPayload,
  quotePayload,
  shipmentFields,
  TINY_JPEG,
  urgentPayload,
} from '../support/payloads';
import {
  call,
  CLIENT,
  DRIVER,
  DRIVER_ID,
  signIn,
  STAFF,
  startStack,
  type Stack,
} from '../support/stack';

const ROOT = join(import.meta.dirname, '../..');

describe('backups', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ BACKUP_CRON: '0 2 * * *', BACKUP_KEEP: '5' });
  });
  afterAll(() => stack?.stop());

  it('are scheduled daily by the server, keeping the last few', async () => {
    const settings = await stack.admin('/api/settings');
    expect(settings.backups).toMatchObject({ cron: '0 2 * * *', cronMaxKeep: 5 });
  });

  it('a backup restored into a fresh data folder has the requests', async () => {
    const created = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderName: 'Guardada No Backup' }),
    });
    expect(created.status).toBe(200);
    await stack.admin('/api/backups', {
      method: 'POST',
      body: JSON.stringify({ name: 'teste.zip' }),
    });
    const file = join(stack.dataDir, 'backups', 'teste.zip');
    await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(true);

    const target = join(mkdtempSync(join(tmpdir(), 'pb-restore-')), 'pb_data');
    const restore = spawnSync('node', ['scripts/restore.mjs', file, '--dir', target], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Backup restaurado');

    // Restoring over existing data is refused without --force: nothing is overwritten by mistake.
    const again = spawnSync('node', ['scripts/restore.mjs', file, '--dir', target], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('já tem dados');

    const restored = await startStack({}, { dataDir: target });
    try {
      const found = await restored.admin(
        `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="Guardada No Backup"`)}`,
      );
      expect(found.totalItems).toBe(1);
      expect(found.items[0].id).toBe(created.body.id);
    } finally {
      await restored.stop();
      rmSync(join(target, '..'), { recursive: true, force: true });
    }
  });
});

/**
 * Runs the daily job now (PocketBase starts it in the background) and waits until it has reached
 * the record; if it never does, the server's own errors say why.
 */
async function runRetention(stack: Stack, record: string) {
  await new Promise((r) => setTimeout(r, 1100)); // strictly older than 'now' at the job's run
  await stack.admin('/api/crons/retention', { method: 'POST' });
  try {
    await expect
      .poll(async () => (await stack.admin(record)).anonymizedAt, { timeout: 20_000 })
      .not.toBe('');
  } catch (err) {
    throw new Error(
      `${record} não anonimizado. Erros do servidor:\n${await stack.serverErrors().catch((e: unknown) => `(registro indisponível: ${String(e)})`)}`,
      {
        cause: err,
      },
    );
  }
}

describe('personal data kept only as long as needed', { timeout: 60_000 }, () => {
  let stack: Stack;
  beforeAll(async () => {
    // Everything counts as past the retention period, so the daily job can be tried at once.
    stack = await startStack({ RETENTION_DAYS: '0' });
  });
  afterAll(() => stack?.stop());

  it('the daily job erases names, documents, contacts and rendered e-mails, and keeps the rest', async () => {
    const quote = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ senderName: 'Pessoa Antiga' }),
    });
    const token = await signIn(stack.url, 'clients', CLIENT);
    const pickup = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token,
      body: pickupPayload(),
    });
    await stack.sink.waitFor((m) => String(m.html).includes('Pessoa Antiga'), 2);
    await runRetention(stack, `/api/collections/quotes/records/${quote.body.id}`);
    const erased = (fields: string[]) => Object.fromEntries(fields.map((f) => [f, 'Anonimizado']));
    const q = await stack.admin(`/api/collections/quotes/records/${quote.body.id}`);
    expect(q).toMatchObject({
      ...erased(['senderName', 'senderDocument', 'senderEmail', 'senderPhone', 'recipientName']),
      pickupLocation: 'São Paulo - SP',
      deliveryLocation: 'Goiânia - GO',
      priceCents: 12450,
    });
    const p = await stack.admin(`/api/collections/pickup_requests/records/${pickup.body.id}`);
    expect(p).toMatchObject({
      ...erased(['solicitadaPor', 'email', 'telefone']),
      cidade: 'Itumbiara',
      number: pickup.body.number,
    });
    const queue = await stack.admin(
      `/api/collections/mail_queue/records?filter=${encodeURIComponent(`record="${quote.body.id}"`)}`,
    );
    expect(queue.totalItems).toBe(0);
  });

  it('a shipment loses its people and places, its notes, positions and photos, and keeps its story', async () => {
    const office = await signIn(stack.url, 'staff', STAFF);
    const driver = await signIn(stack.url, 'staff', DRIVER);
    const change = (token: string, body: Record<string, unknown>) =>
      call(stack.url, '/api/equipe/rastreios', {
        method: 'POST',
        token,
        body: { at: new Date().toISOString(), ...body },
      });
    // Made from an urgent request: the request follows the shipment ('Minhas solicitações').
    const request = await call(stack.url, '/api/collections/urgent_requests/records', {
      method: 'POST',
      body: urgentPayload(),
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    const id = `rt${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
    const made = await change(office, {
      op: 'shipment',
      record: id,
      number: '',
      driver: DRIVER_ID,
      request: `urgent:${request.body.id}`,
      fields: shipmentFields({ recipientName: 'Joana Antiga', recipientPhone: '(62) 98888-7777' }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const number = made.body.record.number as string;
    const attemptId = `ra${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
    await change(driver, {
      op: 'attempt',
      record: id,
      number,
      attempt: attemptId,
      reason: 'outro',
      note: 'Portão azul da Joana',
      latitude: -16.68,
      longitude: -49.25,
    });
    // The attempt's photo, as the phone sends it after its change.
    const form = new FormData();
    form.set('record', id);
    form.set('target', attemptId);
    form.set('photo', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'foto.jpg');
    const sent = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
      method: 'POST',
      headers: { Authorization: driver },
      body: form,
    });
    expect(sent.status).toBe(200);
    await change(driver, {
      op: 'stage',
      record: id,
      number,
      stage: 4,
      set: true,
      receiverName: 'Joana Antiga',
      receiverCpf: '52998224725',
    });
    // The delivery's photo, as the phone sends it after the stage.
    const proof = new FormData();
    proof.set('record', id);
    proof.set('target', 'entrega');
    proof.set('photo', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'entrega.jpg');
    const proofSent = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
      method: 'POST',
      headers: { Authorization: driver },
      body: proof,
    });
    expect(proofSent.status).toBe(200);
    // The requester's e-mail with the number: rendered for the shipment, to the requester's address.
    const mails = `/api/collections/mail_queue/records?filter=${encodeURIComponent(`source="tracking" && record="${id}"`)}`;
    expect((await stack.admin(mails)).totalItems).toBe(1);
    const before = await stack.admin(`/api/collections/tracking/records/${id}`);
    const seenBefore = (await call(stack.url, `/api/rastreio/${number}`)).body;
    expect(seenBefore.deliveredTo).toBe('J. A.');
    const photo = before.attemptLog[0].photo as string;
    expect(photo).toMatch(/\.jpg$/);
    expect(before.deliveryPhoto).toMatch(/\.jpg$/);
    const readable = async (file: string = photo) => {
      const { token } = await stack.admin('/api/files/token', { method: 'POST' });
      return (await fetch(`${stack.url}/api/files/tracking/${id}/${file}?token=${token}`)).status;
    };
    expect(await readable()).toBe(200);
    expect(await readable(before.deliveryPhoto)).toBe(200);
    await runRetention(stack, `/api/collections/tracking/records/${id}`);
    const after = await stack.admin(`/api/collections/tracking/records/${id}`);
    expect(after).toMatchObject({
      recipientName: 'Anonimizado',
      recipientPhone: 'Anonimizado',
      recipientStreet: 'Anonimizado',
      senderName: 'Anonimizado',
      // Its initials, as the public page and the request already showed them.
      receiverName: 'J. A.',
      receiverCpf: '',
      deliveryPhoto: '',
      attemptPhotos: [],
      // Where and what, for the company's numbers; and the story the public page tells.
      recipientCity: before.recipientCity,
      recipientZip: before.recipientZip,
      contents: before.contents,
      number,
      stages: before.stages,
    });
    expect(after.attemptLog).toEqual([
      {
        id: attemptId,
        at: before.attemptLog[0].at,
        reason: 'outro',
        note: 'Anonimizado',
        by: 'Motorista Demo',
      },
    ]);
    // The file itself is gone, and phones take the erased copy at their next sync.
    await expect.poll(() => readable()).toBe(404); // deleted just after the save's transaction ends
    await expect.poll(() => readable(before.deliveryPhoto)).toBe(404);
    expect((await stack.admin(mails)).totalItems).toBe(0);
    expect(after.erasedBy).toBe(''); // the job, not a person's request
    expect(after.updated > before.updated).toBe(true);
    expect(JSON.stringify(after)).not.toMatch(/Joana|Azul|98888|52998224725|-16\.68/i);
    // The public page tells the same story, and the request still says who received it.
    expect((await call(stack.url, `/api/rastreio/${number}`)).body).toEqual(seenBefore);
    const linked = await stack.admin(`/api/collections/urgent_requests/records/${request.body.id}`);
    expect(linked).toMatchObject({ shipmentNumber: number, shipmentDeliveredTo: 'J. A.' });
  });
});
