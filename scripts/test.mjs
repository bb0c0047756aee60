// `npm test`: typecheck, lint, unit and server tests (Vitest, real PocketBase and SMTP sink), then
// the browser tests (Playwright driving Debian's Chromium). Installs what it lacks first.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureDependencies } from './lib/setup.mjs';

ensureDependencies();
const chromium = ensureChromium();
const { buildHooks, ROOT } = await import('./lib/pocketbase.mjs');

const steps = [
  ['Verificação de tipos', 'npx', ['tsc', '-b']],
  ['Lint', 'npx', ['eslint', '.']],
  ['Build do servidor para os hooks', null, buildHooks],
  ['Build do site', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['Vitest (domínio e servidor)', 'npx', ['vitest', 'run']],
  ['Playwright (navegador)', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
for (const [title, cmd, args] of steps) {
  if (only.length && !only.some((o) => title.toLowerCase().includes(o.toLowerCase()))) continue;
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  if (typeof args === 'function') {
    args();
  } else {
    const r = spawnSync(cmd, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, CHROMIUM_PATH: chromium },
    });
    if (r.status !== 0) {
      console.error(`\n✖ ${title} falhou (código ${r.status}).`);
      process.exit(r.status ?? 1);
    }
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log('\nTodos os testes passaram.');
