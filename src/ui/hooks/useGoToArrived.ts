import { useEffect, useRef } from 'react';
import type { StoreView } from '../../store/store.js';
import type { GoToState } from '../../store/types.js';
import { goToArrived } from '../key/goTo.js';
import type { KeyDeps } from '../key/dispatch.js';

/**
 * A `g` answered (the store's `goTo` left `looking`): the screen goes there once per `g` (src/ui/key/goTo.ts). Read
 * from the store itself, not the paced copy: the answer is acted on when it arrives. Each answer is its own object
 * (the store writes a new one per change), and that is what is remembered: with several venues each venue counts
 * its own `g`s (`seq` 1 on every venue), and the board shows the last venue asked — a count would take a venue's
 * first answer after another venue's for one already handled, and an earlier answer of a venue asked again (shown
 * before its new lookup starts) for a new one.
 */
export function useGoToArrived(store: StoreView, deps: KeyDeps): void {
  const latest = useRef(deps);
  useEffect(() => {
    latest.current = deps;
  });
  const done = useRef(new WeakSet<GoToState>());
  useEffect(() => {
    const check = () => {
      const g = store.getState().goTo;
      if (!g || g.status === 'looking' || done.current.has(g)) return;
      done.current.add(g);
      // after the store change that announced it, not inside it: the answer's handling in sync is finished first
      queueMicrotask(() => goToArrived(latest.current, g));
    };
    check();
    return store.subscribe(check);
  }, [store]);
}
