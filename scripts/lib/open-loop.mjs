// An open-loop load: requests leave at an even pace (one every 1/rate s), whatever the server does,
// from at most `connections` kept-alive connections, as that many people using the site at once
// would send them. Each latency counts from the moment its request was due, so a server that
// falls behind shows it in the figures instead of slowing the load down.
//
// Why not autocannon's -R: it gives each connection a quota per second and sends that quota as
// fast as it can when the second starts, so all connections fire together and a paced run is a
// burst every second; its latencies then measure that burst's queue, not the pace.
//
// Why plain sockets, not node:http: this process shares the host's two cores with the server it
// measures, and every bit of CPU it takes is taken from the server. Through node:http it used
// about a quarter of a core at 525 requests a second; writing one prepared request and reading
// only the status line and the body's length takes a fraction of that (docs/load.md).
//
// Run as its own process (the bench's sink must keep answering the server meanwhile):
//   node scripts/lib/open-loop.mjs '{"url": "...", "method": "POST", "body": "...",
//     "headers": {...}, "rate": 500, "connections": 50, "seconds": 10}'
// and it prints {sent, done, non2xx, rate, p50, p90, p99, max, lagP99, lagMax, cpu} (ms, cpu in
// s) as JSON. The lags say how late this process took each request up after its due time (a
// full pool's wait is not in them): when they are as large as the latencies' tail, the tail is
// this process's stall, or the host's, not the server's.
import net from 'node:net';

const opts = JSON.parse(process.argv[2]);
const target = new URL(opts.url);
const port = Number(target.port || 80);
const body = opts.body === undefined ? Buffer.alloc(0) : Buffer.from(opts.body);
const head = [
  `${opts.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1`,
  `Host: ${target.host}`,
  'Connection: keep-alive',
  ...Object.entries(opts.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ...(body.length > 0 ? [`Content-Length: ${body.length}`] : []),
  '',
  '',
].join('\r\n');
const request = Buffer.concat([Buffer.from(head, 'latin1'), body]);

const interval = 1000 / opts.rate;
const total = Math.round(opts.rate * opts.seconds);
const latencies = [];
const lags = []; // how late this process took up each request: its own stalls, never the server's
let sent = 0;
let inFlight = 0;
let non2xx = 0;
let errors = 0;
let lastDone = 0;
const idle = []; // connections with no request on them
const waiting = []; // due times of requests waiting for a free connection

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/** A kept-alive connection: one request at a time, its response read just enough to know its end. */
function connect() {
  const socket = net.connect({ host: target.hostname, port, noDelay: true });
  const conn = {
    socket,
    due: 0,
    busy: false,
    lost: false,
    buf: null,
    status: 0,
    length: -1,
    chunked: false,
    close: false,
  };
  socket.on('data', (chunk) => {
    conn.buf = conn.buf ? Buffer.concat([conn.buf, chunk]) : chunk;
    read(conn);
  });
  const lost = () => {
    if (conn.lost) return;
    conn.lost = true;
    const at = idle.indexOf(conn);
    if (at !== -1) idle.splice(at, 1);
    if (conn.busy) {
      conn.busy = false;
      errors++;
      finish();
    }
  };
  socket.on('error', lost);
  socket.on('close', lost);
  return conn;
}

function read(conn) {
  if (!conn.busy) return;
  if (conn.status === 0) {
    const end = conn.buf.indexOf(HEADER_END);
    if (end === -1) return;
    const lines = conn.buf.toString('latin1', 0, end).split('\r\n');
    conn.status = Number(lines[0].split(' ')[1]);
    conn.length = 0;
    conn.chunked = false;
    conn.close = false;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') conn.length = Number(value);
      else if (name === 'transfer-encoding') conn.chunked = value.includes('chunked');
      else if (name === 'connection') conn.close = value === 'close';
    }
    conn.buf = conn.buf.subarray(end + HEADER_END.length);
  }
  const complete = conn.chunked
    ? conn.buf.indexOf(CHUNKED_END) !== -1
    : conn.buf.length >= conn.length;
  if (!complete) return;
  const now = performance.now();
  latencies.push(now - conn.due);
  lastDone = now;
  if (conn.status < 200 || conn.status >= 300) non2xx++;
  conn.busy = false;
  conn.status = 0;
  conn.buf = null;
  if (conn.close) conn.socket.destroy();
  else idle.push(conn);
  finish();
}

function send(due) {
  inFlight++;
  const conn = idle.pop() ?? connect();
  conn.busy = true;
  conn.due = due;
  conn.socket.write(request);
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
  const cpu = process.cpuUsage();
  for (const conn of idle) conn.socket.destroy();
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
      cpu: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
    }),
    () => process.exit(0),
  );
}
