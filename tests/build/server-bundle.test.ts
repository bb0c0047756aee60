import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The hooks' bundle (the global setup builds it), evaluated as each of PocketBase's JS machines
// evaluates it: a CommonJS module (its `require` wraps the file in a function), in a global scope
// of its own.
const root = join(import.meta.dirname, '../..');

/** Evaluates a CommonJS file in a fresh global scope; returns that scope and the module's exports. */
function load(file: string) {
  const source = readFileSync(join(root, file), 'utf8');
  const scope: Record<string, unknown> = {};
  const module = { exports: {} as Record<string, unknown> };
  const wrapped = runInNewContext(`(function (exports, require, module) {\n${source}\n})`, scope);
  wrapped(module.exports, () => ({}), module);
  return { scope, exports: module.exports };
}

describe('the server bundle', () => {
  it('leaves the mask library unevaluated: no machine holds it for whole values', () => {
    // Evaluated in every one of the server's JS machines, imask held ~200 KB in each, marked by
    // every garbage collection. Once evaluated it puts itself on the global object, as this
    // control shows with the very file the bundle includes.
    expect(load('node_modules/imask/dist/imask.cjs').scope.IMask).toBeTypeOf('function');

    const server = load('pb_hooks/lib/generated/server.cjs');
    expect(Object.keys(server.exports)).toContain('handleCreate');
    expect(server.scope.IMask).toBeUndefined();
  });
});
