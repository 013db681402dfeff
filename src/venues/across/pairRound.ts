/**
 * Which confirmed pairs the desk refreshes next (pairRefresh.ts does the round): the stalest due, as many as each
 * venue's batch holds.
 */
import type { SourceCaps } from '../../sources/types.js';
import { refKey, type MarketRef } from '../../venue/ref.js';

export type Pair = { a: MarketRef; b: MarketRef };
/** A pair by its legs' board ids. */
export interface PairIds {
  a: string;
  b: string;
}
interface Keys extends PairIds {
  va: string;
  vb: string;
  /** PairRefresh's key of the pair: `a ~ b`. */
  key: string;
}
/** A confirmed pair's board ids, made once per pair object (decisions.ts replaces the object when it changes). */
const keysOf = new WeakMap<Pair, Keys>();
export function keys(c: Pair): Keys {
  let k = keysOf.get(c);
  if (!k) {
    const [a, b] = [refKey(c.a), refKey(c.b)];
    keysOf.set(c, (k = { a, b, va: c.a.venue, vb: c.b.venue, key: `${a} ~ ${b}` }));
  }
  return k;
}

/**
 * The next round: of the confirmed pairs whose both venues are on the board, those last refreshed (or tried) at
 * `dueBy` or before, the stalest first (never: first; a tie: the first in `pairs`' order), as many as each venue's
 * batch (`room`, legs a venue) holds — a leg of two pairs counted once. One pass and a sort of the due pairs.
 */
export function stalestPairs(
  pairs: Iterable<Pair>,
  onBoard: ReadonlySet<string>,
  lastAt: (key: string) => number,
  dueBy: number,
  room: (venue: string) => number,
): PairIds[] {
  const due: { k: Keys; at: number }[] = [];
  for (const c of pairs) {
    if (!onBoard.has(c.a.venue) || !onBoard.has(c.b.venue)) continue;
    const k = keys(c);
    const at = lastAt(k.key);
    if (at <= dueBy) due.push({ k, at });
  }
  // (-Infinity − -Infinity is NaN: compared, not subtracted)
  due.sort((x, y) => (x.at === y.at ? 0 : x.at < y.at ? -1 : 1));
  const legs = new Map<string, Set<string>>();
  const fits = (venue: string, id: string) => {
    const held = legs.get(venue);
    return held?.has(id) === true || (held?.size ?? 0) < room(venue);
  };
  const out: PairIds[] = [];
  for (const { k } of due) {
    if (!fits(k.va, k.a) || !fits(k.vb, k.b)) continue;
    for (const [v, id] of [
      [k.va, k.a],
      [k.vb, k.b],
    ] as const)
      legs.set(v, (legs.get(v) ?? new Set()).add(id));
    out.push({ a: k.a, b: k.b });
  }
  return out;
}

/**
 * How many legs of a venue a round holds: its batch (`caps.batch`), or one where a batch of markets not read yet costs
 * a request each (`batchReadsEach`: Manifold), as before the rounds.
 */
export const roundRoom = (caps: SourceCaps): number => (caps.batchReadsEach ? 1 : Math.max(1, Math.floor(caps.batch)));

/**
 * Each venue's store told which of its markets are confirmed pairs' legs (board ids): its market cache never drops
 * them (src/store/held.ts), where with more than ~350 pairs on a venue a list answer evicted them and their Across rows
 * lost their prices. Read at each prune, so always the current decisions.
 */
export function holdLegs(
  stacks: readonly { id: string; store: { getState(): { holdElsewhere(ids: () => Iterable<string>): void } } }[],
  confirmed: () => Iterable<Pair>,
): void {
  for (const s of stacks)
    s.store.getState().holdElsewhere(function* () {
      for (const c of confirmed()) {
        const k = keys(c);
        if (k.va === s.id) yield k.a;
        if (k.vb === s.id) yield k.b;
      }
    });
}
