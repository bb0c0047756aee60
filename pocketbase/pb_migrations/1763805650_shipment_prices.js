/// <reference path="../../server/pocketbase.d.ts" />
/* global NumberField, SelectField -- PocketBase JSVM classes */
// Each shipment keeps its price as the server worked it out from the price table when it was made
// or when the office changed its weight, size, declared value or service (src/domain/pricing.ts
// `shipmentPrice`, server/tracking/shipments.ts): the total, its freight and insurance, the weight
// charged (the larger of the actual and the volumetric) and how it was set ('tabela', or 'consulta'
// for a price quoted apart). The client company's 'Extrato' reads them; nobody writes them through
// the API.
//
// Shipments made before get theirs now, from the same function (the server's bundle, built before
// every start): their `updated` moves, so every staff device's kept list takes the price at its
// next sync.

const FIELDS = ['priceCents', 'priceFreightCents', 'priceInsuranceCents', 'priceChargeableKg'];

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of FIELDS) {
      tracking.fields.add(new NumberField({ name, onlyInt: name !== 'priceChargeableKg' }));
    }
    tracking.fields.add(
      new SelectField({ name: 'priceRule', values: ['tabela', 'consulta'], maxSelect: 1 }),
    );
    app.save(tracking);

    const { shipmentPrice } = require(`${__hooks}/lib/generated/server.cjs`);
    const rows = arrayOf(
      new DynamicModel({
        id: '',
        // -0: a float, not an integer (weights have decimals).
        weightKg: -0,
        lengthCm: -0,
        widthCm: -0,
        heightCm: -0,
        invoiceValueCents: -0,
        service: '',
      }),
    );
    app
      .db()
      .newQuery(
        'SELECT id, COALESCE(weightKg, 0) AS weightKg, COALESCE(lengthCm, 0) AS lengthCm, ' +
          'COALESCE(widthCm, 0) AS widthCm, COALESCE(heightCm, 0) AS heightCm, ' +
          "COALESCE(invoiceValueCents, 0) AS invoiceValueCents, COALESCE(service, '') AS service " +
          "FROM tracking WHERE COALESCE(recipientName, '') != ''",
      )
      .all(rows);
    const now = new Date().toISOString().replace('T', ' ');
    for (const row of rows) {
      const price = shipmentPrice(row);
      app
        .db()
        .newQuery(
          'UPDATE tracking SET priceRule = {:priceRule}, priceCents = {:priceCents}, ' +
            'priceFreightCents = {:priceFreightCents}, priceInsuranceCents = {:priceInsuranceCents}, ' +
            'priceChargeableKg = {:priceChargeableKg}, updated = {:now} WHERE id = {:id}',
        )
        .bind(Object.assign({ id: row.id, now }, price))
        .execute();
    }
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    for (const name of FIELDS.concat(['priceRule'])) tracking.fields.removeByName(name);
    app.save(tracking);
  },
);
