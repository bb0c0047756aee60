import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The hooks' bundle (the global setup builds it), evaluated as each of PocketBase's JS machines
// evaluates it: on its own, with no module system around it.
const bundle = readFileSync(
  join(import.meta.dirname, '../../pb_hooks/lib/generated/server.cjs'),
  'utf8',
);

describe('the server bundle', () => {
  it('leaves the mask library unevaluated until a partial value needs it', () => {
    // Evaluated in every one of the server's JS machines, imask held ~200 KB in each, marked by
    // every garbage collection. Once evaluated, it puts itself (a function) on the global object,
    // where the bundle's own stand-in (an object that loads it on first use) is until then.
    const context: Record<string, unknown> = { exports: {} };
    runInNewContext(bundle, context);
    expect(Object.keys(context.exports as object)).toContain('handleCreate');
    expect(typeof context.IMask).toBe('object');
    // The first partial value loads it, and it formats as in the browser.
    const masks = context.IMask as { pipe: (value: string, mask: object) => string };
    expect(masks.pipe('5299', { mask: '000.000.000-00' })).toBe('529.9');
    expect(typeof context.IMask).toBe('function');
  });
});
