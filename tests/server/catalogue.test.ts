// The migrations and the catalogue of submission kinds (src/domain/submissions.ts) describe the same
// records: every field a kind stores exists in its collection, with the type and length its rule says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHIPMENT_RULES,
  SUBMISSION_KIND_LIST,
  SUBMISSION_STATE_FIELDS,
  storedFields,
} from '../../src/domain';
import { API_PATHS } from '../../src/config/api-paths';
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
  required?: boolean;
  pattern?: string;
}

// A shipment is a tracking record: its details have rules of their own, checked the same way.
const SHIPMENT = { collection: 'tracking', rules: SHIPMENT_RULES, shipment: true };

describe.each([
  ...SUBMISSION_KIND_LIST.map((def) => [def.collection, { ...def, shipment: false }] as const),
  ['tracking', SHIPMENT] as const,
])('the %s collection', (collection, def) => {
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

  // Requests are saved without PocketBase's validation (server/requests/submissions.ts): a rule
  // that lived only in a migration would not be enforced. The domain's rules are the checks.
  it.skipIf(def.shipment)('asks nothing of a value beyond what the catalogue checks', () => {
    const own = [...fields.values()].filter((f) => !f.system && (f.required || f.pattern));
    expect(own.map((f) => f.name)).toEqual([]);
  });

  it.skipIf(def.shipment)('has no field the catalogue does not know', () => {
    const known = new Set(storedFields(def).map((f) => f.name));
    const server: string[] = ['id', 'created', 'updated', ...SUBMISSION_STATE_FIELDS];
    const unknown = [...fields.values()].filter(
      (f) => !known.has(f.name) && !server.includes(f.name),
    );
    expect(unknown.map((f) => f.name)).toEqual([]);
  });
});

describe('the routes the app calls', () => {
  // Every address in src/config/api-paths.ts is served by the hooks: a route renamed on one side
  // only is caught here (an unknown /api/ address answers 404 'Endereço da API não encontrado.').
  it.each([
    ['POST', API_PATHS.trackingChanges],
    ['POST', API_PATHS.shipmentNumbers],
    ['POST', API_PATHS.follows],
    ['POST', API_PATHS.followConfirm],
    ['POST', API_PATHS.followCancel('abc')],
    ['GET', API_PATHS.nextPickupNumber],
    ['GET', API_PATHS.lookup('987654321')],
  ])('%s %s exists', async (method, path) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    const body = (await res.json()) as { message?: string };
    expect(body.message ?? '').not.toBe('Endereço da API não encontrado.');
  });
});

describe("the server's types", () => {
  it('are the JSVM types the pinned PocketBase writes (server/pocketbase.d.ts is kept in step)', () => {
    // The binary writes its types at start, with the generation time on the first line.
    const written = readFileSync(join(stack.dataDir, 'types.d.ts'), 'utf8').split('\n').slice(1);
    const kept = readFileSync(join(import.meta.dirname, '../../server/pocketbase.d.ts'), 'utf8')
      .split('\n')
      .filter((line, i) => i > 2 || !line.startsWith('//'));
    expect(kept.length).toBe(written.length);
    expect(kept.join('\n') === written.join('\n')).toBe(true);
  });
});
