// `npm run lgpd`, run as a person at the company runs it: a copy of everything stored that names a
// person (found by e-mail in any case, or by CPF however it was typed), then its erasure — the
// other person's records untouched, the photos' files gone, and the public lookup unchanged.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPayload, quotePayload, shipmentFields, TINY_JPEG } from '../support/payloads';
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
const ANA = {
  email: 'ana.titular@exemplo.example',
  cpf: '390.533.447-05',
  name: 'Ana Titular',
  phone: '(62) 98123-4567',
};
const BRUNO = {
  email: 'bruno.outro@exemplo.example',
  cpf: '111.444.777-35',
  name: 'Bruno Outro',
  phone: '(11) 97777-1111',
};

let stack: Stack;
let office = '';
let driver = '';
let folder = '';

function lgpd(...args: string[]) {
  return spawnSync('node', ['scripts/lgpd.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PORT: new URL(stack.url).port, PB_DATA_DIR: stack.dataDir },
  });
}

type Exported = {
  titular: string;
  total: number;
  registros: Record<string, Record<string, unknown>[]>;
};

let exports = 0;
/** `exportar`, and the file it wrote. */
function exportOf(subject: string): Exported {
  const file = join(folder, `export-${exports++}.json`);
  const out = lgpd('exportar', subject, '--arquivo', file);
  expect(out.status, out.stderr).toBe(0);
  expect(out.stdout).toContain(file);
  return JSON.parse(readFileSync(file, 'utf8')) as Exported;
}

const ids = (found: Exported, collection: string) =>
  (found.registros[collection] ?? []).map((r) => r.id).sort();

const change = (token: string, body: Record<string, unknown>) =>
  call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { at: new Date().toISOString(), ...body },
  });

async function photo(record: string, target: string) {
  const form = new FormData();
  form.set('record', record);
  form.set('target', target);
  form.set('photo', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  const sent = await fetch(`${stack.url}/api/equipe/rastreios/fotos`, {
    method: 'POST',
    headers: { Authorization: driver },
    body: form,
  });
  expect(sent.status).toBe(200);
}

let seq = 0;
const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);

