import type { Clock } from '../util/clock.js';
import type { Samples } from '../store/samples.js';
import type { OddsStore, Store } from '../store/store.js';

/** A wall clock that moved this much more (or less) than the steady clock between two readings has been stepped. */
export const STEP_MS = 1_000;

/**
 * The sync's clock: the wall clock (what is shown, the shared ledger) whose steps back (an NTP step, a clock set by
 * hand, a VM restored) move every time the sync keeps (`parts`) and the store's stamps back with it (setBack), before
 * the time is returned: kept in the future, they held the background back for as long as the step. A step ahead only
 * moves the sends ahead with it, the own and the shared ledger's (`ahead`: they are still in the service's window);
 * the cadence is one interval after the last send, and what was loaded looks old until refreshed within its period.
 * See docs/rate-budget.md § Clock steps.
 */
export function stepAware(clock: Clock, store: OddsStore, parts: () => readonly (Shiftable | undefined)[]): Clock {
  // the newest notice at the sync's previous read: what came after it may be stamped on the clock as already stepped
  let noticed = newestNotice(store);
  const watched = stepWatch(clock, {
    shift: (by, now) => setBack(store, parts, by, noticed, now),
    ahead: (by, now) => {
      for (const part of parts()) part?.ahead?.(by, now);
    },
  });
  return {
    ...watched,
    now() {
      const now = watched.now();
      noticed = newestNotice(store);
      return now;
    },
  };
}

const newestNotice = (store: OddsStore): number => store.getState().notices.at(-1)?.id ?? 0;

/**
 * `clock`, telling `on` of each step of its wall clock before the time is returned: a step is seen against the steady
 * clock (`Clock.steady`), else as a time before the latest read (a step ahead then not at all). Nothing of it is a
 * timer: it is looked at whenever the time is read. Whatever keeps wall-clock times outside the sync (the Across
 * desk's last refresh of each pair) reads its clock through one.
 */
export function stepWatch(clock: Clock, on: Shiftable): Clock {
  let skew: number | undefined;
  let latest = Number.NEGATIVE_INFINITY;
  return {
    now() {
      const now = clock.now();
      const steady = clock.steady?.();
      let by = 0;
      if (steady !== undefined) {
        const s = now - steady;
        if (skew !== undefined && Math.abs(s - skew) >= STEP_MS) by = s - skew;
        skew = s;
      } else if (now < latest) by = now - latest;
      latest = Math.max(latest + Math.min(0, by), now);
      if (by < 0) on.shift(by, now);
      else if (by > 0) on.ahead?.(by, now);
      return now;
    },
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle),
  };
}

/** Every time in a map moved by `by`. */
export function shiftMap<K>(map: Map<K, number>, by: number): void {
  for (const [k, v] of map) map.set(k, v + by);
}

export interface Shiftable {
  /** The wall clock was set back by -by (it reads `now`): every time kept moves with it. */
  shift(by: number, now: number): void;
  /** It was set ahead by `by`, and reads `now` (or the machine slept: the steady clock cannot tell, limits.ts). */
  ahead?(by: number, now: number): void;
}

/**
 * What a step back of -by does: every part of the sync moves what it keeps (`parts`, asked then), and the store the
 * stamps the scheduling reads and the screen shows as ages (the list's, each market's, the books', the quotes', the
 * events', closing soon's, the last answer's, the price histories', the status changes'): none reads from the future.
 */
function setBack(
  store: OddsStore,
  parts: () => readonly (Shiftable | undefined)[],
  by: number,
  noticed: number,
  now: number,
): void {
  for (const part of parts()) part?.shift(by, now);
  store.setState((st) => shiftedStamps(st, by, noticed, now));
}

type Stamped = Pick<
  Store,
  | 'list'
  | 'markets'
  | 'books'
  | 'quotes'
  | 'events'
  | 'closing'
  | 'connection'
  | 'history'
  | 'transitions'
  | 'notices'
  | 'outages'
>;

function shiftedStamps(st: Stamped, by: number, noticed: number, now: number): Stamped {
  const at = <T extends number | undefined>(t: T): T => (t === undefined ? t : ((t + by) as T));
  const each = <T>(rec: Record<string, T>, f: (v: T) => T): Record<string, T> =>
    Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, f(v)]));
  return {
    list: { ...st.list, loadedAt: at(st.list.loadedAt) },
    markets: each(st.markets, (m) => ({
      ...m,
      receivedAt: m.receivedAt + by,
      firstSeenAt: m.firstSeenAt + by,
      // the send time of its copy: an answer sent after the step must still read as newer (entries.ts olderThanHeld)
      ...(m.sentAt !== undefined ? { sentAt: m.sentAt + by } : {}),
      ...(m.detailAt !== undefined ? { detailAt: m.detailAt + by } : {}),
      // a quote's refusal (409/410/423) kept in the future held its trading state against every newer answer
      ...(m.tradeStateAt !== undefined ? { tradeStateAt: m.tradeStateAt + by } : {}),
    })),
    books: each(st.books, (b) => ({ ...b, at: b.at + by })),
    // a quote answered in the clock's future stayed current (⏎ asked nothing) for as long as the step
    quotes: each(st.quotes, (q) => ({
      ...q,
      ...(q.requestedAt !== undefined ? { requestedAt: q.requestedAt + by } : {}),
      ...(q.receivedAt !== undefined ? { receivedAt: q.receivedAt + by } : {}),
    })),
    events: {
      ...st.events,
      loadedAt: at(st.events.loadedAt),
      detailAt: each(st.events.detailAt, (t) => t + by),
      ...(st.events.listedAt ? { listedAt: each(st.events.listedAt, (t) => t + by) } : {}),
      ...(st.events.sentAt ? { sentAt: each(st.events.sentAt, (t) => t + by) } : {}),
      ...(st.events.receivedAt ? { receivedAt: each(st.events.receivedAt, (t) => t + by) } : {}),
    },
    closing: { ...st.closing, loadedAt: at(st.closing.loadedAt) },
    // the trouble's start: a banner "degraded since" a time in the clock's future, and its end measured against it
    // (an outage across the step was under a minute, or less than nothing: not recorded, "Back online" not said)
    connection: {
      ...st.connection,
      lastSuccessAt: at(st.connection.lastSuccessAt),
      troubleSince: at(st.connection.troubleSince),
      ...(st.connection.lastError
        ? { lastError: { ...st.connection.lastError, at: st.connection.lastError.at + by } }
        : {}),
    },
    // Recent changes lists them with the status changes, by time: kept, an outage read as newer than what came after
    outages: st.outages.map((o) => ({ ...o, from: o.from + by, to: o.to + by })),
    // a price history takes a sample only after its last one: kept in the future, it took none for as long as the step
    history: each(st.history, (h) => ({
      ...h,
      samples: shiftSamples(h.samples, by),
      trail: shiftSamples(h.trail, by),
    })),
    transitions: st.transitions.map((t) => ({ ...t, at: t.at + by })),
    // a notice in the clock's future hid (more than a minute ahead) or stayed for as long as the step, and the next
    // one was said with every older one of its level, as one burst (Notices.tsx: within BURST_MS before it). One said
    // since the sync's previous read is stamped before the step only if it is in the clock's future: one stamped on the
    // stepped clock (the watcher reads its own), before the sync saw the step, was moved twice — gone at once, unseen
    notices: st.notices.map((n) => (n.id <= noticed || n.at > now ? { ...n, at: n.at + by } : n)),
  };
}

function shiftSamples(s: Samples, by: number): Samples {
  return { stride: s.stride, data: s.data.map((v, i) => (i % s.stride === 0 ? v + by : v)) };
}
