// Shipment numbers: drawn at random, reserved in blocks per office account, each taken once.
import {
  NOT_RESERVED_MESSAGE,
  RESERVED_NUMBERS_PER_ACCOUNT,
  SHIPMENT_NUMBER_LENGTH,
  shipmentNumberFrom,
} from '../../src/domain/shipment-numbers';
import { stored } from '../core/config';
import { admit } from '../http/roles';

/** One number no account has reserved and no record carries (drawn again on a clash). */
export function drawNumber(app: core.App): string {
  for (;;) {
    const number = shipmentNumberFrom($security.randomStringWithAlphabet(11, '0123456789'));
    if (!number) continue; // a leading 0, or a body whose check digit would be 10
    const taken = new DynamicModel({ n: 0 });
    app
      .db()
      .newQuery(
        'SELECT (SELECT COUNT(*) FROM shipment_numbers WHERE number = {:number}) + ' +
          '(SELECT COUNT(*) FROM tracking WHERE number = {:number}) AS n',
      )
      .bind({ number })
      .one(taken);
    if (taken.n === 0) return number;
  }
}

function unusedOf(app: core.App, account: string): string[] {
  const rows = arrayOf(new DynamicModel({ number: '' }));
  app
    .db()
    .newQuery(
      "SELECT number FROM shipment_numbers WHERE account = {:account} AND usedAt = '' ORDER BY created, number",
    )
    .bind({ account })
    .all(rows);
  return rows.map((row) => row.number as string);
}

/**
 * POST /api/equipe/numeros: the account's unused reserved numbers, topped up to a full block. Asked
 * again, it gives the same numbers (a device that lost its answer loses nothing).
 */
export function answerReservedNumbers(e: core.RequestEvent): void {
  const auth = admit(e, ['office'], 'Só o escritório cria remessas.');
  let numbers: string[] = [];
  e.app.runInTransaction((txApp) => {
    const unused = unusedOf(txApp, auth.id);
    const collection = txApp.findCollectionByNameOrId('shipment_numbers');
    for (let i = unused.length; i < RESERVED_NUMBERS_PER_ACCOUNT; i++) {
      const row = new Record(collection);
      row.set('number', drawNumber(txApp));
      row.set('account', auth.id);
      txApp.save(row);
    }
    numbers = unusedOf(txApp, auth.id);
  });
  e.response.header().set('Cache-Control', 'no-store');
  e.json(200, { numbers });
}

/**
 * A new record under a twelve-digit number takes it from the account's reservation, in the
 * transaction that stores the record; one not reserved (or used) is refused. A CPF or CNPJ (the
 * other numbers a new record may have, checked before) passes untouched.
 */
export function takeReservedNumber(txApp: core.App, number: string, account: string): void {
  if (number.length !== SHIPMENT_NUMBER_LENGTH) return;
  const taken = txApp
    .db()
    .newQuery(
      "UPDATE shipment_numbers SET usedAt = {:now} WHERE number = {:number} AND account = {:account} AND usedAt = ''",
    )
    .bind({ number, account, now: stored() })
    .execute();
  if (taken.rowsAffected() !== 1) {
    throw new BadRequestError('Dados inválidos.', {
      number: new ValidationError('not_reserved', NOT_RESERVED_MESSAGE),
    });
  }
}
