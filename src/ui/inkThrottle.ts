/**
 * Ink draws at most one frame per 1000/maxFps ms (the dashboard's 15 fps: 67 ms) through es-toolkit's `throttle`,
 * which is a debounce with a maxWait checked only when the next commit comes: while commits keep coming less than
 * 67 ms apart, the frame waits until 67 ms after the last of them. On a board of three venues the answers to the
 * previous selection (its detail, book and history, about 300 ms after its key, each a React commit, the request count
 * in the header one more) are often still coming when the next `j` lands: that key's frame waited 60–90 ms behind them
 * (keypress → frame p95 71.5 ms for `all`, 7.4 ms for Kalshi alone). `keyFirst` wraps that throttle: the first commit
 * after a key (`drawKeyAtOnce`, from useKeys) is drawn at once, with whatever else is pending; the throttle then starts
 * its window again, so the answers that follow still share frames. Installed by the module hook (src/cli/inkHooks.ts,
 * inkThrottleEntry.ts) for the Ink versions it was checked with.
 */

let keyWaiting = false;

/**
 * A key or a paste arrived: the commit it causes (in the same turn of the event loop, React's sync lane) is drawn at
 * once. A key that changes nothing leaves no commit: the wish ends with the turn.
 */
export function drawKeyAtOnce(): void {
  keyWaiting = true;
  setImmediate(() => {
    keyWaiting = false;
  });
}

type Throttled<A extends unknown[]> = ((...args: A) => unknown) & { cancel(): void; flush(): unknown };
type Throttle = <A extends unknown[]>(func: (...args: A) => unknown, ms?: number, options?: object) => Throttled<A>;

/** `throttle` whose throttled functions (a wait above 0) run at once on the first call after a key. */
export function keyFirst(throttle: Throttle): Throttle {
  return <A extends unknown[]>(func: (...args: A) => unknown, ms?: number, options?: object): Throttled<A> => {
    const inner = throttle(func, ms, options);
    if (!(ms !== undefined && ms > 0)) return inner;
    const throttled = (...args: A): unknown => {
      const result = inner(...args);
      if (keyWaiting) {
        keyWaiting = false;
        // the call is pending (inside the window): run it now; the window's timer goes on from this call
        inner.flush();
      }
      return result;
    };
    return Object.assign(throttled, { cancel: () => inner.cancel(), flush: () => inner.flush() });
  };
}
