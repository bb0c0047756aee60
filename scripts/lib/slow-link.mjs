// A slow link for the bench: a TCP proxy on 127.0.0.1 in front of the product that delays and
// meters what passes, for every client alike. Chrome's own network emulation reaches a page but
// not its service worker, which sends the outbox too (Background Sync), so a phone's weak signal
// is made here, on the wire, instead.
import { createServer, connect } from 'node:net';

/**
 * One direction of a connection. The link's rate is shared by every connection going that way
 * (one radio), then each chunk travels for half the round trip; a connection's chunks keep their
 * order.
 */
function meter(from, to, link, direction, watch = () => {}) {
  let lastArrival = 0;
  from.on('data', (chunk) => {
    watch(chunk);
    const { latencyMs, bytesPerSecond } = link.conditions;
    const now = Date.now();
    const sent = Math.max(now, link.freeAt[direction]) + (chunk.length / bytesPerSecond) * 1000;
    link.freeAt[direction] = sent;
    const arrival = Math.max(sent + latencyMs / 2, lastArrival);
    lastArrival = arrival;
    if (arrival <= now) to.write(chunk);
    else setTimeout(() => to.destroyed || to.write(chunk), arrival - now);
  });
  from.on('end', () => {
    setTimeout(() => to.end(), Math.max(0, lastArrival - Date.now()));
  });
  from.on('error', () => to.destroy());
}

export class SlowLink {
  /** @param {number} targetPort the product's port on 127.0.0.1 */
  constructor(targetPort) {
    this.targetPort = targetPort;
    /** Round trip added to each exchange (half each way) and the rate, each way. */
    this.conditions = { latencyMs: 0, bytesPerSecond: Infinity };
    /** Each HTTP request line the browser sends, with the time it was sent. */
    this.requests = [];
    this.sockets = new Set();
    this.freeAt = { up: 0, down: 0 };
  }

  /** Note a request line at the start of what the browser sent. */
  watch(chunk) {
    const line = /^(GET|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.1/.exec(
      chunk.toString('latin1', 0, 300),
    );
    if (line) this.requests.push({ method: line[1], path: line[2], at: Date.now() });
  }

  /** Change the conditions for what passes from now on (connections stay open). */
  set(conditions) {
    this.conditions = { latencyMs: 0, bytesPerSecond: Infinity, ...conditions };
  }

  /** Listen on a free port; returns the link's URL. */
  async start() {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
      }
      meter(client, upstream, this, 'up', (chunk) => this.watch(chunk));
      meter(upstream, client, this, 'down');
    });
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${this.server.address().port}`;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
