/// <reference path="../../server/pocketbase.d.ts" />
// API keys of client companies (server/api/keys.ts): a company's administrator makes and revokes
// them through routes, never through the collection's own API, so every rule is null. A key is
// answered once, when made; only its SHA-256 (`hash`, hidden) and the first characters to
// recognise it (`shown`) are kept. Revoked keys stay, with who revoked them and when, so a
// company can tell which system did what.

migrate(
  (app) => {
    const keys = new Collection({
      type: 'base',
      name: 'api_keys',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'company', type: 'text', required: true, max: 15 },
        { name: 'name', type: 'text', required: true, max: 60 },
        { name: 'shown', type: 'text', required: true, max: 20 },
        { name: 'hash', type: 'text', required: true, max: 64, hidden: true },
        { name: 'createdBy', type: 'text', max: 200 },
        { name: 'createdByAccount', type: 'text', max: 15 },
        // Stamped at most once a minute (a write per request would cost every request).
        { name: 'lastUsedAt', type: 'date' },
        { name: 'revokedAt', type: 'date' },
        { name: 'revokedBy', type: 'text', max: 200 },
        { name: 'created', type: 'autodate', onCreate: true },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        // Every request finds its key by the hash of what it sent.
        'CREATE UNIQUE INDEX idx_api_keys_hash ON api_keys (hash)',
        'CREATE INDEX idx_api_keys_company ON api_keys (company, created)',
      ],
    });
    app.save(keys);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('api_keys'));
  },
);
