// The bench's 'webhooks' part (scripts/bench.mjs): a hundred client companies, each with a webhook
// to a receiver on this machine and a shipment, on a server of their own.
//
// 1. Latency: the office changes the hundred shipments' stages, paced, for a while; each change's
//    webhook is timed from the change's answer to its arrival at the receiver (p99 ≤ budget).
// 2. Nothing lost while the receiver is down: the retries' clock runs 60 times faster than in
//    production (WEBHOOK_RETRY_BASE_SECONDS 0.5 and WEBHOOK_RETRY_MAX_SECONDS 30 in place of 30 s
//    and 30 minutes), so a minute down here is an hour down there. Every company's shipment changes
//    while the receiver refuses connections; once it is back, every event must arrive, in order per
//    shipment, and the time until the last one is reported.
import { createServer } from 'node:http';

const COMPANIES = 100;
/** Production's retry clock (30 s doubling to 30 min) divided by this. */
const TIME_SCALE = 60;
const DOWN_SECONDS = 3600 / TIME_SCALE;
/** Changes a second during the latency run, and how many rounds over the hundred shipments. */
const CHANGES_PER_SECOND = 50;
/** The latency run's rounds: each sets or clears one stage of every shipment. */
const PLAN = [
  [1, true],
  [2, true],
  [3, true],
  [3, false],
  [3, true],
  [3, false],
];
const key = (number, stage, set) => `${number} ${stage} ${set}`;

/** A valid CNPJ from twelve digits (check digits by mod 11). */
function cnpjFrom(base) {
  const digits = base.split('').map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((s, w, i) => s + w * digits[i], 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

/** A receiver on a free loopback port that notes when each event arrived; `down()`/`up()`. */
class Receiver {
  events = [];
  port = 0;
  server;

  async start(port = 0) {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const at = Date.now();
        try {
          const { type, data } = JSON.parse(body);
          this.events.push({ path: req.url, id: req.headers['webhook-id'], type, data, at });
        } catch {
          // not ours
        }
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      });
    });
    await new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = this.server.address().port;
  }

  async down() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  up() {
    return this.start(this.port);
  }
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * @param {object} deps what the bench lends: `onServerOfItsOwn(label, env, measure)`,
 *   `staffToken(url)`, `companyAdmin(target, company, email)` (its session token), `pickup`
 *   and `shipment` (a pickup's and its shipment's fields), `report(line)`, `absolute`, `check`, `budget` ({ webhookP99Seconds }), `attempt`.
 */
export async function measureWebhooks(deps) {
  const receiver = new Receiver();
  await receiver.start();
  try {
    await deps.onServerOfItsOwn(
      'webhooks',
      {
        WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1',
        WEBHOOK_RETRY_BASE_SECONDS: String(30 / TIME_SCALE),
        WEBHOOK_RETRY_MAX_SECONDS: String(1800 / TIME_SCALE),
        MAIL_BURST_LIMIT: '100000',
      },
      (target) => measure(deps, target, receiver),
    );
  } finally {
    await receiver.down().catch(() => undefined);
  }
}

