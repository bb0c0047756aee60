// `npm run lgpd -- exportar EMAIL|CPF [--arquivo F]` | `apagar EMAIL|CPF --por 'Nome'`
// A person's rights under the LGPD: a copy of everything stored that names them (e-mail, any case;
// CPF/CNPJ, masked or not), as one JSON file; or its erasure, as the retention job erases old
// records, stamped with who ran it. The server finds and erases (server/privacy/lgpd.ts); this command
// only asks, as a superuser for this one command. Works with the server running (PORT) or stopped
// (PB_DATA_DIR). Staff accounts are employees' and are not touched.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fail, withSuperuser } from './lib/superuser-session.mjs';

const usage =
  "Uso: npm run lgpd -- exportar EMAIL|CPF [--arquivo ARQUIVO.json] | apagar EMAIL|CPF --por 'Nome'\n" +
  '(PB_DATA_DIR: pasta de dados; PORT: porta do servidor, se estiver rodando)';

/** The command, the person, and the options (`--name value` or `--name=value`). */
function parse(argv) {
  const options = {};
  const words = [];
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(arquivo|por)(?:=(.*))?$/.exec(argv[i]);
    if (match) {
      const value = match[2] ?? argv[++i];
      if (value === undefined || value.trim() === '') fail(usage);
      options[match[1]] = value.trim();
    } else if (argv[i].startsWith('--')) fail(usage);
    else words.push(argv[i]);
  }
  return { words, options };
}

const { words, options } = parse(process.argv.slice(2));
const [command, subject, ...extra] = words;
if (!['exportar', 'apagar'].includes(command) || !subject?.trim() || extra.length) fail(usage);
if (command === 'exportar' && options.por) fail(usage);
if (command === 'apagar' && (!options.por || options.arquivo)) fail(usage);

const LABELS = {
  quotes: 'cotações',
  urgent_requests: 'entregas urgentes',
  pickup_requests: 'coletas',
  tracking: 'remessas',
  shipment_history: 'linhas do histórico das remessas',
  tracking_follows: "inscrições no 'Avise-me'",
  mail_queue: 'e-mails',
};
const lines = (counts) =>
  Object.entries(counts).map(([name, n]) => `  ${LABELS[name] ?? name} (${name}): ${n}`);

// npm runs scripts from the project's folder; a relative path is the folder the person was in.
const here = process.env.INIT_CWD ?? process.cwd();

await withSuperuser('lgpd-cli@rotaveloz.local', async (api) => {
  if (command === 'exportar') {
    const found = await api('/api/lgpd/exportar', {
      method: 'POST',
      body: JSON.stringify({ titular: subject }),
    });
    // Named by a hash, not by the person: file names end up in listings and shell histories.
    const tag = createHash('sha256').update(found.titular).digest('hex').slice(0, 12);
    const day = found.geradoEm.slice(0, 10);
    const file = resolve(here, options.arquivo ?? `lgpd-${day}-${tag}.json`);
    // Readable by its owner only: it holds the person's data.
    writeFileSync(file, `${JSON.stringify(found, null, 2)}\n`, { mode: 0o600 });
    const counts = Object.fromEntries(
      Object.entries(found.registros).map(([name, list]) => [name, list.length]),
    );
    console.log(`✔ ${found.total} registro(s) exportado(s) para ${file}`);
    for (const line of lines(counts)) console.log(line);
  } else {
    const erased = await api('/api/lgpd/apagar', {
      method: 'POST',
      body: JSON.stringify({ titular: subject, por: options.por }),
    });
    console.log(
      erased.total
        ? `✔ ${erased.total} registro(s) apagado(s), por ${erased.apagadoPor}:`
        : '✔ Nenhum registro com dados dessa pessoa.',
    );
    if (erased.total) for (const line of lines(erased.apagados)) console.log(line);
  }
});
