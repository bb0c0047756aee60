// 'Extrato': a client company's shipments of one month (Brasília's calendar) with the prices the
// server stored when each was made (server/tracking/shipments.ts). Read with one query of only the
// columns it answers; the `tracking` collection stays closed to clients. The rows, totals and the
// spreadsheet are src/domain/statement.ts's.
import { admit } from '../http/roles';
import { fieldErrors } from '../core/errors';
import { destinationOf } from '../../src/domain/shipments';
import {
  STATEMENT_MESSAGES,
  monthRange,
  type Statement,
  type StatementShipment,
} from '../../src/domain/statement';
import type { PriceRule } from '../../src/domain/pricing';

/** `GET /api/extrato?mes=AAAA-MM` (client): its company's shipments made that month, oldest first. */
export function answerStatement(e: core.RequestEvent): void {
  const auth = admit(e, ['client']);
  const month = String(e.requestInfo().query.mes ?? '');
  const range = monthRange(month);
  if (!range) throw fieldErrors({ mes: STATEMENT_MESSAGES.month }, STATEMENT_MESSAGES.month);
  const companyId = auth.getString('company');
  let company: core.Record;
  try {
    company = e.app.findRecordById('companies', companyId);
  } catch {
    throw new NotFoundError('Cliente não encontrado.');
  }
  const rows = arrayOf(
    new DynamicModel({
      number: '',
      registeredAt: '',
      requestNumber: 0,
      recipientCity: '',
      recipientState: '',
      service: '',
      // -0: floats (weights have decimals).
      weightKg: -0,
      priceRule: '',
      priceChargeableKg: -0,
      priceFreightCents: 0,
      priceInsuranceCents: 0,
      priceCents: 0,
    }),
  );
  e.app
    .db()
    .newQuery(
      "SELECT t.number AS number, COALESCE(NULLIF(t.registeredAt, ''), t.created) AS registeredAt, " +
        'COALESCE(p.number, 0) AS requestNumber, ' +
        "COALESCE(t.recipientCity, '') AS recipientCity, COALESCE(t.recipientState, '') AS recipientState, " +
        "COALESCE(t.service, '') AS service, COALESCE(t.weightKg, 0) AS weightKg, " +
        "COALESCE(t.priceRule, '') AS priceRule, COALESCE(t.priceChargeableKg, 0) AS priceChargeableKg, " +
        'COALESCE(t.priceFreightCents, 0) AS priceFreightCents, ' +
        'COALESCE(t.priceInsuranceCents, 0) AS priceInsuranceCents, ' +
        'COALESCE(t.priceCents, 0) AS priceCents ' +
        'FROM tracking t ' +
        // The request's own id after 'pickup:': its primary key, not a scan of every request.
        "LEFT JOIN pickup_requests p ON t.request LIKE 'pickup:%' AND p.id = substr(t.request, 8) " +
        "WHERE t.company = {:company} AND t.company != '' " +
        'AND t.registeredAt >= {:from} AND t.registeredAt < {:to} ' +
        'ORDER BY t.registeredAt, t.number',
    )
    .bind({ company: companyId, from: range.from, to: range.to })
    .all(rows);
  const shipments: StatementShipment[] = rows.map((row) => ({
    number: String(row.number),
    registeredAt: String(row.registeredAt),
    requestNumber: Number(row.requestNumber) || 0,
    destination: destinationOf(row as { recipientCity: unknown; recipientState: unknown }),
    service: String(row.service),
    weightKg: Number(row.weightKg) || 0,
    priceRule: String(row.priceRule) as PriceRule | '',
    priceChargeableKg: Number(row.priceChargeableKg) || 0,
    priceFreightCents: Number(row.priceFreightCents) || 0,
    priceInsuranceCents: Number(row.priceInsuranceCents) || 0,
    priceCents: Number(row.priceCents) || 0,
  }));
  const answer: Statement = {
    month,
    company: { name: company.getString('name'), taxId: company.getString('taxId') },
    shipments,
  };
  e.response.header().set('Cache-Control', 'private, no-store');
  e.json(200, answer);
}