/** A person's quote, pickup, shipment (as its addressee, by CPF) and 'Avise-me'. */
async function personRecords(who: typeof ANA, emailAsTyped: string) {
  const quote = await call(stack.url, '/api/collections/quotes/records', {
    method: 'POST',
    body: quotePayload({
      senderName: who.name,
      senderEmail: emailAsTyped,
      senderDocument: who.cpf,
      senderPhone: who.phone,
    }),
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const client = await signIn(stack.url, 'clients', CLIENT);
  const pickup = await call(stack.url, '/api/collections/pickup_requests/records', {
    method: 'POST',
    token: client,
    body: pickupPayload({ solicitadaPor: who.name, email: emailAsTyped, telefone: who.phone }),
  });
  expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);

  // The shipment names the person as its addressee, the CPF typed with digits only.
  const [number] = (await call(stack.url, '/api/equipe/numeros', { method: 'POST', token: office }))
    .body.numbers as string[];
  const id = newId('lg');
  const made = await change(office, {
    op: 'shipment',
    record: id,
    number,
    driver: DRIVER_ID,
    // Made from the person's quote: found by e-mail too, and the quote's requester is told.
    request: `quote:${quote.body.id}`,
    fields: shipmentFields({
      recipientName: who.name,
      recipientDocument: who.cpf.replace(/\D/g, ''),
      recipientPhone: who.phone,
      recipientStreet: `Rua da ${who.name}`,
    }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const attempt = newId('at');
  const tried = await change(driver, {
    op: 'attempt',
    record: id,
    number,
    attempt,
    reason: 'outro',
    note: `Portão de ${who.name}`,
    latitude: -16.681234,
    longitude: -49.251234,
  });
  expect(tried.status, JSON.stringify(tried.body)).toBe(200);
  await photo(id, attempt);
  const delivered = await change(driver, {
    op: 'stage',
    record: id,
    number: number!,
    stage: 4,
    set: true,
    receiverName: who.name,
    receiverCpf: who.cpf.replace(/\D/g, ''),
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  await photo(id, 'entrega');

  const follow = await call(stack.url, '/api/avisos', {
    method: 'POST',
    body: { number, email: emailAsTyped, consent: 'sim' },
  });
  expect(follow.status, JSON.stringify(follow.body)).toBe(202);
  return { quote: quote.body.id as string, pickup: pickup.body.id as string, shipment: id, number };
}

async function followsOf(email: string) {
  const filter = encodeURIComponent(`email="${email}"`);
  return (await stack.admin(`/api/collections/tracking_follows/records?filter=${filter}`)).items;
}

async function fileStatus(record: string, file: string) {
  const { token } = await stack.admin('/api/files/token', { method: 'POST' });
  return (await fetch(`${stack.url}/api/files/tracking/${record}/${file}?token=${token}`)).status;
}

describe('npm run lgpd', { timeout: 120_000 }, () => {
  let ana: Awaited<ReturnType<typeof personRecords>>;
  let bruno: Awaited<ReturnType<typeof personRecords>>;

  beforeAll(async () => {
    stack = await startStack();
    folder = mkdtempSync(join(tmpdir(), 'lgpd-'));
    office = await signIn(stack.url, 'staff', STAFF);
    driver = await signIn(stack.url, 'staff', DRIVER);
    ana = await personRecords(ANA, 'Ana.Titular@Exemplo.example');
    bruno = await personRecords(BRUNO, BRUNO.email);
    // Every e-mail rendered and sent: the queue holds each person's mails.
    await stack.sink.waitFor((m) => JSON.stringify(m.to).includes(BRUNO.email), 2);
  });
  afterAll(async () => {
    await stack?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('refuses bad usage with the way to use it', () => {
    for (const args of [
      [],
      ['exportar'],
      ['apagar', ANA.email],
      ['apagar', ANA.email, '--por'],
      ['mostrar', ANA.email],
      ['exportar', ANA.email, '--outro', 'x'],
    ]) {
      const out = lgpd(...args);
      expect(out.status, args.join(' ')).toBe(1);
      expect(out.stderr).toContain('Uso: npm run lgpd --');
    }
    const wrong = lgpd('exportar', '123.456.789-00');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Informe um e-mail ou um CPF/CNPJ válido.');
  });

  it('exports by e-mail, in any case, every record of the person and none of the other', () => {
    const found = exportOf('ANA.TITULAR@exemplo.EXAMPLE');
    expect(ids(found, 'quotes')).toEqual([ana.quote]);
    expect(ids(found, 'pickup_requests')).toEqual([ana.pickup]);
    expect(ids(found, 'urgent_requests')).toEqual([]);
    // No e-mail on a shipment: found as the one made from the person's quote.
    expect(ids(found, 'tracking')).toEqual([ana.shipment]);
    expect(found.registros.tracking_follows).toHaveLength(1);
    expect(found.registros.tracking_follows![0]).toMatchObject({ number: ana.number });
    // Its own e-mails: the confirmations and the company's mails of its requests, the 'Avise-me' link.
    const mails = found.registros.mail_queue!;
    expect(mails.length).toBeGreaterThanOrEqual(4);
    expect(mails.every((m) => JSON.stringify(m).toLowerCase().includes(ANA.email))).toBe(true);
    // What is stored, hidden fields too; never a secret that would act for the person.
    expect(found.registros.quotes![0]).toMatchObject({ senderName: ANA.name });
    expect(found.registros.quotes![0]).toHaveProperty('mailStatus');
    expect(found.registros.tracking_follows![0]).not.toHaveProperty('token');
    // The shipment's history rows (made, its stages, its attempt) go with it.
    const history = found.registros.shipment_history!;
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((r) => r.tracking === ana.shipment)).toBe(true);
    expect(found.total).toBe(2 + 1 + 1 + mails.length + history.length);
    expect(JSON.stringify(found)).not.toMatch(/Bruno|bruno\.outro|111\.?444\.?777/i);
  });

  it('exports by CPF, masked or digits only, the records that carry it', () => {
    for (const typed of [ANA.cpf, ANA.cpf.replace(/\D/g, '')]) {
      const found = exportOf(typed);
      expect(ids(found, 'quotes')).toEqual([ana.quote]);
      expect(ids(found, 'tracking')).toEqual([ana.shipment]);
      expect(ids(found, 'pickup_requests')).toEqual([]); // a pickup carries no CPF
      expect(found.registros.tracking![0]).toMatchObject({
        recipientName: ANA.name,
        receiverCpf: '39053344705',
      });
      expect(JSON.stringify(found)).not.toMatch(/Bruno|bruno\.outro|111\.?444\.?777/i);
    }
    // A tracking number that is itself a CPF (people track by theirs) names that person too.
    const byNumber = exportOf('529.982.247-25');
    expect(byNumber.registros.tracking!.map((r) => r.number)).toEqual(['52998224725']);
  });

  it('erases the person: fields, photos, subscriptions and e-mails; the other person stays', async () => {
    const before = await stack.admin(`/api/collections/tracking/records/${ana.shipment}`);
    const photos = [before.deliveryPhoto as string, before.attemptLog[0].photo as string];
    for (const file of photos) expect(await fileStatus(ana.shipment, file)).toBe(200);
    const seenBefore = (await call(stack.url, `/api/rastreio/${ana.number}`)).body;
    expect(seenBefore).toMatchObject({ number: ana.number, stages: [4], deliveredTo: 'A. T.' });
    const brunoBefore = {
      shipment: await stack.admin(`/api/collections/tracking/records/${bruno.shipment}`),
      mails: (
        await stack.admin(
          `/api/collections/mail_queue/records?filter=${encodeURIComponent(`record="${bruno.quote}"`)}`,
        )
      ).totalItems,
    };

    // By CPF: the quote, the shipment and their e-mails. By e-mail: the rest.
    const byCpf = lgpd('apagar', ANA.cpf, '--por', 'Encarregada LGPD');
    expect(byCpf.status, byCpf.stderr).toBe(0);
    expect(byCpf.stdout).toMatch(/cotações \(quotes\): 1/);
    expect(byCpf.stdout).toMatch(/remessas \(tracking\): 1/);
    const byEmail = lgpd('apagar', ANA.email, '--por=Encarregada LGPD');
    expect(byEmail.status, byEmail.stderr).toBe(0);
    expect(byEmail.stdout).toMatch(/coletas \(pickup_requests\): 1/);
    expect(byEmail.stdout).toMatch(/inscrições no 'Avise-me' \(tracking_follows\): 1/);
    expect(byEmail.stdout).toMatch(/e-mails \(mail_queue\): [1-9]/);
    expect(byEmail.stdout).toMatch(/cotações \(quotes\): 0/);

    const quote = await stack.admin(`/api/collections/quotes/records/${ana.quote}`);
    expect(quote).toMatchObject({
      senderName: 'Anonimizado',
      senderEmail: 'Anonimizado',
      senderDocument: 'Anonimizado',
      senderPhone: 'Anonimizado',
      erasedBy: 'Encarregada LGPD',
      pickupLocation: 'São Paulo - SP',
    });
    expect(quote.anonymizedAt).not.toBe('');
    const pickup = await stack.admin(`/api/collections/pickup_requests/records/${ana.pickup}`);
    expect(pickup).toMatchObject({
      solicitadaPor: 'Anonimizado',
      email: 'Anonimizado',
      erasedBy: 'Encarregada LGPD',
    });
    const after = await stack.admin(`/api/collections/tracking/records/${ana.shipment}`);
    expect(after).toMatchObject({
      recipientName: 'Anonimizado',
      recipientDocument: 'Anonimizado',
      recipientPhone: 'Anonimizado',
      receiverName: 'A. T.',
      receiverCpf: '',
      deliveryPhoto: '',
      attemptPhotos: [],
      erasedBy: 'Encarregada LGPD',
      number: ana.number,
      stages: ['4'],
    });
    expect(after.anonymizedAt).not.toBe('');
    expect(JSON.stringify(after)).not.toMatch(/Ana|Titular|98123|39053344705|-16\.68/);
    for (const file of photos) {
      await expect.poll(() => fileStatus(ana.shipment, file)).toBe(404);
    }
    expect(await followsOf(ANA.email)).toEqual([]);
    const left = await stack.admin(
      `/api/collections/mail_queue/records?filter=${encodeURIComponent(`to~"${ANA.email}" || replyTo~"${ANA.email}"`)}`,
    );
    expect(left.totalItems).toBe(0);

    // The public page tells the same story.
    expect((await call(stack.url, `/api/rastreio/${ana.number}`)).body).toEqual(seenBefore);

    // The other person's records are as they were.
    expect(await stack.admin(`/api/collections/quotes/records/${bruno.quote}`)).toMatchObject({
      senderName: BRUNO.name,
      senderEmail: BRUNO.email,
      senderDocument: BRUNO.cpf,
      anonymizedAt: '',
      erasedBy: '',
    });
    const brunoShipment = await stack.admin(`/api/collections/tracking/records/${bruno.shipment}`);
    expect(brunoShipment).toMatchObject({
      recipientName: BRUNO.name,
      receiverCpf: '11144477735',
      erasedBy: '',
      deliveryPhoto: brunoBefore.shipment.deliveryPhoto,
    });
    expect(await fileStatus(bruno.shipment, brunoShipment.deliveryPhoto)).toBe(200);
    expect(await followsOf(BRUNO.email)).toHaveLength(1);
    const brunoMails = await stack.admin(
      `/api/collections/mail_queue/records?filter=${encodeURIComponent(`record="${bruno.quote}"`)}`,
    );
    expect(brunoMails.totalItems).toBe(brunoBefore.mails);
    expect(brunoBefore.mails).toBeGreaterThan(0);
  });

  it('a second export finds nothing, also with the server stopped', async () => {
    await stack.stopServer();
    try {
      for (const subject of [ANA.email, ANA.cpf]) {
        const found = exportOf(subject);
        expect(found.total, JSON.stringify(found)).toBe(0);
      }
      const again = lgpd('apagar', ANA.email, '--por', 'Encarregada LGPD');
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toContain('Nenhum registro');
    } finally {
      await stack.startServer();
    }
  });
});
