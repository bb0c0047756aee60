import { existsSync } from 'node:fs';
import { buildHooks, ROOT, run } from '../../scripts/lib/pocketbase.mjs';

/** The hooks require the domain bundle, and PocketBase serves the built site: build what is missing. */
export default function setup() {
  buildHooks();
  if (!existsSync(`${ROOT}/dist/index.html`)) run('npx', ['vite', 'build', '--logLevel', 'warn']);
}
