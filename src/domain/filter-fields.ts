// The record fields a PocketBase filter or sort names, so the server can refuse a caller who
// filters by a field it may not read (a filter is an oracle: which records match tells the value).

/** Date macros any caller may use: they say nothing about a record. */
const DATE_MACROS = [
  '@now',
  '@second',
  '@minute',
  '@hour',
  '@weekday',
  '@day',
  '@month',
  '@year',
  '@yesterday',
  '@tomorrow',
  '@todayStart',
  '@todayEnd',
  '@monthStart',
  '@monthEnd',
  '@yearStart',
  '@yearEnd',
];
const LITERALS = ['true', 'false', 'null'];

/**
 * Each identifier of a filter that is not a literal or a date macro, as written up to its first
 * '.' or ':' ('shipment.number' and 'handledBy:lower' name 'shipment' and 'handledBy'); '@request'
 * and '@collection' come out whole, so a caller can be refused them too. Quoted text and comments
 * name nothing.
 */
export function fieldsNamedInFilter(filter: string): string[] {
  const bare = filter
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\/\/[^\n]*/g, ' ');
  const names: string[] = [];
  for (const word of bare.match(/[@A-Za-z_][A-Za-z0-9_.:@]*/g) ?? []) {
    const head = word.split(/[.:]/)[0]!;
    if (LITERALS.indexOf(head) !== -1 || DATE_MACROS.indexOf(head) !== -1) continue;
    names.push(head.startsWith('@') ? word : head);
  }
  return names;
}

/** The fields a sort names ('-created,id'); the random and row-order sorts name none. */
export function fieldsNamedInSort(sort: string): string[] {
  return sort
    .split(',')
    .map((part) => part.trim().replace(/^[-+]/, ''))
    .filter((name) => name !== '' && name !== '@random' && name !== '@rowid')
    .map((name) => name.split(/[.:]/)[0]!);
}
