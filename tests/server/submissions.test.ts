import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPayload, quotePayload, urgentPayload } from '../support/payloads';
import { call, CLIENT, COMPANY_MAILBOX, signIn, startStack, type Stack } from '../support/stack';

let stack: Stack;
let clientToken: string;

beforeAll(async () => {
  // Fifty creates at once from one address: the create rate limit is for people, not this test.
  stack = await startStack({ PB_RATE_LIMITS: 'off' });
  clientToken = await signIn(stack.url, 'clients', CLIENT);
});
afterAll(() => stack?.stop());

const clientId = () => Math.random().toString(36).slice(2).padEnd(15, '0').slice(0, 15);

describe('e-mails', () => {
  it('a quote goes to the company mailbox with the sender as reply-to and the key facts', async () => {
    const res = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({ itemDescription: '<script>alert("x")</script>' }),
    });
    expect(res.status).toBe(200);
    const [mail] = await stack.sink.waitFor((m) => /^Cotação nº \d{6} — /.test(m.subject ?? ''));
    expect(mail!.to).toMatchObject({ text: COMPANY_MAILBOX });
    expect(mail!.replyTo?.text).toBe('maria@cliente.example');
    const html = String(mail!.html);
    for (const fact of [
      'Maria Souza',
      '529.982.247-25',
      'São Paulo - SP',
      'Goiânia - GO',
      'Oficina Central Ltda',
      '2,50 kg',
    ]) {
      expect(html).toContain(fact);
    }
    // Cubagem 40×30×20/6000 = 4 kg beats 2,5 kg: tier 4 (R$ 109,50) plus 1% of R$ 1.500,00, priced by the server.
    expect(html).toContain('R$ 15,00');
    expect(html).toContain('R$ 124,50');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('an urgent request names urgent delivery and carries sender, recipient, item and parcel', async () => {
    await call(stack.url, '/api/collections/urgent_requests/records', {
      method: 'POST',
      body: urgentPayload(),
    });
    const [mail] = await stack.sink.waitFor((m) => /^Entrega urgente nº/.test(m.subject ?? ''));
    expect(mail!.subject).toMatch(/^Entrega urgente nº \d{6} — Laboratório Vida$/);
    expect(mail!.replyTo?.text).toBe('lab@vida.example');
    const html = String(mail!.html);
    for (const fact of [
      '12.ABC.345/01DE-35',
      'João Lima',
      'Portaria',
      'Curitiba',
      'Amostras refrigeradas',
      '4,00 kg',
      '30,0 × 20,0 × 25,0 cm',
    ]) {
      expect(html).toContain(fact);
    }
  });

  it('a pickup request has the number and requester in the subject and lists what the company needs to collect it', async () => {
    const res = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: clientToken,
      body: pickupPayload({
        tipoEntrega: 'Outros',
        outroTipoEntrega: 'Caixa de lacres',
        saiLocalColeta: 'não',
      }),
    });
    const number = res.body.number;
    const [mail] = await stack.sink.waitFor(
      (m) => m.subject === `Formulário de Solicitação ${number} - Carla Mendes`,
    );
    expect(mail!.replyTo?.text).toBe('carla@cliente.example');
    const html = String(mail!.html);
    for (const fact of [
      'Outros: Caixa de lacres',
      'Não',
      'Laboratório Análise',
      'Pedro',
      '(64) 3431-0000',
      'Itumbiara - GO',
      '3,50 kg',
      '40,0 × 30,0 × 20,0 cm',
      'R$ 1.234,56',
      '11.222.333/0001-81',
    ]) {
      expect(html).toContain(fact);
    }
  });
});

