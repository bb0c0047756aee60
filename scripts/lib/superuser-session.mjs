// What the maintenance commands (`npm run staff`, `npm run lgpd`) share: they work with the server
// running (PORT) or stopped (PB_DATA_DIR; PocketBase is then started on the folder for a moment),
// through the API as a superuser that exists for that one command and is removed at its end.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, freePort, pocketBaseBinary, startPocketBase } from './pocketbase.mjs';

/** Print the message and exit 1 (nothing is left to clean up when this is called). */
export function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

/** A refusal to tell the person as it is (the server's own message, in Portuguese). */
export class CommandError extends Error {}

async function running(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.status === 200 || res.status === 503;
  } catch {
    return false;
  }
}

/**
 * Runs `work(api)` as the superuser `email`, created for it with a random password and deleted
 * afterwards, also when the work fails. `api(path, init)` calls the server and answers the JSON
 * body; an error answer throws a CommandError with the server's message. A failure is printed
 * and the process exits 1, once the superuser is gone and a server started here is stopped.
 */
export async function withSuperuser(email, work) {
  const dataDir = process.env.PB_DATA_DIR ?? join(ROOT, 'pocketbase', 'pb_data');
  const port = Number(process.env.PORT ?? 8090);
  const superuser = (action, password) => {
    const args = [
      'superuser',
      action,
      email,
      ...(password ? [password] : []),
      `--dir=${dataDir}`,
      `--migrationsDir=${join(ROOT, 'pocketbase/pb_migrations')}`,
      `--hooksDir=${join(ROOT, 'pb_hooks')}`,
    ];
    const r = spawnSync(pocketBaseBinary(), args, { encoding: 'utf8' });
    if (r.status !== 0)
      throw new CommandError(`não foi possível preparar o acesso: ${r.stderr || r.stdout}`);
  };

  // Hex: a password starting with '-' would be read as a command-line flag.
  const password = randomBytes(18).toString('hex');
  let url = `http://127.0.0.1:${port}`;
  let temporary = null;
  let failure = null;
  try {
    if (!(await running(port))) {
      temporary = await startPocketBase({ port: await freePort(), dataDir });
      url = temporary.url;
    }
    superuser('upsert', password);
    try {
      const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: email, password }),
      });
      if (!auth.ok) throw new CommandError(`não foi possível entrar no servidor (${auth.status})`);
      const { token } = await auth.json();
      const api = async (path, init = {}) => {
        const res = await fetch(`${url}${path}`, {
          ...init,
          headers: { 'content-type': 'application/json', Authorization: token },
        });
        const body = await res.json().catch(() => null);
        if (!res.ok) {
          const fields = Object.values(body?.data ?? {}).map((f) => f?.message);
          const said = [...new Set([body?.message, ...fields].filter(Boolean))].join(' ');
          throw new CommandError(said || `o servidor respondeu ${res.status}`);
        }
        return body;
      };
      await work(api);
    } finally {
      superuser('delete');
    }
  } catch (err) {
    failure = err instanceof CommandError ? err.message : String(err?.stack ?? err);
  } finally {
    await temporary?.stop();
  }
  if (failure) fail(failure);
}
