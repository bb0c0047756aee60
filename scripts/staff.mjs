// `npm run staff -- add EMAIL 'Nome' [--motorista]` | `disable EMAIL` | `enable EMAIL` | `list`
// Staff accounts, one per driver or office person, so every registration, stage change and
// 'atendida' says who did it. An office account ('escritorio', the default) sees every shipment and
// request; a driver's ('--motorista') only the shipments assigned to it. Works with the server running (`npm start`, PORT) or stopped (it then
// starts PocketBase on the data folder for a moment). A disabled account loses access at its next
// request: its sessions are revoked and the API rules refuse it.
import { randomBytes } from 'node:crypto';
import { CommandError, fail, withSuperuser } from './lib/superuser-session.mjs';

const args = process.argv.slice(2);
const driver = args.includes('--motorista');
const [command, email, ...rest] = args.filter((a) => a !== '--motorista');

const usage =
  "Uso: npm run staff -- add EMAIL 'Nome' [--motorista] | disable EMAIL | enable EMAIL | list\n" +
  '(PB_DATA_DIR: pasta de dados; PORT: porta do servidor, se estiver rodando)';
if (!['add', 'disable', 'enable', 'list'].includes(command)) fail(usage);
if (command !== 'list' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email ?? '')) fail(usage);
const name = rest.join(' ').trim();
if (command === 'add' && !name) fail(usage);

await withSuperuser('equipe-cli@rotaveloz.local', async (api) => {
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
    if (await find()) throw new CommandError(`Já existe uma conta ${email}.`);
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
    if (!found) throw new CommandError(`Nenhuma conta ${email}.`);
    const disabled = command === 'disable';
    await api(`/api/collections/staff/records/${found.id}`, {
      method: 'PATCH',
      // A new token key ends every session the account has, also on a phone that was offline.
      body: JSON.stringify({ disabled, tokenKey: randomBytes(25).toString('hex') }),
    });
    console.log(disabled ? `✔ Conta desativada: ${email}` : `✔ Conta reativada: ${email}`);
  }
});
