// The migrations and the catalogue of submission kinds (src/domain/submissions.ts) describe the same
// records: every field a kind stores exists in its collection, with the type and length its rule says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_KIND_LIST, SUBMISSION_STATE_FIELDS, storedFields } from '../../src/domain';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

interface PbField {
  name: string;
  type: string;
  max?: number;
  values?: string[];
  hidden?: boolean;
  system?: boolean;
}

describe.each(SUBMISSION_KIND_LIST.map((def) => [def.collection, def] as const))(
  'the %s collection',
  (collection, def) => {
    let fields: Map<string, PbField>;
    beforeAll(async () => {
      const found = (await stack.admin(`/api/collections/${collection}`)) as { fields: PbField[] };
      fields = new Map(found.fields.map((f) => [f.name, f]));
    });

    it.each(storedFields(def).map((f) => [f.name, f] as const))(
      'stores %s as its rule says',
      (name, wanted) => {
        const field = fields.get(name);
        expect(field, `${collection}.${name} is missing in the migrations`).toBeDefined();
        if (wanted.type === 'number') {
          expect(field!.type).toBe('number');
        } else if (wanted.type === 'choice') {
          if (field!.type === 'select')
            expect([...field!.values!].sort()).toEqual([...wanted.options!].sort());
          else {
            expect(field!.type).toBe('text');
            const longest = Math.max(...wanted.options!.map((o) => o.length));
            expect(field!.max, 'room for the longest option').toBeGreaterThanOrEqual(longest);
          }
        } else {
          expect(field!.type).toBe('text');
          expect(field!.max, `${collection}.${name} length`).toBe(wanted.max);
        }
      },
    );

    it('has no field the catalogue does not know', () => {
      const known = new Set(storedFields(def).map((f) => f.name));
      const server: string[] = ['id', 'created', 'updated', ...SUBMISSION_STATE_FIELDS];
      const unknown = [...fields.values()].filter(
        (f) => !known.has(f.name) && !server.includes(f.name),
      );
      expect(unknown.map((f) => f.name)).toEqual([]);
    });
  },
);
