import { useMemo } from 'react';
import type { StoreView } from '../../store/store.js';
import type { Clock } from '../../util/clock.js';

/** After a key (and after start, until the first answers are drawn), every store change draws at once for this long. */
export const INTERACTIVE_MS = 5000;

export interface PacedStore {
  /** The store to read with `useStore`: the state as last shown, changes announced paced. */
  api: StoreView;
  /** A key or paste arrived: show the store as it is now, and draw its changes at once for the next INTERACTIVE_MS. */
  touch(): void;
  /** The clock ticked: the next render shows the store as it is now. */
  refresh(): void;
}

/**
 * The store as the App reads it. While a person is typing (a key in the last
 * INTERACTIVE_MS, or the first INTERACTIVE_MS after start) every change is
 * announced and drawn at once. While idle, changes are neither announced nor
 * shown: the App's once-a-second clock render calls `refresh` first, so a
 * data answer shares the clock's frame instead of drawing one of its own — at
 * most one frame a second while nobody types, each answer shown within a
 * second. The state read between refreshes stays the one last shown, so React
 * never finds it changed after a render (useSyncExternalStore would re-render
 * at once, a second frame in that second). With `paced` false the store is
 * read as it is (tests that do not advance their clock).
 */
export function usePacedStore(store: StoreView, clock: Clock, paced: boolean): PacedStore {
  return useMemo(
    () => (paced ? pacedStore(store, clock) : { api: store, touch: () => {}, refresh: () => {} }),
    [store, clock, paced],
  );
}

/**
 * The pacing itself: changes are shown and announced only before `until`, which starts INTERACTIVE_MS after creation
 * and each `touch` moves.
 */
export function pacedStore(store: StoreView, clock: Clock): PacedStore {
  let until = clock.now() + INTERACTIVE_MS;
  let shown = store.getState();
  const api: StoreView = {
    ...store,
    getState: () => shown,
    subscribe: (listener) =>
      store.subscribe((state, prev) => {
        if (clock.now() >= until) return;
        shown = state;
        listener(state, prev);
      }),
  };
  return {
    api,
    touch: () => {
      until = clock.now() + INTERACTIVE_MS;
      shown = store.getState();
    },
    refresh: () => {
      shown = store.getState();
    },
  };
}
