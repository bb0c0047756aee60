// The rules that keep the site's e-mail from being turned against its readers: which addresses a
// form takes, how typed text appears in an e-mail, which mail server answers end the retries.
import { describe, expect, it } from 'vitest';
import {
  checkField,
  confirmationMail,
  companyMail,
  defang,
  isMailAddress,
  isPermanentRefusal,
  prepareSubmission,
  SUBMISSION_KINDS,
  type FieldRule,
} from '..';

const EMAIL: FieldRule = { name: 'email', label: 'E-mail', kind: 'email', required: true };

describe('an e-mail address, as a mail server takes it', () => {
  it.each([
    'ana@cliente.example',
    'Ana.Lima@Cliente.COM.br',
    'ana+cotacao@gmail.com',
    "o'neil@cliente.example",
    'a_b-c.d@mail-01.empresa.com.br',
    '1234@x1.example',
    "!#$%&'*+/=?^_`{|}~-@x.example",
    `${'a'.repeat(64)}@x.example`,
    `ana@${'a'.repeat(63)}.example`,
    'ana@xn--caf-dma.com.br',
  ])('takes %s', (address) => {
    expect(isMailAddress(address)).toBe(true);
    expect(checkField(EMAIL, address, {})).toBeNull();
  });

  it.each([
    ['<b>a</b>@x.example', 'markup'],
    ['a..b@x.example', 'two dots in a row'],
    ['"<script>x</script>"@x.example', 'a quoted local part'],
    ['"ana lima"@x.example', 'a quoted local part with a space'],
    ['.ana@x.example', 'a leading dot'],
    ['ana.@x.example', 'a trailing dot'],
    ['ana lima@x.example', 'a space'],
    ['ana@x', 'no dot in the domain'],
    ['ana@x.', 'an empty top-level label'],
    ['ana@.x.example', 'an empty label'],
    ['ana@x..example', 'two dots in the domain'],
    ['ana@-x.example', 'a label starting with a hyphen'],
    ['ana@x-.example', 'a label ending with a hyphen'],
    ['ana@x.123', 'digits as top-level label'],
    ['ana@x.e', 'a one-letter top-level label'],
    ['ana@x_y.example', 'an underscore in the domain'],
    ['ana@[127.0.0.1]', 'an address literal'],
    ['ana@x.example (Ana)', 'a comment'],
    ['Ana <ana@x.example>', 'a display name'],
    ['ana@@x.example', 'two @'],
    ['ana@b@x.example', 'an @ in the local part'],
    ['@x.example', 'no local part'],
    ['ana', 'no @'],
    ['ána@x.example', 'a letter outside ASCII'],
    ['ana@cliente.example\nBcc: x@y.example', 'a line break'],
    [`${'a'.repeat(65)}@x.example`, 'a local part over 64 characters'],
    [`ana@${'a'.repeat(64)}.example`, 'a label over 63 characters'],
    [`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example`, 'over 254'],
  ])('refuses %j (%s)', (address) => {
    expect(isMailAddress(address)).toBe(false);
    expect(checkField(EMAIL, address, {})).toBe('Email inválido');
  });

  it('a form trims blanks around an address before checking it', () => {
    expect(checkField(EMAIL, '  ana@cliente.example ', {})).toBeNull();
  });
});

describe('typed text in an e-mail is never a link', () => {
  it.each([
    ['https://phish.example/login', 'hxxps[:]//phish[.]example/login'],
    ['HTTP://Phish.Example', 'hxxp[:]//Phish[.]Example'],
    ['phish.example', 'phish[.]example'],
    ['www.phish.example/pagar?x=1', 'www[.]phish[.]example/pagar?x=1'],
    [
      'Sua conta sera bloqueada, acesse https://phish.example/login.',
      'Sua conta sera bloqueada, acesse hxxps[:]//phish[.]example/login.',
    ],
    ['ftp://arquivos.example/x', 'ftp[:]//arquivos[.]example/x'],
    ['//phish.example', '//phish[.]example'],
    ['https://bank.example@phish.example', 'hxxps[:]//bank[.]example@phish[.]example'],
    ['fale com ana@phish.example', 'fale com ana@phish[.]example'],
    ['http://10.0.0.1/x', 'hxxp[:]//10[.]0[.]0[.]1/x'],
    ['acesse 192.168.0.1 hoje', 'acesse 192[.]168[.]0[.]1 hoje'],
    ['phish。example', 'phish[.]example'],
    ['phish．example', 'phish[.]example'],
    ['pagamento.xn--p1ai', 'pagamento[.]xn--p1ai'],
    ['café.example', 'café[.]example'],
    ['a.b.c.example', 'a[.]b[.]c[.]example'],
    ['..phish.example', '..phish[.]example'],
    ['-phish.example-', '-phish[.]example-'],
    ['fim—phish.example.', 'fim—phish[.]example.'],
  ])('%j → %j', (typed, shown) => expect(defang(typed)).toBe(shown));

  it.each([
    'Maria Souza',
    'Av. Goiás, 500',
    'Rua XV, 10 - apto. 3',
    'R$ 1.234,56',
    '2,50 kg',
    '30,0 × 20,0 × 25,0 cm',
    'NF-778',
    '22/11/2026 14:05',
    'Peças de reposição.\nFrágil.',
    'Amostras refrigeradas (2.5 kg)',
    '',
  ])('leaves %j as it is', (typed) => expect(defang(typed)).toBe(typed));
});

