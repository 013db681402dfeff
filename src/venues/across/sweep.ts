/**
 * The strongest unconfirmed `same` pairs among the markets already loaded on the board (issue #29: the Across view
 * shows them marked unconfirmed without a `P`). Every pair of markets of two different venues is compared, at most
 * `SWEEP_PER_VENUE` markets a venue (the newest answers first), each market's signature read once per market object
 * (a WeakMap). Rejected and confirmed pairs are left out. Run by the desk in the background, never per frame.
 */
import type { Market } from '../../api/types.js';
import type { AcrossState } from '../../pairs/board.js';
import { compare } from '../../pairs/compare.js';
import type { PairDecisions } from '../../pairs/decisions.js';
import { signature } from '../../pairs/signature.js';
import type { Signature } from '../../pairs/types.js';
import { bare } from './desk.js';

export const SWEEP_PER_VENUE = 150;
export const SWEEP_MAX = 10;

const sigs = new WeakMap<Market, Signature>();
const sigOf = (m: Market): Signature => {
  let s = sigs.get(m);
  if (!s) sigs.set(m, (s = signature(bare(m))));
  return s;
};

export function sweep(
  byVenue: readonly (readonly Market[])[],
  decisions: PairDecisions,
): NonNullable<AcrossState['sweep']> {
  const lists = byVenue.map((ms) => ms.slice(0, SWEEP_PER_VENUE));
  const out: { a: string; b: string; relation: 'same'; confidence: number; reasons: string[] }[] = [];
  for (let i = 0; i < lists.length; i++)
    for (let j = i + 1; j < lists.length; j++)
      for (const x of lists[i]!) {
        const sx = sigOf(x);
        for (const y of lists[j]!) {
          const sy = sigOf(y);
          // no shared name: never the same (compare.ts); skipped before the comparison, for speed
          if (sx.subject.length && sy.subject.length && !sx.subject.some((w) => sy.subject.includes(w))) continue;
          if (decisions.decided(sx.ref, sy.ref) !== undefined) continue;
          const c = compare(sx, sy);
          if (c.relation === 'same')
            out.push({ a: x.id, b: y.id, relation: 'same', confidence: c.confidence, reasons: c.reasons });
        }
      }
  return out.sort((p, q) => q.confidence - p.confidence).slice(0, SWEEP_MAX);
}
