import { useEffect, useRef } from 'react';
import { drawnBy } from '../key/moves.js';
import { viewById, type KeyDeps } from '../key/dispatch.js';

/**
 * The view on screen at mount is shown to sync as a key shows the next (`showSource`, src/ui/key/moves.ts): with its
 * rule for the market it draws as selected, so one rule decides the selection from the first answer on, with one
 * venue or several (docs/views.md § The selection). Once for each sync: it follows no state (keys show the next views).
 */
export function useViewShown(deps: Pick<KeyDeps, 'sync' | 'readUi' | 'clock' | 'moversThreshold'>): void {
  const latest = useRef(deps);
  useEffect(() => {
    latest.current = deps;
  });
  const { sync } = deps;
  useEffect(() => {
    const view = viewById(latest.current.readUi().view);
    sync.show(view.source, drawnBy(latest.current, view));
  }, [sync]);
}
