// Operations: daily backups that really restore, and personal data erased after the retention period.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPayload, quotePayload } from '../support/payloads';
import { call, CLIENT, signIn, startStack, type Stack } from '../support/stack';

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

describe('personal data kept only as long as needed', () => {
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
    await new Promise((r) => setTimeout(r, 1100)); // strictly older than 'now' at the job's run

    await stack.admin('/api/crons/retention', { method: 'POST' });
    await expect
      .poll(
        async () =>
          (await stack.admin(`/api/collections/quotes/records/${quote.body.id}`)).anonymizedAt,
        {
          timeout: 10_000,
        },
      )
      .not.toBe('');
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
});
