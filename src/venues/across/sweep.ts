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
import type { OddsStore } from '../../store/store.js';
import { bare } from './desk.js';

export const SWEEP_PER_VENUE = 150;
export const SWEEP_MAX = 10;

const sigs = new WeakMap<Market, Signature>();
const sigOf = (m: Market): Signature => {
  let s = sigs.get(m);
  if (!s) sigs.set(m, (s = signature(bare(m))));
  return s;
};

/** Each venue's markets loaded on the board, as the sweep takes them: its list's first, in its order, then the rest. */
export function boardLists(stacks: readonly { store: OddsStore }[]): Market[][] {
  return stacks.map((s) => {
    const st = s.store.getState();
    const listed = st.list.ids.flatMap((id) => (st.markets[id] ? [st.markets[id].market] : []));
    const inList = new Set(st.list.ids);
    const rest = Object.values(st.markets)
      .map((e) => e.market)
      .filter((m) => !inList.has(m.id));
    return [...listed, ...rest];
  });
}

export function sweep(
  byVenue: readonly (readonly Market[])[],
  decisions: PairDecisions,
): NonNullable<AcrossState['sweep']> {
  const lists = byVenue.map((ms) => ms.slice(0, SWEEP_PER_VENUE));
  const out: { a: string; b: string; relation: 'same'; confidence: number; reasons: string[] }[] = [];
  for (let i = 0; i < lists.length; i++)
    for (let j = i + 1; j < lists.length; j++) {
      const ys = lists[j]!;
      const shared = sharingWords(ys.map(sigOf));
      for (const x of lists[i]!) {
        const sx = sigOf(x);
        // no shared name: never the same (compare.ts); skipped before the comparison, for speed
        const maybe = shared(sx);
        for (let k = 0; k < ys.length; k++) {
          if (!maybe(k)) continue;
          const y = ys[k]!;
          const sy = sigOf(y);
          if (decisions.decided(sx.ref, sy.ref) !== undefined) continue;
          const c = compare(sx, sy);
          if (c.relation === 'same')
            out.push({ a: x.id, b: y.id, relation: 'same', confidence: c.confidence, reasons: c.reasons });
        }
      }
    }
  return out.sort((p, q) => q.confidence - p.confidence).slice(0, SWEEP_MAX);
}

/**
 * Over one venue's signatures (`ys`): for a signature of another venue, which of them may be the same market — those
 * that share a word of its subject with it, and any of them when either has no subject words. The same answer as
 * asking every pair whether their subjects share a word, from an index of the words (a venue's 150 markets against
 * another's are 22,500 pairs every sweep, most of them sharing nothing).
 */
function sharingWords(ys: readonly Signature[]): (sx: Signature) => (k: number) => boolean {
  const byWord = new Map<string, number[]>();
  const unnamed: number[] = [];
  ys.forEach((sy, k) => {
    if (sy.subject.length === 0) unnamed.push(k);
    for (const w of sy.subject) {
      const at = byWord.get(w);
      if (!at) byWord.set(w, [k]);
      else if (at[at.length - 1] !== k) at.push(k);
    }
  });
  const marks = new Uint32Array(ys.length);
  let round = 0;
  const any = () => true;
  return (sx) => {
    if (sx.subject.length === 0) return any;
    const mine = ++round;
    for (const k of unnamed) marks[k] = mine;
    for (const w of sx.subject) for (const k of byWord.get(w) ?? []) marks[k] = mine;
    return (k) => marks[k] === mine;
  };
}
