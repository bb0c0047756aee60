import { describe, expect, it } from 'vitest';
import { cronPeriodMs } from '../cron';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('cronPeriodMs: the longest wait between two runs of a job', () => {
  it.each([
    ['* * * * *', MINUTE],
    ['*/5 * * * *', 5 * MINUTE],
    ['50 * * * *', HOUR],
    ['30 4 * * *', DAY],
    ['0 3 * * *', DAY],
    ['@daily', DAY],
    ['@hourly', HOUR],
    ['0 9,17 * * *', 16 * HOUR],
    ['0 3 * * 1-5', 3 * DAY], // Friday 03:00 to Monday 03:00
    ['0 0 * * 0', 7 * DAY],
    ['15 2-4 * * *', 22 * HOUR], // 04:15 to 02:15 the next day
  ])('%s runs at least every %d ms', (expression, period) => {
    expect(cronPeriodMs(expression)).toBe(period);
  });

  it.each(['', 'todo dia', '* * * *', '61 * * * *', '*/0 * * * *', '0 0 30 2 *'])(
    'cannot tell for %j',
    (expression) => {
      expect(cronPeriodMs(expression)).toBeNull();
    },
  );
});
