// An open-loop load: requests leave at an even pace (one every 1/rate s), whatever the server does,
// from at most `connections` kept-alive connections, as that many people using the site at once
// would send them. Each latency counts from the moment its request was due, so a server that
// falls behind shows it in the figures instead of slowing the load down.
//
// Why not autocannon's -R: it gives each connection a quota per second and sends that quota as
// fast as it can when the second starts, so all connections fire together and a paced run is a
// burst every second; its latencies then measure that burst's queue, not the pace.
//
// Run as its own process (the bench's sink must keep answering the server meanwhile):
//   node scripts/lib/open-loop.mjs '{"url": "...", "method": "POST", "body": "...",
//     "headers": {...}, "rate": 500, "connections": 50, "seconds": 10}'
// and it prints {sent, done, non2xx, rate, p50, p90, p99, max, lagP99, lagMax} (ms) as JSON. The
// lags say how late this process took each request up after its due time (a full pool's wait is
// not in them): when they are as large as the latencies' tail, the tail is this process's stall,
// or the host's, not the server's.
import http from 'node:http';

const opts = JSON.parse(process.argv[2]);
const target = new URL(opts.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
const headers = { ...(opts.headers ?? {}) };
if (body) headers['content-length'] = String(body.length);

const interval = 1000 / opts.rate;
const total = Math.round(opts.rate * opts.seconds);
const latencies = [];
const lags = []; // how late this process took up each request: its own stalls, never the server's
let sent = 0;
let inFlight = 0;
let non2xx = 0;
let errors = 0;
let lastDone = 0;
const waiting = []; // due times of requests waiting for a free connection

function send(due) {
  inFlight++;
  const req = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      method: opts.method ?? 'GET',
      headers,
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        const now = performance.now();
        latencies.push(now - due);
        lastDone = now;
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
        finish();
      });
    },
  );
  req.on('error', () => {
    errors++;
    finish();
  });
  req.end(body);
}

function finish() {
  inFlight--;
  if (waiting.length > 0) send(waiting.shift());
  else if (sent === total && inFlight === 0) report();
}

const start = performance.now() + 50;
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    const due = start + sent * interval;
    lags.push(performance.now() - due);
    sent++;
    if (inFlight < opts.connections) send(due);
    else waiting.push(due);
  }
  if (sent < total)
    setTimeout(tick, Math.max(0, Math.min(interval, start + sent * interval - now)));
}
setTimeout(tick, 50);

function report() {
  const quantile = (values) => {
    const sorted = values.sort((a, b) => a - b);
    return (q) =>
      Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  };
  const at = quantile(latencies);
  const lagAt = quantile(lags);
  const seconds = (lastDone - start) / 1000;
  process.stdout.write(
    JSON.stringify({
      sent,
      done: latencies.length,
      non2xx: non2xx + errors,
      rate: Number((latencies.length / seconds).toFixed(0)),
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: at(1),
      lagP99: lagAt(0.99),
      lagMax: lagAt(1),
    }),
  );
  agent.destroy();
}
