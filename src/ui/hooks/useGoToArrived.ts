import { useEffect, useRef } from 'react';
import type { StoreView } from '../../store/store.js';
import { goToArrived } from '../key/goTo.js';
import type { KeyDeps } from '../key/dispatch.js';

/**
 * A `g` answered (the store's `goTo` left `looking`): the screen goes there once per `g` (src/ui/key/goTo.ts). Read
 * from the store itself, not the paced copy: the answer is acted on when it arrives.
 */
export function useGoToArrived(store: StoreView, deps: KeyDeps): void {
  const latest = useRef(deps);
  useEffect(() => {
    latest.current = deps;
  });
  const done = useRef(0);
  useEffect(() => {
    const check = () => {
      const g = store.getState().goTo;
      if (!g || g.status === 'looking' || g.seq <= done.current) return;
      done.current = g.seq;
      // after the store change that announced it, not inside it: the answer's handling in sync is finished first
      queueMicrotask(() => goToArrived(latest.current, g));
    };
    check();
    return store.subscribe(check);
  }, [store]);
}
