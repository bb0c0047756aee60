// How often a cron expression runs, to tell a job that stopped succeeding from one that is not
// due yet. The five fields PocketBase's scheduler reads (minute, hour, day of month, month, day of
// week), with '*', lists, ranges, steps and its macros.

const MACROS: { [name: string]: string } = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

/** The values one field allows, or null when the field cannot be read. */
function fieldValues(field: string, [min, max]: [number, number]): Set<number> | null {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    const step = m[4] ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/**
 * The longest wait between two runs of `expression`, in milliseconds (UTC, as the server runs
 * its jobs), looked for over eight weeks from a fixed Monday; null when the expression cannot be
 * read or runs less than once in that time.
 */
export function cronPeriodMs(expression: string): number | null {
  const text = MACROS[expression.trim()] ?? expression.trim();
  const fields = text.split(/\s+/);
  if (fields.length !== 5) return null;
  const sets = fields.map((f, i) => fieldValues(f, RANGES[i]!));
  if (sets.some((s) => s === null)) return null;
  const [minutes, hours, days, months, weekdays] = sets as Set<number>[];
  const start = Date.UTC(2024, 0, 1); // a Monday
  const span = 8 * 7 * 24 * 60;
  let previous: number | null = null;
  let first: number | null = null;
  let longest = 0;
  for (let i = 0; i < span; i++) {
    const t = new Date(start + i * 60_000);
    if (
      minutes!.has(t.getUTCMinutes()) &&
      hours!.has(t.getUTCHours()) &&
      days!.has(t.getUTCDate()) &&
      months!.has(t.getUTCMonth() + 1) &&
      weekdays!.has(t.getUTCDay())
    ) {
      if (previous !== null) longest = Math.max(longest, i - previous);
      else first = i;
      previous = i;
    }
  }
  if (previous === null || first === null || previous === first) return null;
  // The wrap from the last run in the span to the first one after it.
  longest = Math.max(longest, first + span - previous);
  return longest * 60_000;
}
