/// <reference path="../../server/pocketbase.d.ts" />
// Collections, indexes and API rules. Visitors never list anything: they create quotes and urgent
// requests; the corporate client creates pickup requests; courier staff read and manage everything.

const STAFF = '@request.auth.collectionName = "staff"';
const CLIENT = '@request.auth.collectionName = "clients"';

function text(name, required, max) {
  return { name, type: 'text', required: !!required, max: max || 200 };
}

function mailFields() {
  return [
    { name: 'mailStatus', type: 'select', values: ['pending', 'sent', 'failed'], maxSelect: 1 },
    { name: 'mailAttempts', type: 'number', onlyInt: true, min: 0 },
    { name: 'mailError', type: 'text', max: 2000 },
    { name: 'mailSentAt', type: 'date' },
    { name: 'mailNextAt', type: 'date' },
  ].map((f) => Object.assign(f, { hidden: true }));
}

function dates() {
  return [
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ];
}

function party(prefix) {
  return [
    { name: prefix + 'DocumentType', type: 'select', values: ['cpf', 'cnpj'], maxSelect: 1 },
    text(prefix + 'Document', false, 18),
    text(prefix + 'Name'),
    text(prefix + 'Address', false, 300),
    text(prefix + 'Zip', false, 9),
    text(prefix + 'Phone', false, 15),
    text(prefix + 'City'),
  ];
}

function dimensions() {
  return ['weight', 'width', 'length', 'height'].map((name) => ({ name, type: 'number', min: 0 }));
}

function authCollection(name) {
  return {
    type: 'auth',
    name,
    listRule: 'id = @request.auth.id',
    viewRule: 'id = @request.auth.id',
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [text('name')],
  };
}

// Mail state is for the server and superusers only: hidden from every API answer to others.
// Required-ness and formats are checked by the hooks with the shared domain rules, so that every
// message is the Portuguese text the forms show; the fields here bound types and lengths.
const definitions = [
  {
    type: 'base',
    name: 'tracking',
    listRule: STAFF,
    viewRule: STAFF,
    createRule: STAFF,
    updateRule: STAFF,
    deleteRule: STAFF,
    fields: [
      { name: 'number', type: 'text', required: true, max: 32, pattern: '^[0-9]+$' },
      { name: 'stages', type: 'select', values: ['1', '2', '3', '4'], maxSelect: 4 },
      { name: 'stage1At', type: 'date' },
      { name: 'stage2At', type: 'date' },
      { name: 'stage3At', type: 'date' },
      { name: 'stage4At', type: 'date' },
    ].concat(dates()),
    indexes: [
      'CREATE UNIQUE INDEX idx_tracking_number ON tracking (number)',
      'CREATE INDEX idx_tracking_created ON tracking (created)',
    ],
  },
  {
    type: 'base',
    name: 'quotes',
    listRule: STAFF,
    viewRule: STAFF,
    createRule: '',
    updateRule: STAFF,
    deleteRule: STAFF,
    fields: [
      { name: 'pickupLocation', type: 'text', max: 60 },
      { name: 'deliveryLocation', type: 'text', max: 60 },
      { name: 'parcelType', type: 'select', values: ['documento', 'encomenda'], maxSelect: 1 },
    ]
      .concat(dimensions())
      .concat([
        text('invoiceNumber', false, 60),
        text('invoiceValue', false, 30),
        { name: 'insuranceFee', type: 'text', max: 30 },
        { name: 'price', type: 'text', max: 30 },
      ])
      .concat(party('sender'))
      .concat([{ name: 'senderEmail', type: 'text', max: 254 }])
      .concat(party('recipient'))
      .concat([text('recipientReceiver'), text('itemDescription', false, 2000)])
      .concat(mailFields())
      .concat(dates()),
    indexes: ['CREATE INDEX idx_quotes_mail ON quotes (mailStatus, mailNextAt)'],
  },
  {
    type: 'base',
    name: 'urgent_requests',
    listRule: STAFF,
    viewRule: STAFF,
    createRule: '',
    updateRule: STAFF,
    deleteRule: STAFF,
    fields: party('sender')
      .concat([
        { name: 'senderEmail', type: 'text', max: 254 },
        text('invoiceNumber', false, 60),
        text('invoiceValue', false, 30),
      ])
      .concat(party('recipient'))
      .concat([text('recipientReceiver'), text('itemDescription', false, 2000)])
      .concat(dimensions())
      .concat(mailFields())
      .concat(dates()),
    indexes: ['CREATE INDEX idx_urgent_mail ON urgent_requests (mailStatus, mailNextAt)'],
  },
  {
    type: 'base',
    name: 'pickup_requests',
    listRule: STAFF,
    viewRule: STAFF,
    createRule: CLIENT,
    updateRule: STAFF,
    deleteRule: STAFF,
    fields: [
      { name: 'number', type: 'number', onlyInt: true, min: 1035 },
      text('solicitadaPor'),
      { name: 'tipoEntrega', type: 'text', max: 40 },
      text('outroTipoEntrega', false, 1000),
      { name: 'saiLocalColeta', type: 'text', max: 3 },
      text('empresa'),
      text('contato'),
      text('telefone', false, 30),
      { name: 'email', type: 'text', max: 254 },
      text('endereco', false, 300),
      text('cidade'),
      { name: 'estado', type: 'text', max: 2 },
      text('peso', false, 20),
      text('altura', false, 20),
      text('comprimento', false, 20),
      text('largura', false, 20),
      text('valorNF', false, 20),
    ]
      .concat(mailFields())
      .concat(dates()),
    indexes: [
      'CREATE UNIQUE INDEX idx_pickup_number ON pickup_requests (number)',
      'CREATE INDEX idx_pickup_mail ON pickup_requests (mailStatus, mailNextAt)',
    ],
  },
  // Courier staff, and the corporate client's account behind 'Acesso Restrito': each sees only itself.
  authCollection('staff'),
  authCollection('clients'),
];

migrate(
  (app) => {
    for (const def of definitions) {
      app.save(new Collection(def));
    }
  },
  (app) => {
    for (const def of definitions.slice().reverse()) {
      app.delete(app.findCollectionByNameOrId(def.name));
    }
  },
);
