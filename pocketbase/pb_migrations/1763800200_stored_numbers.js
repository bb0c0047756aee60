/// <reference path="../../server/pocketbase.d.ts" />
// Numbers are stored as numbers, under names that say their unit (src/domain/fields.ts storedName):
// money as whole cents in `<name>Cents`, weights in `<name>Kg`, dimensions in `<name>Cm`. Until now
// money and the pickup request's measures were kept as the text a person typed ('1234,56') and
// every reader parsed it again. Existing rows are converted.

/** Old stored text to cents: comma decimals, with or without thousands dots ('1.234,56', '99,9'). */
function textToCents(text) {
  const cleaned = String(text || '').replace(/[^0-9,.]/g, '');
  if (!cleaned) return 0;
  const normalized =
    cleaned.indexOf(',') >= 0 ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  const n = Number(normalized);
  return isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
}

function textToNumber(text) {
  const n = Number(String(text || '').replace(',', '.'));
  return isFinite(n) && n > 0 ? n : 0;
}

function centsToText(cents) {
  return cents > 0 ? (cents / 100).toFixed(2).replace('.', ',') : '';
}

const MEASURES = { weight: 'weightKg', width: 'widthCm', length: 'lengthCm', height: 'heightCm' };

const CHANGES = {
  quotes: {
    renamed: MEASURES,
    added: ['invoiceValueCents', 'insuranceCents', 'priceCents'],
    removed: { invoiceValue: 30, insuranceFee: 30, price: 30 },
    up: (old) => ({
      invoiceValueCents: textToCents(old.invoiceValue),
      insuranceCents: textToCents(old.insuranceFee),
      priceCents: old.price === 'Consultar' ? 0 : textToCents(old.price),
    }),
    down: (row) => ({
      invoiceValue: centsToText(row.invoiceValueCents),
      insuranceFee: centsToText(row.insuranceCents) || '0,00',
      price: row.priceCents > 0 ? centsToText(row.priceCents) : 'Consultar',
    }),
  },
  urgent_requests: {
    renamed: MEASURES,
    added: ['invoiceValueCents'],
    removed: { invoiceValue: 30 },
    up: (old) => ({ invoiceValueCents: textToCents(old.invoiceValue) }),
    down: (row) => ({ invoiceValue: centsToText(row.invoiceValueCents) }),
  },
  pickup_requests: {
    renamed: {},
    added: ['pesoKg', 'alturaCm', 'comprimentoCm', 'larguraCm', 'valorNFCents'],
    removed: { peso: 20, altura: 20, comprimento: 20, largura: 20, valorNF: 20 },
    up: (old) => ({
      pesoKg: textToNumber(old.peso),
      alturaCm: textToNumber(old.altura),
      comprimentoCm: textToNumber(old.comprimento),
      larguraCm: textToNumber(old.largura),
      valorNFCents: textToCents(old.valorNF),
    }),
    down: (row) => ({
      peso: String(row.pesoKg).replace('.', ','),
      altura: String(row.alturaCm).replace('.', ','),
      comprimento: String(row.comprimentoCm).replace('.', ','),
      largura: String(row.larguraCm).replace('.', ','),
      valorNF: centsToText(row.valorNFCents),
    }),
  },
};

/** Read the named fields of every row, change the collection, write the converted values back. */
function convert(app, name, readNames, change, write) {
  const snapshot = app.findAllRecords(name).map((record) => {
    const values = { id: record.id };
    for (const field of readNames) values[field] = record.get(field);
    return values;
  });
  const collection = app.findCollectionByNameOrId(name);
  change(collection);
  app.save(collection);
  for (const values of snapshot) {
    const record = app.findRecordById(name, values.id);
    const converted = write(values);
    for (const field in converted) record.set(field, converted[field]);
    app.unsafeWithoutHooks().saveNoValidate(record);
  }
}

/** Up: text to numbers; down: numbers back to text. */
function apply(app, up) {
  for (const name in CHANGES) {
    const c = CHANGES[name];
    convert(
      app,
      name,
      up ? Object.keys(c.removed) : c.added,
      (collection) => {
        for (const from in c.renamed) {
          collection.fields.getByName(up ? from : c.renamed[from]).name = up
            ? c.renamed[from]
            : from;
        }
        if (up) {
          for (const field in c.removed) collection.fields.removeByName(field);
          for (const field of c.added) {
            collection.fields.add(new NumberField({ name: field, min: 0 }));
            if (field.endsWith('Cents')) collection.fields.getByName(field).onlyInt = true;
          }
        } else {
          for (const field of c.added) collection.fields.removeByName(field);
          for (const field in c.removed) {
            collection.fields.add(new TextField({ name: field, max: c.removed[field] }));
          }
        }
      },
      up ? c.up : c.down,
    );
  }
}

migrate(
  (app) => apply(app, true),
  (app) => apply(app, false),
);
