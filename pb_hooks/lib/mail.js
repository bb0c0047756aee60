// Request e-mails (SPEC.md §7), rendered on the server from the stored record; every value escaped.
const cfg = require(`${__hooks}/lib/config.js`);
const domain = require(`${__hooks}/lib/generated/domain.cjs`);

const COLLECTIONS = ['quotes', 'urgent_requests', 'pickup_requests'];

function esc(value) {
  return String(value === undefined || value === null ? '' : value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function table(title, rows) {
  const body = rows
    .map(
      (r) =>
        '<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">' +
        esc(r[0]) +
        '</th><td style="padding:4px 0">' +
        esc(r[1]) +
        '</td></tr>',
    )
    .join('');
  return (
    '<h2 style="font-size:16px;margin:16px 0 4px">' +
    esc(title) +
    '</h2><table>' +
    body +
    '</table>'
  );
}

function documentLabel(type) {
  return type === 'cnpj' ? 'CNPJ' : 'CPF';
}

function party(r, prefix, title) {
  const rows = [
    ['Nome', r.getString(prefix + 'Name')],
    [documentLabel(r.getString(prefix + 'DocumentType')), r.getString(prefix + 'Document')],
    ['Endereço', r.getString(prefix + 'Address')],
    ['CEP', r.getString(prefix + 'Zip')],
    ['Cidade', r.getString(prefix + 'City')],
    ['Telefone', r.getString(prefix + 'Phone')],
  ];
  if (prefix === 'sender') rows.push(['E-mail', r.getString('senderEmail')]);
  if (prefix === 'recipient') rows.push(['Recebedor', r.getString('recipientReceiver')]);
  return table(title, rows);
}

function kg(r, name) {
  return domain.formatKg(r.getFloat(name));
}

function cm(r) {
  return (
    [r.getFloat('length'), r.getFloat('width'), r.getFloat('height')]
      .map((n) => domain.formatDecimal(n, 1))
      .join(' × ') + ' cm (C × L × A)'
  );
}

function money(text) {
  return text === domain.CONSULTAR ? text : 'R$ ' + text;
}

function page(title, sections) {
  return (
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#111">' +
    '<h1 style="font-size:20px">' +
    esc(title) +
    '</h1>' +
    sections.join('') +
    '<p style="color:#555;font-size:12px;margin-top:24px">' +
    esc(cfg.company.name) +
    '</p></body></html>'
  );
}

/** {subject, replyTo, html} for a stored record. */
function render(r) {
  const name = r.collection().name;
  if (name === 'quotes') {
    return {
      subject: 'Solicitação de Cotação',
      replyTo: r.getString('senderEmail'),
      html: page('Solicitação de Cotação', [
        table('Encomenda', [
          ['Local de retirada', r.getString('pickupLocation')],
          ['Local de entrega', r.getString('deliveryLocation')],
          ['Tipo', r.getString('parcelType') === 'documento' ? 'Documento' : 'Encomenda'],
          ['Peso', kg(r, 'weight')],
          ['Dimensões', cm(r)],
          ['Nota fiscal', r.getString('invoiceNumber')],
          [
            'Valor da nota fiscal',
            r.getString('invoiceValue')
              ? domain.formatCents(domain.declaredValueCents(r.getString('invoiceValue')))
              : '',
          ],
          ['Taxa de seguro da NF (1%)', money(r.getString('insuranceFee'))],
          ['Valor Total', money(r.getString('price'))],
        ]),
        party(r, 'sender', 'Remetente'),
        party(r, 'recipient', 'Destinatário'),
        table('Item', [['Descrição', r.getString('itemDescription')]]),
      ]),
    };
  }
  if (name === 'urgent_requests') {
    return {
      subject: 'Solicitação de Entrega Urgente - ' + r.getString('senderName'),
      replyTo: r.getString('senderEmail'),
      html: page('Solicitação de Entrega Urgente', [
        party(r, 'sender', 'Remetente'),
        table('Nota fiscal', [
          ['Número', r.getString('invoiceNumber')],
          ['Valor', r.getString('invoiceValue')],
        ]),
        party(r, 'recipient', 'Destinatário'),
        table('Volume', [
          ['Peso', kg(r, 'weight')],
          ['Dimensões', cm(r)],
        ]),
        table('Item', [['Descrição', r.getString('itemDescription')]]),
      ]),
    };
  }
  const client = cfg.company.client;
  const tipo = r.getString('tipoEntrega');
  const outro = r.getString('outroTipoEntrega');
  const title = 'Formulário de Solicitação';
  return {
    subject: title + ' ' + r.getInt('number') + ' - ' + r.getString('solicitadaPor'),
    replyTo: r.getString('email'),
    html: page(title + ' nº ' + r.getInt('number'), [
      table('Solicitação', [
        ['Número da solicitação', r.getInt('number')],
        ['Solicitada por', r.getString('solicitadaPor')],
        ['O que vamos entregar', tipo === 'Outros' && outro ? tipo + ': ' + outro : tipo],
        ['Sai do local de coleta fixo', r.getString('saiLocalColeta') === 'não' ? 'Não' : 'Sim'],
      ]),
      table('Local de coleta fixo', [
        ['Empresa', client.name],
        ['CNPJ', client.taxId],
        ['Inscrição estadual', client.stateRegistration],
        ['Endereço', client.street],
        ['Cidade', client.town],
      ]),
      table('Onde será a coleta deste material?', [
        ['Empresa', r.getString('empresa')],
        ['Contato', r.getString('contato')],
        ['Telefone', r.getString('telefone')],
        ['Email', r.getString('email')],
        ['Endereço', r.getString('endereco')],
        ['Cidade', r.getString('cidade') + ' - ' + r.getString('estado')],
      ]),
      table('Peso e Dimensões', [
        ['Peso', r.getString('peso') + ' kg'],
        [
          'Dimensões',
          r.getString('comprimento') +
            ' × ' +
            r.getString('largura') +
            ' × ' +
            r.getString('altura') +
            ' cm (C × L × A)',
        ],
        ['Valor da NF', domain.formatCents(domain.parseBrlToCents(r.getString('valorNF')))],
      ]),
    ]),
  };
}

/** Send one record's e-mail and keep the outcome on the record. Never throws. */
function deliver(app, record) {
  const attempts = record.getInt('mailAttempts') + 1;
  record.set('mailAttempts', attempts);
  try {
    const mail = render(record);
    const headers = {};
    if (mail.replyTo) headers['Reply-To'] = mail.replyTo;
    app.newMailClient().send(
      new MailerMessage({
        from: { address: app.settings().meta.senderAddress, name: app.settings().meta.senderName },
        to: [{ address: cfg.companyMailbox() }],
        subject: mail.subject,
        html: mail.html,
        headers,
      }),
    );
    record.set('mailStatus', 'sent');
    record.set('mailError', '');
    record.set('mailSentAt', new Date().toISOString().replace('T', ' '));
    record.set('mailNextAt', '');
  } catch (err) {
    record.set('mailStatus', 'failed');
    record.set('mailError', String(err).slice(0, 2000));
    if (attempts < cfg.maxMailAttempts()) {
      const delay = cfg.retryBaseSeconds() * Math.pow(2, attempts - 1);
      record.set('mailNextAt', new Date(Date.now() + delay * 1000).toISOString().replace('T', ' '));
    } else {
      record.set('mailNextAt', ''); // given up: stays visible as failed for the staff
    }
  }
  try {
    app.unsafeWithoutHooks().save(record);
  } catch (err) {
    app.logger().error('mail state not saved', 'record', record.id, 'error', String(err));
  }
}

/**
 * Retry every failed e-mail that is due, and any left 'pending' by a server stopped mid-send.
 * Each record is claimed first (attempt counter compare-and-set), so two runs at once — the
 * schedule and a manual run — never send the same mail twice.
 */
function retryFailed(app) {
  const iso = (ms) => new Date(ms).toISOString().replace('T', ' ');
  const now = iso(Date.now());
  const stale = iso(Date.now() - 5 * 60 * 1000);
  for (const name of COLLECTIONS) {
    const due = app.findRecordsByFilter(
      name,
      "(mailStatus = 'failed' && mailNextAt != '' && mailNextAt <= {:now}) || (mailStatus = 'pending' && created <= {:stale})",
      'created',
      100,
      0,
      { now, stale },
    );
    for (const record of due) {
      const claimed = app
        .db()
        .newQuery(
          'UPDATE ' +
            name +
            " SET mailStatus = 'pending', mailAttempts = mailAttempts + 1 WHERE id = {:id} AND mailAttempts = {:attempts}",
        )
        .bind({ id: record.id, attempts: record.getInt('mailAttempts') })
        .execute();
      if (claimed.rowsAffected() === 1) deliver(app, record);
    }
  }
}

module.exports = { render, deliver, retryFailed, esc };
