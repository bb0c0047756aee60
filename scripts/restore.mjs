// `npm run restore -- FILE [--dir DIR] [--force]`: put a PocketBase backup (a .zip from
// PB_DATA_DIR/backups, made daily by the server) back in place as the data folder. Stop the server
// first. An existing data folder is never overwritten: with --force it is moved aside to
// DIR.antes-da-restauracao-<data>, so a restore can itself be undone.
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AdmZip from 'adm-zip';
import { ROOT } from './lib/pocketbase.mjs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--dir');
const dirArg = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : undefined;
const dir = resolve(dirArg ?? process.env.PB_DATA_DIR ?? join(ROOT, 'pocketbase', 'pb_data'));

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

if (!file) fail('Uso: npm run restore -- ARQUIVO.zip [--dir PASTA_DE_DADOS] [--force]');
if (!existsSync(file)) fail(`Arquivo não encontrado: ${file}`);

let zip;
try {
  zip = new AdmZip(file);
} catch (error) {
  fail(`Não é um backup válido (${error.message}).`);
}
const names = zip.getEntries().map((e) => e.entryName);
if (!names.includes('data.db')) fail('Não é um backup do PocketBase: falta data.db no arquivo.');

if (existsSync(dir) && readdirSync(dir).length > 0) {
  if (!args.includes('--force')) {
    fail(
      `A pasta ${dir} já tem dados. Pare o servidor e rode de novo com --force: ` +
        'os dados atuais serão guardados ao lado, não apagados.',
    );
  }
  const aside = `${dir}.antes-da-restauracao-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dir, aside);
  console.log(`› Dados atuais guardados em ${aside}`);
}
mkdirSync(dir, { recursive: true });
zip.extractAllTo(dir, true);
console.log(
  `✔ Backup restaurado em ${dir} (${names.length} arquivos). Inicie o servidor com npm start.`,
);