describe('request numbers', () => {
  it('50 concurrent pickup requests get 50 distinct consecutive numbers', async () => {
    const before = await stack.admin(
      '/api/collections/pickup_requests/records?sort=-number&perPage=1',
    );
    const start = before.items[0]?.number ?? 1034;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(stack.url, '/api/collections/pickup_requests/records', {
          method: 'POST',
          token: clientToken,
          body: pickupPayload({ solicitadaPor: `Pessoa ${i}` }),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const numbers = results.map((r) => r.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => start + 1 + i));
  });

  it('never repeat, also after the newest request is deleted', async () => {
    const create = () =>
      call(stack.url, '/api/collections/pickup_requests/records', {
        method: 'POST',
        token: clientToken,
        body: pickupPayload(),
      });
    const newest = await create();
    await stack.admin(`/api/collections/pickup_requests/records/${newest.body.id}`, {
      method: 'DELETE',
    });
    const next = await create();
    expect(next.body.number).toBe(newest.body.number + 1);
  });

  it('start at 1035 on an empty server', async () => {
    const fresh = await startStack();
    try {
      const token = await signIn(fresh.url, 'clients', CLIENT);
      const res = await call(fresh.url, '/api/collections/pickup_requests/records', {
        method: 'POST',
        token,
        body: pickupPayload(),
      });
      expect(res.body.number).toBe(1035);
    } finally {
      await fresh.stop();
    }
  });
});

describe('protocol numbers of quotes and urgent requests', () => {
  it('each gets a six-digit number, not one after another, told on screen and in both e-mails', async () => {
    const numbers: number[] = [];
    for (const [path, payload] of [
      [
        'quotes',
        quotePayload({ senderName: 'Ana Protocolo', senderEmail: 'ana.protocolo@x.example' }),
      ],
      [
        'urgent_requests',
        urgentPayload({ senderName: 'Bia Protocolo', senderEmail: 'bia.protocolo@x.example' }),
      ],
      [
        'quotes',
        quotePayload({ senderName: 'Caio Protocolo', senderEmail: 'caio.protocolo@x.example' }),
      ],
    ] as const) {
      const res = await call(stack.url, `/api/collections/${path}/records`, {
        method: 'POST',
        body: payload,
      });
      expect(res.status).toBe(200);
      expect(String(res.body.number)).toMatch(/^[1-9]\d{5}$/);
      numbers.push(res.body.number);
      // A retry of the same id is answered with the same number.
      const again = await call(stack.url, `/api/collections/${path}/records`, {
        method: 'POST',
        body: { ...payload, id: res.body.id },
      });
      expect(again.body.number).toBe(res.body.number);
    }
    expect(new Set(numbers).size).toBe(3);
    const [toCompany] = await stack.sink.waitFor(
      (m) => m.subject === `Cotação nº ${numbers[0]} — Ana Protocolo`,
    );
    expect(JSON.stringify(toCompany!.to)).toContain(COMPANY_MAILBOX);
    await stack.sink.waitFor(
      (m) => m.subject === `Entrega urgente nº ${numbers[1]} — Bia Protocolo`,
    );
    const [receipt] = await stack.sink.waitFor((m) =>
      JSON.stringify(m.to).includes('caio.protocolo@x.example'),
    );
    expect(receipt!.subject).toContain(`nº ${numbers[2]}`);
    expect(String(receipt!.html)).toContain('informe este número');
  });
});

describe('idempotent creates', () => {
  it('an id not of the shape devices give is refused in Portuguese, and nothing is stored', async () => {
    for (const id of ['curto', 'ABCDEFGHIJKLMNO', '../../../etc/x', 'a'.repeat(40), 42]) {
      const res = await call(stack.url, '/api/collections/quotes/records', {
        method: 'POST',
        body: quotePayload({ id, senderName: 'Cliente Id Estranho' }),
      });
      expect(res.status, String(id)).toBe(400);
      expect(res.body.data.id.message).toBe('Identificador inválido.');
    }
    const stored = await stack.admin(
      `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="Cliente Id Estranho"`)}`,
    );
    expect(stored.totalItems).toBe(0);
  });

  it('the same client id twice leaves one record and one e-mail', async () => {
    const id = clientId();
    // An address of its own: maria@ has had her confirmations for the day in this file.
    const body = quotePayload({
      id,
      senderName: 'Cliente Repetido',
      senderEmail: 'repetido@cliente.example',
    });
    const first = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body,
    });
    const second = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body,
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(id);
    const stored = await stack.admin(
      `/api/collections/quotes/records?filter=${encodeURIComponent(`senderName="Cliente Repetido"`)}`,
    );
    expect(stored.totalItems).toBe(1);
    await stack.sink.waitFor((m) => String(m.html).includes('Cliente Repetido'), 2);
    await new Promise((r) => setTimeout(r, 500));
    // One to the company, one confirmation to the sender: not two of each.
    expect(
      stack.sink.messages.filter((m) => String(m.html).includes('Cliente Repetido')),
    ).toHaveLength(2);
  });

  it('a repeated pickup request answers with the number it already has', async () => {
    const id = clientId();
    const body = pickupPayload({ id });
    const first = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: clientToken,
      body,
    });
    const again = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: clientToken,
      body,
    });
    expect(again.body.number).toBe(first.body.number);
  });

  it('a retry is answered with the first receipt even if its copy would fail the checks now', async () => {
    const body = quotePayload({ id: clientId(), senderName: 'Cliente Reenvio' });
    const first = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body,
    });
    expect(first.status).toBe(200);
    // The same id sent again with a field the checks refuse (a phone cut short on the way).
    const again = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: { ...body, senderPhone: '(11) 9' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});

describe('bad input', () => {
  const kinds = [
    { name: 'quotes', payload: quotePayload, token: () => undefined },
    { name: 'urgent_requests', payload: urgentPayload, token: () => undefined },
    { name: 'pickup_requests', payload: pickupPayload, token: () => clientToken },
  ];

  for (const kind of kinds) {
    it(`${kind.name}: every required field left empty is named, in Portuguese, and nothing is stored`, async () => {
      const before = (await stack.admin(`/api/collections/${kind.name}/records?perPage=1`))
        .totalItems;
      const sample = kind.payload() as Record<string, unknown>;
      const optional = new Set([
        'invoiceNumber',
        'invoiceValue',
        'itemDescription',
        'senderCity',
        'recipientCity',
        'recipientReceiver',
        'outroTipoEntrega',
        'parcelType',
        'saiLocalColeta',
      ]);
      if (kind.name === 'urgent_requests')
        ['itemDescription', 'senderCity', 'recipientCity', 'recipientReceiver'].forEach((f) =>
          optional.delete(f),
        );
      for (const field of Object.keys(sample)) {
        const res = await call(stack.url, `/api/collections/${kind.name}/records`, {
          method: 'POST',
          token: kind.token(),
          body: { ...sample, [field]: '' },
        });
        if (optional.has(field)) {
          expect(res.status, field).toBe(200);
        } else {
          expect(res.status, field).toBe(400);
          expect(Object.keys(res.body.data), field).toEqual([field]);
          expect(res.body.data[field].message, field).toMatch(/obrigatóri|inválido|Selecione/);
        }
      }
      const after = (await stack.admin(`/api/collections/${kind.name}/records?perPage=1`))
        .totalItems;
      expect(after - before).toBe(
        optional.size - [...optional].filter((f) => !(f in sample)).length,
      );
    });
  }

  it("uses the pickup form's own texts", async () => {
    const res = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: clientToken,
      body: { saiLocalColeta: 'sim' },
    });
    const messages = Object.fromEntries(
      Object.entries(res.body.data).map(([k, v]) => [k, (v as { message: string }).message]),
    );
    expect(messages).toMatchObject({
      solicitadaPor: 'Nome é obrigatório.',
      tipoEntrega: 'Selecione o tipo de entrega.',
      empresa: 'Empresa é obrigatória.',
      email: 'Email inválido.',
      estado: 'Estado é obrigatório.',
      valorNF: 'Valor da nota fiscal é obrigatório.',
    });
  });

  it.each([
    ['quotes', quotePayload({ parcelType: 'caixa' }), 'parcelType'],
    ['quotes', quotePayload({ pickupLocation: 'Manaus - AM' }), 'pickupLocation'],
    ['quotes', quotePayload({ senderDocumentType: 'rg' }), 'senderDocumentType'],
    ['quotes', quotePayload({ senderDocument: '529.982.247-24' }), 'senderDocument'],
    ['quotes', quotePayload({ senderEmail: 'sem-arroba' }), 'senderEmail'],
    ['quotes', quotePayload({ senderName: 'x'.repeat(201) }), 'senderName'],
    ['quotes', quotePayload({ weight: -1 }), 'weight'],
    [
      'urgent_requests',
      urgentPayload({ recipientDocument: '12.ABC.345/01DE-99' }),
      'recipientDocument',
    ],
    ['urgent_requests', urgentPayload({ itemDescription: 'y'.repeat(2001) }), 'itemDescription'],
  ])('%s with a bad %s is refused', async (collection, body, field) => {
    const res = await call(stack.url, `/api/collections/${collection}/records`, {
      method: 'POST',
      body,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual([field]);
  });

  it.each([
    [{ weight: 1e308 }, 'weight', 'Use no máximo 1.000 kg'],
    [{ weight: '1e308' }, 'weight', 'Informe um número maior que zero'],
    [{ height: '99999' }, 'height', 'Use no máximo 500 cm'],
    [{ invoiceValue: '-100' }, 'invoiceValue', 'Informe um valor em reais, como 1.234,56'],
    [{ invoiceValue: '99.999.999,00' }, 'invoiceValue', 'Use no máximo R$ 10.000.000,00'],
    [{ senderZip: '1' }, 'senderZip', 'CEP inválido'],
    [{ senderPhone: '11' }, 'senderPhone', 'Telefone inválido'],
  ])('a quote with %j is refused with a Portuguese message', async (change, field, message) => {
    const res = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload(change),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual([field]);
    expect(res.body.data[field].message).toBe(`${message}.`);
  });

  it('stores text without control or direction-changing characters, and weights past the table as Consultar', async () => {
    const res = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload({
        senderName: 'Ana\u0000 \u202eSouza\r\n',
        itemDescription: 'linha 1\r\nlinha 2\u0007',
        weight: '45,5',
      }),
    });
    expect(res.status).toBe(200);
    const stored = await stack.admin(`/api/collections/quotes/records/${res.body.id}`);
    expect(stored.senderName).toBe('Ana Souza');
    expect(stored.itemDescription).toBe('linha 1\nlinha 2');
    expect(stored.weightKg).toBe(45.5);
    expect(stored.priceCents).toBe(0); // 'Consultar': above the price table
    const [mail] = await stack.sink.waitFor(
      (m) => /^Cotação nº \d{6} — /.test(m.subject ?? '') && String(m.html).includes('Ana Souza'),
    );
    expect(String(mail!.html)).toContain('Consultar');
  });

  it.each([
    [{ tipoEntrega: 'Frutas' }, 'tipoEntrega'],
    [{ saiLocalColeta: 'talvez' }, 'saiLocalColeta'],
    [{ estado: 'XX' }, 'estado'],
    [{ email: 'carla@' }, 'email'],
  ])('a pickup request with %j is refused', async (change, field) => {
    const res = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      token: clientToken,
      body: pickupPayload(change),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual([field]);
  });
});
