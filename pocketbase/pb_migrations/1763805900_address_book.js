/// <reference path="../../server/pocketbase.d.ts" />
// A client company's address book (server/clients/address-book.ts, src/domain/address-book.ts):
// the places its pickups go to or come from, saved from the pickup form and offered as its people
// type. The company's people read it; only the server's routes write it (each entry checked by
// the pickup form's rules, its company set from the caller's account).

const CLIENT =
  '@request.auth.collectionName = "clients" && @request.auth.disabled = false && ' +
  '@request.auth.company.disabled = false';
const OWN_COMPANY = CLIENT + ' && company = @request.auth.company';

migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'address_book',
        listRule: OWN_COMPANY,
        viewRule: OWN_COMPANY,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'company', type: 'text', required: true, max: 15 },
          { name: 'empresa', type: 'text', max: 200 },
          { name: 'contato', type: 'text', max: 200 },
          { name: 'telefone', type: 'text', max: 30 },
          { name: 'email', type: 'text', max: 254 },
          { name: 'endereco', type: 'text', max: 300 },
          { name: 'cidade', type: 'text', max: 200 },
          { name: 'estado', type: 'text', max: 2 },
          { name: 'savedBy', type: 'text', max: 120 },
          { name: 'created', type: 'autodate', onCreate: true },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: ['CREATE INDEX idx_address_book_company ON address_book (company, updated)'],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('address_book'));
  },
);
