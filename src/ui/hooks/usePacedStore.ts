import { useMemo } from 'react';
import type { OddsStore } from '../../store/store.js';
import type { Clock } from '../../util/clock.js';

/** After a key (and after start, until the first answers are drawn), every store change draws at once for this long. */
export const INTERACTIVE_MS = 5000;

export interface PacedStore {
  /** The store to read with `useStore`: same state, paced announcements. */
  api: OddsStore;
  /** A key or paste arrived: draw store changes at once for the next INTERACTIVE_MS. */
  touch(): void;
}

/**
 * The store as the App reads it. While a person is typing (a key in the last
 * INTERACTIVE_MS, or the first INTERACTIVE_MS after start) every change is
 * announced and drawn at once. While idle, changes are not announced: the
 * App's once-a-second clock render reads the store anyway, so a data answer
 * shares the clock's frame instead of drawing one of its own — at most one
 * frame a second while nobody types, each answer shown within a second.
 * With `paced` false every change is announced (tests that do not advance
 * their clock).
 */
export function usePacedStore(store: OddsStore, clock: Clock, paced: boolean): PacedStore {
  return useMemo(() => (paced ? pacedStore(store, clock) : { api: store, touch: () => {} }), [store, clock, paced]);
}

/** The pacing itself: changes are announced only before `until`, which starts INTERACTIVE_MS after creation and each `touch` moves. */
export function pacedStore(store: OddsStore, clock: Clock): PacedStore {
  let until = clock.now() + INTERACTIVE_MS;
  const api: OddsStore = {
    ...store,
    subscribe: (listener) =>
      store.subscribe((state, prev) => {
        if (clock.now() < until) listener(state, prev);
      }),
  };
  return { api, touch: () => (until = clock.now() + INTERACTIVE_MS) };
}
