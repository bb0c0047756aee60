// `npm run staff -- add EMAIL 'Nome' [--motorista]` | `disable EMAIL` | `enable EMAIL` | `list`
// Staff accounts, one per driver or office person, so every registration, stage change and
// 'atendida' says who did it. An office account ('escritorio', the default) sees every shipment and
// request; a driver's ('--motorista') only the shipments assigned to it. Works with the server running (`npm start`, PORT) or stopped (it then
// starts PocketBase on the data folder for a moment). A disabled account loses access at its next
// request: its sessions are revoked and the API rules refuse it.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, freePort, pocketBaseBinary, startPocketBase } from './lib/pocketbase.mjs';

const args = process.argv.slice(2);
const driver = args.includes('--motorista');
const [command, email, ...rest] = args.filter((a) => a !== '--motorista');
const dataDir = process.env.PB_DATA_DIR ?? join(ROOT, 'pocketbase', 'pb_data');
const port = Number(process.env.PORT ?? 8090);
const CLI_SUPERUSER = 'equipe-cli@rotaveloz.local';

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

const usage =
  "Uso: npm run staff -- add EMAIL 'Nome' [--motorista] | disable EMAIL | enable EMAIL | list\n" +
  '(PB_DATA_DIR: pasta de dados; PORT: porta do servidor, se estiver rodando)';
if (!['add', 'disable', 'enable', 'list'].includes(command)) fail(usage);
if (command !== 'list' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email ?? '')) fail(usage);

/** A superuser for this command only, removed at the end (works while the server runs). */
function superuser(action, password) {
  const args = [
    'superuser',
    action,
    CLI_SUPERUSER,
    ...(password ? [password] : []),
    `--dir=${dataDir}`,
    `--migrationsDir=${join(ROOT, 'pocketbase/pb_migrations')}`,
    `--hooksDir=${join(ROOT, 'pb_hooks')}`,
  ];
  const r = spawnSync(pocketBaseBinary(), args, { encoding: 'utf8' });
  if (r.status !== 0) fail(`não foi possível preparar o acesso: ${r.stderr || r.stdout}`);
}

async function running() {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.status === 200 || res.status === 503;
  } catch {
    return false;
  }
}

const password = randomBytes(18).toString('hex');
let url = `http://127.0.0.1:${port}`;
let temporary = null;
if (!(await running())) {
  temporary = await startPocketBase({ port: await freePort(), dataDir });
  url = temporary.url;
}
superuser('upsert', password);

try {
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: CLI_SUPERUSER, password }),
  });
  if (!auth.ok) fail(`não foi possível entrar no servidor (${auth.status})`);
  const { token } = await auth.json();
  const api = async (path, init = {}) => {
    const res = await fetch(`${url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', Authorization: token },
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) fail(`${body?.message ?? res.status} ${JSON.stringify(body?.data ?? {})}`);
    return body;
  };
  const find = async () =>
    (
      await api(
        `/api/collections/staff/records?filter=${encodeURIComponent(`email="${email.replace(/"/g, '')}"`)}`,
      )
    ).items[0];

  if (command === 'list') {
    const all = await api('/api/collections/staff/records?perPage=500&sort=email');
    for (const s of all.items) {
      const role = s.role === 'motorista' ? 'motorista ' : 'escritório';
      console.log(`${s.disabled ? 'desativada' : 'ativa     '}  ${role}  ${s.email}  ${s.name}`);
    }
  } else if (command === 'add') {
    const name = rest.join(' ').trim();
    if (!name) fail(usage);
    if (await find()) fail(`Já existe uma conta ${email}.`);
    const initial = randomBytes(9).toString('base64url');
    await api('/api/collections/staff/records', {
      method: 'POST',
      body: JSON.stringify({
        email,
        name,
        password: initial,
        passwordConfirm: initial,
        verified: true,
        disabled: false,
        role: driver ? 'motorista' : 'escritorio',
      }),
    });
    console.log(
      `✔ Conta ${driver ? 'de motorista' : 'do escritório'} criada: ${email} (${name})\n  Senha inicial: ${initial}`,
    );
  } else {
    const found = await find();
    if (!found) fail(`Nenhuma conta ${email}.`);
    const disabled = command === 'disable';
    await api(`/api/collections/staff/records/${found.id}`, {
      method: 'PATCH',
      // A new token key ends every session the account has, also on a phone that was offline.
      body: JSON.stringify({ disabled, tokenKey: randomBytes(25).toString('hex') }),
    });
    console.log(disabled ? `✔ Conta desativada: ${email}` : `✔ Conta reativada: ${email}`);
  }
} finally {
  superuser('delete');
  await temporary?.stop();
}
