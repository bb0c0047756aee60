// What `npm start` and `npm test` install when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../..');

/** npm packages: install when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: the registry here lacks rollup's platform packages for other systems
  // (optional dependencies of workbox-build), so the lock file cannot list them and `npm ci` refuses
  // it as out of sync. `npm install` still installs exactly the locked versions.
  console.log('› Instalando dependências (npm install)...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    console.error(
      'npm install falhou. Verifique a conexão com o registro do npm e rode "npm install" de novo.',
    );
    process.exit(r.status ?? 1);
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for Debian's Chromium here: no sandbox as root, and nothing that reaches for the closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium for the browser tests; installed with apt when running as root. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const debian = existsSync('/etc/debian_version');
  if (isRoot && debian) {
    console.log('› Instalando o Chromium do Debian para os testes de navegador (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    if (update.status === 0 && install.status === 0 && existsSync(CHROMIUM)) return CHROMIUM;
  }
  console.error(
    [
      `Chromium não encontrado em ${CHROMIUM}.`,
      debian
        ? 'Instale com: sudo apt-get update && sudo apt-get install -y chromium'
        : 'Instale o Chromium e aponte CHROMIUM_PATH para o executável.',
    ].join('\n'),
  );
  process.exit(1);
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}
