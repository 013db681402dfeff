/**
 * Scripted, seeded user activity for the budget benchmark: selection changes in
 * bursts every few seconds (j j j), a quote typed every few minutes (one key
 * press per character), now and then a different sort order.
 */
import { mulberry32 } from '../src/util/prng.js';

export type UserAction =
  | { at: number; kind: 'move'; dir: 1 | -1 }
  | { at: number; kind: 'quote'; amount: string; last: boolean }
  | { at: number; kind: 'sort'; sort: string }
  | { at: number; kind: 'search'; q: string };

/** The benchmarks' seeded randomness (mulberry32, shared with the simulator). */
export const prng = mulberry32;

export interface ActivityOptions {
  start: number;
  durationMs: number;
  seed: number;
}

const AMOUNTS = ['25', '100', '7.5', '250', '40'];
const SORTS = ['newest', 'liquidity', 'closing', 'volume'];

export function scriptActivity(o: ActivityOptions): UserAction[] {
  const rnd = prng(o.seed);
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const end = o.start + o.durationMs;
  const out: UserAction[] = [];
  // selection bursts: 1–4 key presses 120 ms apart, a burst every 3–12 s, mostly downwards
  for (let t = o.start + 2_000; t < end; t += Math.round(uniform(3_000, 12_000))) {
    const n = 1 + Math.floor(rnd() * 4);
    const dir = rnd() < 0.8 ? 1 : -1;
    for (let k = 0; k < n; k++) out.push({ at: t + k * 120, kind: 'move', dir });
  }
  // a quote typed every 2–5 min, 150 ms per character
  const typing: Array<[number, number]> = [];
  for (let t = o.start + Math.round(uniform(60_000, 180_000)); t < end; t += Math.round(uniform(120_000, 300_000))) {
    const amount = AMOUNTS[Math.floor(rnd() * AMOUNTS.length)]!;
    typing.push([t, t + (amount.length - 1) * 150]);
    for (let k = 1; k <= amount.length; k++)
      out.push({ at: t + (k - 1) * 150, kind: 'quote', amount: amount.slice(0, k), last: k === amount.length });
  }
  // a different sort order every 10–20 min
  let s = 0;
  for (
    let t = o.start + Math.round(uniform(600_000, 1_200_000));
    t < end;
    t += Math.round(uniform(600_000, 1_200_000))
  ) {
    out.push({ at: t, kind: 'sort', sort: SORTS[s++ % SORTS.length]! });
  }
  return withoutTypingClashes(out, typing)
    .filter((a) => a.at < end)
    .sort((a, b) => a.at - b.at);
}

/**
 * A person typing an amount does not press j or s in the middle of it (with the
 * UI attached that j would land in the amount field): other actions that fall
 * inside a quote's typing span are dropped, for both the intent and the key runs.
 */
function withoutTypingClashes(actions: UserAction[], typing: Array<[number, number]>): UserAction[] {
  return actions.filter((a) => a.kind === 'quote' || !typing.some(([from, to]) => a.at >= from && a.at <= to));
}

export interface SoakActivityOptions extends ActivityOptions {
  /** Mean gap between selection bursts (default 3 min), quotes (40 min) and list changes (3 h). */
  moveEveryMs?: number;
  quoteEveryMs?: number;
  listChangeEveryMs?: number;
}

/** Search terms, each cleared again at the next list change but one. */
const SEARCHES = ['cup', '', 'election', ''];

/**
 * Light activity for a dashboard left running: a short selection burst every
 * few minutes, a quote now and then, a search or sort change every few hours
 * (sort changes alternate with searches; every other search clears the box).
 */
export function scriptSoakActivity(o: SoakActivityOptions): UserAction[] {
  // one random stream per kind, so a longer soak is the shorter one continued
  const [moves, quotes, lists] = [prng(o.seed), prng(o.seed + 1), prng(o.seed + 2)];
  let rnd = moves;
  const around = (mean: number) => Math.round(mean * (0.5 + rnd()));
  const end = o.start + o.durationMs;
  const out: UserAction[] = [];
  for (let t = o.start + around(o.moveEveryMs ?? 180_000); t < end; t += around(o.moveEveryMs ?? 180_000)) {
    const n = 1 + Math.floor(rnd() * 3);
    const dir = rnd() < 0.7 ? 1 : -1;
    for (let k = 0; k < n; k++) out.push({ at: t + k * 150, kind: 'move', dir });
  }
  rnd = quotes;
  const typing: Array<[number, number]> = [];
  for (let t = o.start + around(o.quoteEveryMs ?? 2_400_000); t < end; t += around(o.quoteEveryMs ?? 2_400_000)) {
    const amount = AMOUNTS[Math.floor(rnd() * AMOUNTS.length)]!;
    typing.push([t, t + (amount.length - 1) * 200]);
    for (let k = 1; k <= amount.length; k++)
      out.push({ at: t + (k - 1) * 200, kind: 'quote', amount: amount.slice(0, k), last: k === amount.length });
  }
  rnd = lists;
  let n = 0;
  for (
    let t = o.start + around(o.listChangeEveryMs ?? 10_800_000);
    t < end;
    t += around(o.listChangeEveryMs ?? 10_800_000), n++
  ) {
    out.push(
      n % 2 === 0
        ? { at: t, kind: 'sort', sort: SORTS[(n / 2) % SORTS.length]! }
        : { at: t, kind: 'search', q: SEARCHES[((n - 1) / 2) % SEARCHES.length]! },
    );
  }
  return withoutTypingClashes(out, typing)
    .filter((a) => a.at < end)
    .sort((a, b) => a.at - b.at);
}
