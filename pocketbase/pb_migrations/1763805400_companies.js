/// <reference path="../../server/pocketbase.d.ts" />
// Many client companies. A company (`companies`) has a name, a CNPJ, a state registration and the
// fixed site its pickups leave from; the office adds, edits and disables them through its routes
// (server/clients/companies.ts), never through the collection's own writes. A company's people
// are `clients` accounts that belong to it (`company`): the shared password account it had
// ('compartilhada'), its administrators and the people they invite. Disabled (the account or its
// company): every session ends and every rule refuses it.
//
// Pickup requests and shipments carry their company (`company`, set by the server), and a client
// account reads the pickups of its own company, whoever of its people made them; `requestedBy`
// names the person (or the shared password) that made each one. The first company is the one the
// configuration names (pb_hooks/lib/company.json): the shared account there was and every pickup it
// made become its.

/** Kept in step with FIRST_COMPANY_ID in src/domain/companies.ts (a migration cannot import it). */
const FIRST_COMPANY_ID = 'clienteempresa1';

const ACTIVE = '@request.auth.collectionName = "staff" && @request.auth.disabled = false';
const OFFICE = ACTIVE + ' && @request.auth.role != "motorista"';
const CLIENT =
  '@request.auth.collectionName = "clients" && @request.auth.disabled = false && ' +
  '@request.auth.company.disabled = false';
const OWN_COMPANY_PICKUPS =
  '(' + OFFICE + ') || (' + CLIENT + ' && company = @request.auth.company)';
/** A company's administrator reads its people's accounts; the office reads every one. */
const CLIENT_ACCOUNTS =
  'id = @request.auth.id || (' +
  OFFICE +
  ') || (' +
  CLIENT +
  ' && @request.auth.kind = "administrador" && company = @request.auth.company)';

/** The purposes the queue accepts, as a plain array (the field holds a Go slice). */
function purposes(queue) {
  const values = queue.fields.getByName('purpose').values;
  const out = [];
  for (let i = 0; i < values.length; i++) out.push(values[i]);
  return out;
}

const OLD_OWN_PICKUPS =
  '(' + OFFICE + ') || (@request.auth.collectionName = "clients" && client = @request.auth.id)';

migrate(
  (app) => {
    const companies = new Collection({
      type: 'base',
      name: 'companies',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'name', type: 'text', required: true, max: 120 },
        { name: 'taxId', type: 'text', required: true, max: 18 },
        { name: 'stateRegistration', type: 'text', max: 20 },
        { name: 'street', type: 'text', max: 160 },
        { name: 'town', type: 'text', max: 80 },
        { name: 'disabled', type: 'bool' },
        { name: 'disabledAt', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_companies_tax_id ON companies (taxId)'],
    });
    app.save(companies);
    companies.listRule = '(' + OFFICE + ') || (' + CLIENT + ' && id = @request.auth.company)';
    companies.viewRule = companies.listRule;
    app.save(companies);

    const clients = app.findCollectionByNameOrId('clients');
    clients.fields.add(
      new RelationField({ name: 'company', collectionId: companies.id, maxSelect: 1 }),
    );
    clients.fields.add(
      new SelectField({
        name: 'kind',
        values: ['compartilhada', 'administrador', 'pessoa'],
        maxSelect: 1,
      }),
    );
    clients.fields.add(new BoolField({ name: 'disabled' }));
    clients.listRule = CLIENT_ACCOUNTS;
    clients.viewRule = CLIENT_ACCOUNTS;
    // An invitation's link is a password-reset token: it has to outlast a weekend.
    clients.passwordResetToken.duration = 3 * 24 * 3600;
    app.save(clients);

    const queue = app.findCollectionByNameOrId('mail_queue');
    const values = purposes(queue);
    if (values.indexOf('client-invite') === -1) values.push('client-invite');
    queue.fields.getByName('purpose').values = values;
    app.save(queue);

    const pickups = app.findCollectionByNameOrId('pickup_requests');
    pickups.fields.add(new TextField({ name: 'company', max: 15 }));
    pickups.fields.add(new TextField({ name: 'requestedBy', max: 120 }));
    pickups.listRule = OWN_COMPANY_PICKUPS;
    pickups.viewRule = OWN_COMPANY_PICKUPS;
    pickups.createRule = CLIENT;
    pickups.addIndex('idx_pickup_requests_company', false, 'company, created', '');
    app.save(pickups);

    // The first company, from the configuration; the accounts and pickups there were are its.
    const data = JSON.parse(toString($os.readFile(__hooks + '/lib/company.json'))).client;
    const first = new Record(companies);
    first.set('id', FIRST_COMPANY_ID);
    for (const name of ['name', 'taxId', 'stateRegistration', 'street', 'town']) {
      first.set(name, data[name] || '');
    }
    app.save(first);
    app
      .db()
      .newQuery("UPDATE clients SET company = {:id}, kind = 'compartilhada'")
      .bind({ id: FIRST_COMPANY_ID })
      .execute();
    app
      .db()
      .newQuery("UPDATE pickup_requests SET company = {:id} WHERE client != ''")
      .bind({ id: FIRST_COMPANY_ID })
      .execute();

    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.fields.add(new TextField({ name: 'company', max: 15 }));
    tracking.addIndex('idx_tracking_company', false, 'company', '');
    app.save(tracking);
  },
  (app) => {
    const pickups = app.findCollectionByNameOrId('pickup_requests');
    pickups.removeIndex('idx_pickup_requests_company');
    pickups.fields.removeByName('company');
    pickups.fields.removeByName('requestedBy');
    pickups.listRule = OLD_OWN_PICKUPS;
    pickups.viewRule = OLD_OWN_PICKUPS;
    pickups.createRule = '@request.auth.collectionName = "clients"';
    app.save(pickups);
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.removeIndex('idx_tracking_company');
    tracking.fields.removeByName('company');
    app.save(tracking);
    const clients = app.findCollectionByNameOrId('clients');
    for (const name of ['company', 'kind', 'disabled']) clients.fields.removeByName(name);
    clients.listRule = 'id = @request.auth.id';
    clients.viewRule = 'id = @request.auth.id';
    clients.passwordResetToken.duration = 1800;
    app.save(clients);
    app.db().newQuery("DELETE FROM mail_queue WHERE purpose = 'client-invite'").execute();
    const queue = app.findCollectionByNameOrId('mail_queue');
    queue.fields.getByName('purpose').values = purposes(queue).filter((v) => v !== 'client-invite');
    app.save(queue);
    app.delete(app.findCollectionByNameOrId('companies'));
  },
);
