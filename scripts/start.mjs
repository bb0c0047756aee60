// `npm start`: the whole product on one port — the built PWA, the API and, unless SMTP_HOST is set,
// a local mail sink that keeps every e-mail under mail/. `npm run dev` adds Vite in front.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, readJson } from './lib/setup.mjs';

ensureDependencies();

const { ROOT, buildHooks, run, startPocketBase } = await import('./lib/pocketbase.mjs');
const { MailSink } = await import('./lib/mail-sink.mjs');

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8090);
const dataDirChosen = Boolean(process.env.PB_DATA_DIR);
const dataDir = process.env.PB_DATA_DIR ?? join(ROOT, 'pocketbase', 'pb_data');

console.log('› Preparando o servidor...');
buildHooks();
if (!dev) {
  console.log('› Gerando o site (vite build)...');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
}

const env = {};
let sink = null;
if (!process.env.SMTP_HOST) {
  sink = new MailSink({ dir: join(ROOT, 'mail'), log: (line) => console.log(line) });
  const smtpPort = await sink.start();
  env.SMTP_HOST = '127.0.0.1';
  env.SMTP_PORT = String(smtpPort);
}
// Demo data only for the local default data folder.
if (!dataDirChosen) env.PB_SEED_DEMO = '1';
// Development: a webhook may go to a receiver on this machine over plain HTTP.
if (dev && process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK === undefined) {
  env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
}

const printed = [];
function credential(name, fallback) {
  if (process.env[name]) return process.env[name];
  printed.push(`${name}=${fallback}`);
  return fallback;
}
const staff = {
  email: credential('STAFF_EMAIL', 'equipe@rotaveloz.example'),
  password: credential('STAFF_PASSWORD', 'equipe-demo-2026'),
};
// A driver's account: sees only the shipments assigned to it.
const driver = {
  email: credential('DRIVER_EMAIL', 'motorista@rotaveloz.example'),
  password: credential('DRIVER_PASSWORD', 'motorista-demo-2026'),
};
const client = {
  email: readJson(join(ROOT, 'pb_hooks/lib/company.json')).clientAccountEmail,
  password: credential('GATE_PASSWORD', 'cliente-demo-2026'),
};

const server = await startPocketBase({
  port,
  dataDir,
  env,
  accounts: { staff, client, driver },
  log: (chunk) => {
    if (/error|panic/i.test(chunk)) process.stderr.write(chunk);
  },
});

let vite = null;
if (dev) {
  vite = spawn('npx', ['vite'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_API_PROXY: server.url },
  });
}

console.log(`
Rota Veloz rodando em ${server.url}
  site e API:   ${server.url}/
  painel do PocketBase: ${server.url}/_/  (crie um superusuário com: pocketbase superuser upsert EMAIL SENHA --dir=${dataDir})
  e-mails:      ${sink ? `guardados em mail/ (servidor SMTP local na porta ${sink.port})` : `enviados por ${process.env.SMTP_HOST}`}
${printed.length ? `  contas de demonstração (defina as variáveis para trocar):\n    ${printed.join('\n    ')}\n` : ''}${dev ? '  Vite (desenvolvimento): http://127.0.0.1:5173/\n' : ''}Ctrl-C para parar.`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\n› Parando...');
  vite?.kill('SIGTERM');
  await server.stop();
  await sink?.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
server.process.on('exit', (code) => {
  if (!stopping) {
    console.error(`PocketBase parou inesperadamente (código ${code}).`);
    sink?.stop();
    process.exit(1);
  }
});
