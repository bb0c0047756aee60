// A small JSON Schema (2020-12) check for the API's OpenAPI document: the keywords the document
// uses, each checked as the standard says, and any other keyword refused, so a schema this check
// does not understand fails the test instead of passing unread.

type Schema = Record<string, unknown>;

/** Keywords that only describe. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'format',
  'contentMediaType',
]);
const CHECKED = new Set([
  '$ref',
  'type',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'anyOf',
  'minimum',
  'maximum',
  'maxLength',
  'pattern',
]);

function typeOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number')
    return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

/**
 * The problems of `value` against `schema` (empty: valid), each with its JSON path. `root` is the
 * document `$ref`s point into ('#/components/schemas/Name').
 */
export function schemaProblems(schema: Schema, value: unknown, root: Schema, path = '$'): string[] {
  for (const key of Object.keys(schema)) {
    if (!CHECKED.has(key) && !ANNOTATIONS.has(key)) {
      throw new Error(`${path}: keyword '${key}' is not understood by this check`);
    }
  }
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Schema | undefined)?.[part], root);
    if (!target) throw new Error(`${path}: $ref ${schema.$ref} not found`);
    return schemaProblems(target as Schema, value, root, path);
  }
  const problems: string[] = [];
  if (schema.type !== undefined) {
    const wanted = ([] as string[]).concat(schema.type as string | string[]);
    if (!typeOf(value).some((t) => wanted.includes(t))) {
      return [`${path}: ${JSON.stringify(value)} is not ${wanted.join(' or ')}`];
    }
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (schema.anyOf) {
    const options = schema.anyOf as Schema[];
    if (!options.some((option) => schemaProblems(option, value, root, path).length === 0)) {
      problems.push(`${path}: ${JSON.stringify(value)} matches none of anyOf`);
    }
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) {
      problems.push(`${path}: ${value} < ${schema.minimum}`);
    }
    if (typeof schema.maximum === 'number' && value > schema.maximum) {
      problems.push(`${path}: ${value} > ${schema.maximum}`);
    }
  }
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength) {
      problems.push(`${path}: longer than ${schema.maxLength}`);
    }
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
      problems.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => {
      problems.push(...schemaProblems(schema.items as Schema, item, root, `${path}[${i}]`));
    });
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (!(name in object)) problems.push(`${path}: '${name}' is missing`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>);
    for (const [name, item] of Object.entries(object)) {
      const at = `${path}.${name}`;
      let matched = false;
      if (properties[name]) {
        matched = true;
        problems.push(...schemaProblems(properties[name], item, root, at));
      }
      for (const [pattern, itemSchema] of patterns) {
        if (new RegExp(pattern, 'u').test(name)) {
          matched = true;
          problems.push(...schemaProblems(itemSchema, item, root, at));
        }
      }
      if (matched || schema.additionalProperties === undefined) continue;
      if (schema.additionalProperties === false) problems.push(`${at}: not allowed`);
      else if (typeof schema.additionalProperties === 'object') {
        problems.push(...schemaProblems(schema.additionalProperties as Schema, item, root, at));
      }
    }
  }
  return problems;
}