describe('what a mail server answer means', () => {
  it.each([
    ['GoError: 550 Mailbox unavailable', true],
    ['GoError: 501 Error: Bad recipient address syntax', true],
    ['GoError: 553 5.1.3 Invalid address', true],
    ['554 5.7.1 Message rejected', true],
    ['GoError: 450 Mailbox busy, try again later', false],
    ['GoError: 421 Service not available', false],
    ['GoError: dial tcp 127.0.0.1:5501: connect: connection refused', false],
    ['GoError: 535 5.7.8 Authentication failed', false], // our own settings: fixed, then it goes
    ['GoError: EOF', false],
    ['', false],
  ])('%j is permanent: %s', (error, permanent) =>
    expect(isPermanentRefusal(error)).toBe(permanent),
  );
});

describe('a request in its e-mails', () => {
  const def = SUBMISSION_KINDS.quote;
  const PHISH = 'Sua conta sera bloqueada, acesse https://phish.example/login.';
  const stored = {
    senderName: PHISH,
    senderEmail: 'ana@cliente.example',
    pickupLocation: 'São Paulo - SP',
    deliveryLocation: 'Goiânia - GO',
    itemDescription: 'veja phish.example',
    weightKg: 2.5,
    priceCents: 12450,
  };
  const contact = {
    name: 'Rota Veloz',
    phone: '(11) 5555-0100',
    email: 'contato@rotaveloz.example',
    whatsapp: '5511955550100',
  };

  it('greets everyone alike and shows the typed name as data, defanged', () => {
    const mail = confirmationMail(def, stored, contact);
    expect(mail.paragraphs![0]).toBe('Olá!');
    expect(JSON.stringify(mail.paragraphs)).not.toContain('bloqueada');
    expect(mail.sections[0]!.rows[0]).toEqual([
      'Nome informado',
      'Sua conta sera bloqueada, acesse hxxps[:]//phish[.]example/login.',
    ]);
    expect(mail.to).toBe('ana@cliente.example');
    // The company's own contacts are ours: untouched.
    expect(mail.sections[1]!.rows).toContainEqual(['E-mail', 'contato@rotaveloz.example']);
  });

  it("the company's e-mail keeps the sender's address usable and defangs the rest", () => {
    const mail = companyMail(def, stored, {
      name: '',
      taxId: '',
      stateRegistration: '',
      street: '',
      town: '',
    });
    const rows = mail.sections.flatMap((s) => s.rows);
    expect(mail.replyTo).toBe('ana@cliente.example');
    expect(rows).toContainEqual(['E-mail', 'ana@cliente.example']);
    expect(rows).toContainEqual(['Descrição', 'veja phish[.]example']);
    expect(JSON.stringify(mail)).not.toContain('phish.example');
  });
});

describe('weights and sizes have a floor', () => {
  it.each([
    ['quote', 'weight', 1e-320, 'Use no mínimo 0,01 kg'],
    ['quote', 'weight', '0,009', 'Use no mínimo 0,01 kg'],
    ['quote', 'height', '0,05', 'Use no mínimo 0,1 cm'],
    ['urgent', 'width', '0.0000001', 'Use no mínimo 0,1 cm'],
    ['pickup', 'peso', '0,001', 'Use no mínimo 0,01 kg'],
    ['pickup', 'largura', '0,09', 'Use no mínimo 0,1 cm'],
  ] as const)('%s %s %j: %s', (kind, field, value, message) => {
    const rule = SUBMISSION_KINDS[kind].rules.find((r) => r.name === field)!;
    expect(checkField(rule, value, {})).toBe(message);
  });

  it('the smallest allowed parcel is taken and priced', () => {
    const prepared = prepareSubmission(SUBMISSION_KINDS.quote, {
      pickupLocation: 'São Paulo - SP',
      deliveryLocation: 'Goiânia - GO',
      weight: '0,01',
      width: '0,1',
      length: '0,1',
      height: '0,1',
      senderDocumentType: 'cpf',
      senderDocument: '529.982.247-25',
      senderName: 'Maria',
      senderAddress: 'Rua A, 1',
      senderZip: '01305-000',
      senderPhone: '(11) 98765-4321',
      senderEmail: 'maria@cliente.example',
      recipientDocumentType: 'cpf',
      recipientDocument: '111.444.777-35',
      recipientName: 'João',
      recipientAddress: 'Rua B, 2',
      recipientZip: '74000-000',
      recipientPhone: '(62) 3333-4444',
    });
    expect(prepared.ok).toBe(true);
    if (prepared.ok) expect(prepared.record.priceCents).toBeGreaterThan(0);
  });
});
