// A real PocketBase process on a free loopback port with a temporary data folder, and a real SMTP
// sink, for the server tests and the browser tests. Whoever starts a stack stops it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailSink } from '../../scripts/lib/mail-sink.mjs';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase.mjs';

export const STAFF = { email: 'equipe@teste.example', password: 'equipe-senha-123' };
/** A driver's account ('motorista'): only the shipments assigned to it. Its id is fixed. */
export const DRIVER = {
  email: 'motorista-demo@teste.example',
  password: 'motorista-senha-123',
};
export const DRIVER_ID = 'motoristademo01';
/** The company's data file (pb_hooks/lib/company.json), as the hooks read it. */
export const company = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../pb_hooks/lib/company.json'), 'utf8'),
);
export const CLIENT = {
  email: company.clientAccountEmail as string,
  password: 'cliente-senha-123',
};
export const COMPANY_MAILBOX = 'pedidos@teste.example';

/** Log rows worth reading when a job did nothing: warnings and errors, not refused requests. */
const PROBLEMS = '(level >= 4 && data.type != "request") || data.status >= 500';

export interface Stack {
  url: string;
  /** The PocketBase data folder (temporary, removed by `stop`). */
  dataDir: string;
  sink: MailSink;
  /** Superuser call, to look behind the API rules. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- PocketBase records of any collection
  admin: (path: string, init?: RequestInit) => Promise<any>;
  /**
   * The server's warnings and errors so far (its log, written in batches a few seconds late), to
   * say why a background job did not do what a test waited for.
   */
  serverErrors: () => Promise<string>;
  stopServer: () => Promise<void>;
  startServer: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The mail queue runs every minute in production (cron's finest schedule). A test stack runs the
 * same job every 200 ms through PocketBase's own "run cron now" endpoint, so e-mails arrive within
 * a test's patience; `mailClock: false` leaves it to the test (to look at the queue between runs).
 */
export async function startStack(
  env: Record<string, string> = {},
  opts: { publicDir?: string; mailClock?: boolean; dataDir?: string } = {},
): Promise<Stack> {
  const sink = new MailSink();
  const smtpPort = await sink.start();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'pb-test-'));
  const port = await freePort();
  const options = {
    port,
    dataDir,
    publicDir: opts.publicDir,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      COMPANY_MAILBOX,
      MAIL_FROM: 'site@teste.example',
      MAIL_RETRY_BASE_SECONDS: '0',
      PB_SEED_DEMO: '1',
      // 'Avise-me' e-mails batch the stage changes of 1 s (5 minutes in production).
      FOLLOW_BATCH_SECONDS: '1',
      // Tests that count the company's e-mails one by one send more than a burst's worth; the
      // summary of a burst has a test of its own.
      MAIL_BURST_LIMIT: '100000',
      // Webhooks go to receivers the tests run on 127.0.0.1, over plain HTTP.
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1',
      ...env,
    },
    accounts: { staff: STAFF, client: CLIENT, driver: DRIVER },
    log: process.env.PB_LOG ? (c: string) => process.stderr.write(c) : undefined,
  };
  let server = await startPocketBase(options);
  let serverUp = true;
  let ticking = false;
  const clock = setInterval(() => {
    if (opts.mailClock === false || !serverUp || ticking) return;
    ticking = true;
    server
      .admin('/api/crons/mail-queue', { method: 'POST' } as never)
      .catch(() => undefined)
      .finally(() => (ticking = false));
  }, 200);
  const stack: Stack = {
    url: server.url,
    dataDir,
    sink,
    admin: (path, init) => server.admin(path, init as never),
    serverErrors: async () => {
      const logs = (await server.admin(
        `/api/logs?filter=${encodeURIComponent(PROBLEMS)}&sort=-created&perPage=50` as never,
      )) as {
        items: { message: string; data: Record<string, unknown> }[];
      };
      // The newest 50, shown oldest first: a job failing every 200 ms must not hide the others.
      const rows = logs.items.reverse().map((l) => `${l.message} ${JSON.stringify(l.data)}`);
      return rows.join('\n') || '(nenhum)';
    },
    stopServer: async () => {
      serverUp = false;
      await server.stop();
    },
    startServer: async () => {
      server = await startPocketBase(options);
      serverUp = true;
    },
    stop: async () => {
      clearInterval(clock);
      serverUp = false;
      await server.stop();
      await sink.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

export async function signIn(
  url: string,
  collection: 'staff' | 'clients',
  who: { email: string; password: string },
) {
  // Every test signs in from 127.0.0.1, and the server lets one address sign in ten times a
  // minute: a busy worker meets that limit. The limit is the server's to test (doors tests do);
  // here a refused sign-in waits for the minute to pass instead of failing an unrelated test.
  const until = Date.now() + 70_000;
  for (;;) {
    const res = await fetch(`${url}/api/collections/${collection}/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: who.email, password: who.password }),
    });
    if (res.status === 429 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 2_000));
      continue;
    }
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }
}

/** A plain HTTP call as a visitor (no token) or with a session token. */
export async function call(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { Authorization: init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** `npm run staff -- ARGS` against a running test stack (its port and data folder). */
export function staffCommand(stack: Stack, ...args: string[]) {
  return spawnSync('node', ['scripts/staff.mjs', ...args], {
    cwd: join(import.meta.dirname, '../..'),
    encoding: 'utf8',
    env: { ...process.env, PORT: new URL(stack.url).port, PB_DATA_DIR: stack.dataDir },
  });
}
