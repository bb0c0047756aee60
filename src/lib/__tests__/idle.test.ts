// Heavy background work (the service worker's install, Yup's evaluation) waits until the page has
// been quiet for a second: not while the page still loads and adopts its late parts.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { whenQuiet } from '../idle';

/** A browser that gives idle periods when told: the clock moves only with them. */
let now = 0;
let pending: ((deadline: IdleDeadline) => void) | null = null;
beforeEach(() => {
  now = 0;
  pending = null;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('window', {
    requestIdleCallback: (callback: (deadline: IdleDeadline) => void) => {
      pending = callback;
      return 1;
    },
    cancelIdleCallback: () => {
      pending = null;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** `after` ms later (a task ran meanwhile when it is long), an idle period of `remaining` ms. */
function idlePeriod(after: number, remaining: number) {
  now += after;
  const callback = pending;
  pending = null;
  callback?.({ didTimeout: false, timeRemaining: () => remaining });
}

/** A quiet page: back-to-back idle periods of 50 ms for `ms`. */
function quietFor(ms: number) {
  for (let t = 0; t < ms; t += 50) idlePeriod(50, 50);
}

it('runs once the page has been quiet for a second, not before', () => {
  const run = vi.fn();
  whenQuiet(run);
  quietFor(950);
  expect(run).not.toHaveBeenCalled();
  quietFor(100);
  expect(run).toHaveBeenCalledTimes(1);
  quietFor(2000);
  expect(run).toHaveBeenCalledTimes(1);
});

it('starts counting again after a short idle period or a task between two', () => {
  const run = vi.fn();
  whenQuiet(run);
  quietFor(800);
  // A frame was due: the browser had only 6 ms to spare.
  idlePeriod(10, 6);
  quietFor(900);
  expect(run).not.toHaveBeenCalled();
  // A task of 300 ms (a lazy part adopted) between two idle periods.
  idlePeriod(300, 50);
  quietFor(900);
  expect(run).not.toHaveBeenCalled();
  quietFor(200);
  expect(run).toHaveBeenCalledTimes(1);
});

it('runs after ten seconds on a page that is never quiet', () => {
  const run = vi.fn();
  whenQuiet(run);
  for (let i = 0; i < 95; i++) idlePeriod(100, 10);
  expect(run).not.toHaveBeenCalled();
  for (let i = 0; i < 10; i++) idlePeriod(100, 10);
  expect(run).toHaveBeenCalledTimes(1);
});

it('does nothing once cancelled', () => {
  const run = vi.fn();
  const cancel = whenQuiet(run);
  quietFor(500);
  cancel();
  quietFor(2000);
  expect(run).not.toHaveBeenCalled();
});
