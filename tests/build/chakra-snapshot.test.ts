// The patch to Chakra and its guard (src/app/chakra-snapshot.ts): the patch applies to the Chakra
// we install and refuses to guess when Chakra's code changes; the guard lets a snapshot into the
// pages only if a system made from it answers exactly like the built one. Reads the production
// build's prerender bundle (npm test builds it before Vitest).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TransformPluginContext } from 'rollup';
import { describe, expect, it } from 'vitest';
import { chakraSystemPatch } from '../../src/app/chakra-snapshot';

const ROOT = join(import.meta.dirname, '../..');
const chakraFile = (name: string) =>
  join(ROOT, 'node_modules/@chakra-ui/react/dist/esm/styled-system', name);

function patch(code: string, id: string): string | null {
  const plugin = chakraSystemPatch();
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  } as unknown as TransformPluginContext;
  const transform = plugin.transform as unknown as (
    this: TransformPluginContext,
    code: string,
    id: string,
  ) => string | null;
  return transform.call(context, code, id);
}

describe("the patch to Chakra's code", () => {
  const PATCHED = ['system.js', 'token-dictionary.js', 'merge-config.js'];
  /** A line of each file the patch relies on. */
  const RELIED_ON: Record<string, string> = {
    'system.js': 'const _global',
    'token-dictionary.js': 'registerTokens();',
    'merge-config.js': 'configs.map(clone)',
  };

  it.each(PATCHED)('applies to the installed %s', (name) => {
    const code = readFileSync(chakraFile(name), 'utf8');
    const patched = patch(code, chakraFile(name));
    expect(patched).not.toBeNull();
    expect(patched).not.toBe(code);
  });

  it.each(PATCHED)('fails the build when %s no longer has the lines it replaces', (name) => {
    const changed = readFileSync(chakraFile(name), 'utf8').replace(
      RELIED_ON[name]!,
      'const changedByChakra',
    );
    expect(() => patch(changed, chakraFile(name))).toThrow(/changed: update/);
  });

  it('leaves every other file alone', () => {
    expect(patch('export const x = 1;', '/src/app/theme.ts')).toBeNull();
  });
});

const bundle = () =>
  import(pathToFileURL(join(ROOT, 'node_modules/.prerender/entry.mjs')).href) as Promise<{
    tokenSnapshot: () => string;
    checkTokenSnapshot: (snapshot: unknown) => string | undefined;
    systemAtOnce: () => string;
    systemInSteps: (pause: () => Promise<void>) => Promise<string>;
  }>;

describe("Chakra's anatomies in the browser's build", () => {
  it('keeps only those of components the app renders', () => {
    const assets = join(ROOT, 'dist/assets');
    const code = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8'))
      .join('\n');
    // Part names of components nothing here uses, which Chakra's theme re-exports.
    for (const unused of ['tree-view', 'color-picker', 'date-picker', 'floating-panel']) {
      expect(code).not.toMatch(new RegExp(`[\`"']${unused}[\`"']`));
    }
    expect(code).toMatch(/[`"']radio-group[`"']/);
  });
});

describe("Chakra's system made a step at a time", () => {
  it('pauses between its steps and answers like the one made at once', async () => {
    const { systemAtOnce, systemInSteps } = await bundle();
    let pauses = 0;
    const inSteps = await systemInSteps(async () => {
      pauses++;
      await new Promise((resolve) => setTimeout(resolve));
    });
    // Five steps of createSystem, and inside the first the merge of the app's three configs pauses
    // after each config's copy and after merging them.
    expect(pauses).toBeGreaterThanOrEqual(5 + 3 + 1);
    expect(inSteps).toBe(systemAtOnce());
  });
});

describe('the guard on the snapshot', () => {
  const snapshotOf = (json: string) => JSON.parse(json) as { p: string[]; v: unknown }[];

  it("accepts the build's own snapshot", async () => {
    const { tokenSnapshot, checkTokenSnapshot } = await bundle();
    const snapshot = snapshotOf(tokenSnapshot());
    expect(checkTokenSnapshot(snapshot)).toBe(JSON.stringify(snapshot));
  });

  it('refuses a snapshot that would make pages look different', async () => {
    const { tokenSnapshot, checkTokenSnapshot } = await bundle();
    const snapshot = snapshotOf(tokenSnapshot());
    const brand = snapshot.find((t) => t.p.join('.') === 'colors.brand.600')!;
    brand.v = '#ff00ff';
    expect(() => checkTokenSnapshot(snapshot)).toThrow(/differs from the built dictionary/);
    expect(() => checkTokenSnapshot(snapshot.slice(1))).toThrow(
      /differs from the built dictionary/,
    );
  });
});
