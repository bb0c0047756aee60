// A phone's network in front of the test server: a loopback proxy that can leave the realtime
// connections open but dead. When a phone's signal goes for a while (a tunnel, a lift, the
// operator's NAT forgetting the connection), its open TCP connections often die silently: nothing
// reaches either end, not even the close, and the browser keeps waiting on them. Chromium's offline
// mode does not do that (what the server sends on an old connection arrives once it is back), so a
// test of the app's answer to a dead connection needs this.
import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  realtime: boolean;
  dead: boolean;
}

export interface DeadRealtimeProxy {
  /** The proxy's address: open the app here instead of at the server's. */
  url: string;
  /** From now on the realtime connections open now carry nothing, either way, and never close. */
  killRealtime(): number;
  stop(): Promise<void>;
}

export async function deadRealtimeProxy(serverURL: string): Promise<DeadRealtimeProxy> {
  const target = new URL(serverURL);
  const pairs = new Set<Pair>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair: Pair = { client, upstream, realtime: false, dead: false };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      // The SSE stream is one long answer to `GET /api/realtime` (on a new or a reused connection).
      if (chunk.toString('latin1').includes('GET /api/realtime')) pair.realtime = true;
      if (!pair.dead) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!pair.dead) client.write(chunk);
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    // The browser dropping the connection ends it here (so the server lets go of it too); the
    // server's close does not reach a browser whose connection is dead.
    client.on('close', end);
    client.on('error', end);
    upstream.on('close', () => pair.dead || end());
    upstream.on('error', () => pair.dead || end());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    killRealtime() {
      let killed = 0;
      for (const pair of pairs) {
        if (pair.realtime && !pair.dead) {
          pair.dead = true;
          killed++;
        }
      }
      return killed;
    },
    stop() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
