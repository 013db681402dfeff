import { useEffect, useState } from 'react';
import type { Clock, TimerHandle } from '../../util/clock.js';

/**
 * A display-only clock: re-renders on each `intervalMs` boundary of `clock`
 * and returns the clock's current time (read at render, so a render caused by
 * new data also sees the current time). `onTick` runs just before each such
 * render. Never used to schedule work.
 */
export function useNow(clock: Clock, intervalMs = 1000, active = true, onTick?: () => void): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    let handle: TimerHandle | undefined;
    const delay = () => {
      const rest = intervalMs - (clock.now() % intervalMs);
      return rest > 0 ? rest : intervalMs;
    };
    // Re-render only once a new interval has begun: a timer can fire a little before the boundary
    // (Node measures its delay from the event loop's time, taken before this render ran), and
    // rendering then would draw the old second, and the real tick a moment later a second frame.
    let shown = Math.floor(clock.now() / intervalMs);
    const tick = () => {
      const slot = Math.floor(clock.now() / intervalMs);
      if (slot !== shown) {
        shown = slot;
        onTick?.();
        setTick((n) => (n + 1) % 1_000_000);
      }
      handle = clock.setTimeout(tick, delay());
    };
    handle = clock.setTimeout(tick, delay());
    return () => clock.clearTimeout(handle);
  }, [clock, intervalMs, active, onTick]);
  return clock.now();
}
