// Where a running PocketBase spends its CPU: samples its stacks with Linux's `perf` and names the
// Go functions from the binary's own function table, since the release binary has no symbols
// and serves no pprof. What our hooks do in their JS machines shows as goja's interpreter plus
// the Go functions they call (a query, a save); docs/load.md has a profile read this way.
//
//   node scripts/profile-server.mjs <pid> [seconds=8] [lines=40]
//
// Needs `perf` (Debian: apt-get install linux-perf) and the right to trace the process (root).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [pid, seconds = '8', lines = '40'] = process.argv.slice(2);
if (!pid) {
  console.error('usage: node scripts/profile-server.mjs <pid> [seconds] [lines]');
  process.exit(2);
}
const binary = readlinkSync(`/proc/${pid}/exe`);

/** The ELF64 sections by name: address, file offset, size. */
function sections(elf) {
  const shoff = Number(elf.readBigUInt64LE(0x28));
  const size = elf.readUInt16LE(0x3a);
  const count = elf.readUInt16LE(0x3c);
  const names = elf.readUInt16LE(0x3e);
  const header = (i) => shoff + i * size;
  const strings = Number(elf.readBigUInt64LE(header(names) + 0x18));
  const found = {};
  for (let i = 0; i < count; i++) {
    const at = header(i);
    const nameAt = strings + elf.readUInt32LE(at);
    const name = elf.toString('latin1', nameAt, elf.indexOf(0, nameAt));
    found[name] = {
      addr: Number(elf.readBigUInt64LE(at + 0x10)),
      offset: Number(elf.readBigUInt64LE(at + 0x18)),
      size: Number(elf.readBigUInt64LE(at + 0x20)),
    };
  }
  return found;
}

/** Go's function table (.gopclntab, Go 1.18 and later): each function's start and name. */
function goFunctions(elf, found) {
  const { offset, size } = found['.gopclntab'];
  const tab = elf.subarray(offset, offset + size);
  const word = (i) => Number(tab.readBigUInt64LE(8 + i * 8));
  const [count, , textStart, namesAt, , , , funcsAt] = [0, 1, 2, 3, 4, 5, 6, 7].map(word);
  // Recent Go writes 0 here and the runtime takes the text section's start.
  const text = textStart || found['.text'].addr;
  const starts = new Float64Array(count);
  const names = new Array(count);
  for (let i = 0; i < count; i++) {
    const entry = tab.readUInt32LE(funcsAt + i * 8);
    const func = funcsAt + tab.readUInt32LE(funcsAt + i * 8 + 4);
    const nameAt = namesAt + tab.readInt32LE(func + 4);
    starts[i] = text + entry;
    names[i] = tab.toString('latin1', nameAt, tab.indexOf(0, nameAt));
  }
  return { starts, names };
}

const elf = readFileSync(binary);
const found = sections(elf);
const { starts, names } = goFunctions(elf, found);
// perf prints the addresses of a binary it has no symbols for as offsets into the file; the
// text section's load bias turns them back into the addresses Go's table uses.
const text = found['.text'];
const bias = text.addr - text.offset;
function nameOf(offset) {
  if (offset < text.offset || offset >= text.offset + text.size) return '[outside Go]';
  const pc = offset + bias;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pc) lo = mid;
    else hi = mid - 1;
  }
  return names[lo];
}

const dir = mkdtempSync(join(tmpdir(), 'profile-'));
try {
  const data = join(dir, 'perf.data');
  execFileSync(
    'perf',
    ['record', '-e', 'cpu-clock', '-F', '997', '-g', '-p', pid, '-o', data, '--', 'sleep', seconds],
    { stdio: 'ignore' },
  );
  const script = execFileSync('perf', ['script', '-i', data, '-F', 'ip'], {
    encoding: 'latin1',
    maxBuffer: 1 << 30,
  });
  const self = new Map();
  const inclusive = new Map();
  let samples = 0;
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const sample of script.split(/\n\s*\n/)) {
    const stack = sample
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[0-9a-f]+$/.test(line))
      .map((ip) => (ip.length > 12 ? '[kernel]' : nameOf(Number.parseInt(ip, 16))));
    if (stack.length === 0) continue;
    samples++;
    count(self, stack[0]);
    for (const name of new Set(stack)) count(inclusive, name);
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(lines))
      .map(([name, n]) => `${((100 * n) / samples).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  console.log(`${samples} samples of ${binary} over ${seconds} s`);
  console.log(`\nself (the function on the CPU)\n${top(self)}`);
  console.log(`\ninclusive (the function anywhere in the stack)\n${top(inclusive)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