async function measure(deps, target, receiver) {
  const { report, absolute, check, budget } = deps;
  const url = target.url;
  const office = await deps.staffToken(url);
  const call = async (path, body, token = office) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: token },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  // A hundred companies, each with an administrator, a webhook and a shipment from its pickup.
  const tag = `${Date.now().toString(36)}${deps.attempt}`;
  const shipments = [];
  console.log(`› webhooks: making ${COMPANIES} companies`);
  for (let i = 0; i < COMPANIES; i++) {
    const company = await call('/api/clientes', {
      name: `Empresa Bench ${tag} ${i + 1}`,
      taxId: cnpjFrom(`${String(Date.now()).slice(-6)}${String(i).padStart(2, '0')}0001`),
      street: 'Rua das Flores, 100 - Centro',
      town: 'Goiânia - GO',
    });
    const admin = await deps.companyAdmin(
      target,
      company.id,
      `webhook-${tag}-${i}@empresa.example`,
    );
    const path = `/empresa-${i}`;
    await call('/api/cliente/webhooks', { url: `http://127.0.0.1:${receiver.port}${path}` }, admin);
    const pickupId = `bw${tag}${i}`.padEnd(15, '0').slice(0, 15);
    await call('/api/collections/pickup_requests/records', { ...deps.pickup, id: pickupId }, admin);
    const record = `bx${tag}${i}`.padEnd(15, '0').slice(0, 15);
    const made = await call('/api/equipe/rastreios', {
      op: 'shipment',
      record,
      number: '',
      at: new Date().toISOString(),
      fields: deps.shipment,
      request: `pickup:${pickupId}`,
    });
    shipments.push({ record, number: made.record.number, path });
  }
  // Every sender now (cron starts them at the next whole minute).
  for (let n = 1; n <= 6; n++) await target.admin(`/api/crons/webhooks-${n}`, { method: 'POST' });

  /** Set or clear a stage of every shipment, paced, noting when each change was asked for. */
  const changed = [];
  const round = async (stage, set) => {
    const gap = 1000 / CHANGES_PER_SECOND;
    const started = performance.now();
    await Promise.all(
      shipments.map(async (s, i) => {
        const wait = started + i * gap - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const at = Date.now();
        await call('/api/equipe/rastreios', {
          op: 'stage',
          record: s.record,
          number: s.number,
          stage,
          set,
          at: new Date(at).toISOString(),
        });
        changed.push({ key: key(s.number, stage, set), at });
      }),
    );
  };
  /** Each (shipment, stage, set or cleared)'s first arrival among the receiver's events since `from`. */
  const arrivals = (from) => {
    const first = new Map();
    for (const e of receiver.events.slice(from)) {
      const c = e.data?.changed;
      if (!c) continue;
      const k = key(e.data.number, c.stage, c.set);
      if (!first.has(k)) first.set(k, e.at);
    }
    return first;
  };
  const until = async (done, ms) => {
    for (const end = Date.now() + ms; Date.now() < end && !done();) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  // 1. Latency at CHANGES_PER_SECOND: each round changes every shipment once, and waits for the
  // round's webhooks before the next (a stage set, cleared and set again repeats its event).
  console.log(`› webhooks: ${PLAN.length * COMPANIES} changes at ${CHANGES_PER_SECOND}/s`);
  const latencies = [];
  for (const [stage, set] of PLAN) {
    const from = receiver.events.length;
    const before = changed.length;
    await round(stage, set);
    const mine = changed.slice(before);
    await until(() => {
      const got = arrivals(from);
      return mine.every((m) => got.has(m.key));
    }, 60_000);
    const got = arrivals(from);
    for (const m of mine) {
      const at = got.get(m.key);
      latencies.push(at === undefined ? Infinity : Math.max(0, at - m.at));
    }
  }
  const lost = latencies.filter((l) => l === Infinity).length;
  const p50 = percentile(latencies, 50) / 1000;
  const p99 = percentile(latencies, 99) / 1000;

  // 2. The receiver down for an "hour" (DOWN_SECONDS here): every shipment changes once at its
  // start and once near its end; nothing may be lost, and each shipment's events arrive in order.
  console.log(`› webhooks: receiver down for ${DOWN_SECONDS} s`);
  const downFrom = receiver.events.length;
  await receiver.down();
  const downStarted = Date.now();
  const sleepUntil = (t) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, t - Date.now())));
  await round(2, false);
  await sleepUntil(downStarted + DOWN_SECONDS * 1000 - 10_000);
  await round(2, true);
  await sleepUntil(downStarted + DOWN_SECONDS * 1000);
  await receiver.up();
  const back = Date.now();
  const expected = shipments.flatMap((s) => [key(s.number, 2, false), key(s.number, 2, true)]);
  // The longest wait between retries is 30 s here (30 minutes there), plus the address's pause.
  await until(
    () => {
      const got = arrivals(downFrom);
      return expected.every((k) => got.has(k));
    },
    (3 * 1800_000) / TIME_SCALE,
  );
  const got = arrivals(downFrom);
  const missing = expected.filter((k) => !got.has(k)).length;
  const drained = missing ? NaN : (Math.max(...got.values()) - back) / 1000;
  // In order per shipment: its 'cleared' before its 'set again'.
  const outOfOrder = shipments.filter((s) => {
    const cleared = got.get(key(s.number, 2, false));
    const setAgain = got.get(key(s.number, 2, true));
    return cleared !== undefined && setAgain !== undefined && setAgain < cleared;
  }).length;

  report(`## Webhooks: ${COMPANIES} companies subscribed (a server of its own, loopback)`);
  report('');
  report(
    `- Stage changes made by the office at ${CHANGES_PER_SECOND}/s over ${COMPANIES} companies' shipments (${latencies.length} changes, 6 senders): each webhook at its receiver p50 ${p50.toFixed(2)} s, p99 ${p99.toFixed(2)} s after the change was asked for${lost ? `, ${lost} never arrived` : ''} (budget p99 ≤ ${budget.webhookP99Seconds} s) ${absolute(lost === 0 && p99 <= budget.webhookP99Seconds, `webhook p99 ${p99.toFixed(1)} s`, `${p99.toFixed(2)} s`)}`,
  );
  report(
    `- The receiver down for an hour, at ${TIME_SCALE}× the retries' clock (base ${30 / TIME_SCALE} s, longest wait ${1800 / TIME_SCALE} s in place of 30 s and 30 min; down ${DOWN_SECONDS} s), ${expected.length} events made meanwhile: ${expected.length - missing} delivered, ${missing} lost, ${outOfOrder} out of order; the last arrived ${Number.isNaN(drained) ? '—' : `${drained.toFixed(1)} s`} after it was back (${Number.isNaN(drained) ? '—' : `${((drained * TIME_SCALE) / 60).toFixed(0)} min`} at production's clock) (budget: none lost) ${check(missing === 0 && outOfOrder === 0, `webhooks lost ${missing}, out of order ${outOfOrder}`)}`,
  );
  report('');
}
