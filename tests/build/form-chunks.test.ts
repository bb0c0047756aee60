import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES } from '../../src/domain/tracking-changes';

// Reads the production build (npm test builds it before Vitest).
const assets = join(import.meta.dirname, '../../dist/assets');

/** A route chunk and every chunk it imports statically: what the page evaluates as it goes live. */
function staticGraph(chunkName: string): Map<string, string> {
  const files = readdirSync(assets);
  const start = files.find((f) => f.startsWith(`${chunkName}-`) && f.endsWith('.js'));
  if (!start) throw new Error(`no chunk ${chunkName} in the build`);
  const graph = new Map<string, string>();
  const next = [start];
  while (next.length) {
    const file = next.pop()!;
    if (graph.has(file)) continue;
    const code = readFileSync(join(assets, file), 'utf8');
    graph.set(file, code);
    // Static imports only (`import(...)` is fetched later, in a task of its own).
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) next.push(m[1]!);
  }
  return graph;
}

describe("a form page's code, as it goes live", () => {
  // Markers that survive minification: Yup's default message, the mask library's global name,
  // and a message of the staff's tracking rules.
  const markers = {
    yup: 'is a required field',
    imask: 'IMask',
    staffRules: CHANGE_MESSAGES.merged,
  };

  it.each(['quote-page', 'urgent-page'])(
    '%s evaluates no Yup, no mask library, no staff rules',
    (chunk) => {
      const graph = staticGraph(chunk);
      expect(graph.size).toBeGreaterThan(3);
      for (const [name, marker] of Object.entries(markers)) {
        const holders = [...graph].filter(([, code]) => code.includes(marker)).map(([f]) => f);
        expect(holders, name).toEqual([]);
      }
    },
  );

  it('still finds each marker in the build (the checks above can fail)', () => {
    const all = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'));
    for (const marker of Object.values(markers)) {
      expect(all.some((code) => code.includes(marker))).toBe(true);
    }
  });
});
