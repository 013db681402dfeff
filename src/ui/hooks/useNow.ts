import { useEffect, useState } from 'react';
import type { Clock, TimerHandle } from '../../util/clock.js';

/**
 * A display-only clock: re-renders on each `intervalMs` boundary of `clock`
 * and returns the clock's current time (read at render, so a render caused by
 * new data also sees the current time). Never used to schedule work.
 */
export function useNow(clock: Clock, intervalMs = 1000, active = true): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    let handle: TimerHandle | undefined;
    const delay = () => {
      const rest = intervalMs - (clock.now() % intervalMs);
      return rest > 0 ? rest : intervalMs;
    };
    const tick = () => {
      setTick((n) => (n + 1) % 1_000_000);
      handle = clock.setTimeout(tick, delay());
    };
    handle = clock.setTimeout(tick, delay());
    return () => clock.clearTimeout(handle);
  }, [clock, intervalMs, active]);
  return clock.now();
}
