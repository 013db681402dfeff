/**
 * The Across view's rows (docs/pairs.md § The dashboard), a pure function of the board's markets and the desk's
 * state: every confirmed pair on the board's venues, then the candidates of the market asked about (the `same` ones
 * marked unconfirmed first). Each with both prices (a complement's second leg flipped and labelled), the gap in points
 * of a 1-unit payout, the gap after fees for `ACROSS_SIZE` contracts and the depth both books fill — or, where a fee,
 * a book or a rule is unknown, why no edge is shown.
 */
import type { Market } from '../../api/types.js';
import { compare } from '../../pairs/compare.js';
import { pairGap, type Gap } from '../../pairs/gap.js';
import { signature } from '../../pairs/signature.js';
import type { Comparison } from '../../pairs/types.js';
import type { MarketEntry } from '../../store/types.js';
import { refKey } from '../../venue/ref.js';
import type { AcrossState } from './desk.js';
import { bare } from './desk.js';

/** The size the gap after fees is stated for (contracts). */
export const ACROSS_SIZE = 100;

export interface AcrossRow {
  /** The row's market on the board (leg a of a pair, or the candidate). */
  id: string;
  kind: 'pair' | 'candidate';
  a: string;
  b: string;
  confirmed: boolean;
  comparison: Comparison;
  /** Absent while a leg's market is not loaded. */
  gap?: Gap;
  /**
   * Titled by this market instead of the row's own: on a board narrowed by `v`, the pair's other leg where the row's
   * market is the leg of several rows (a market's candidates), which that leg's title alone would not tell apart.
   */
  titleId?: string;
}

/** A pair's key, the same whichever leg comes first: a row's key in the view (each pair one row). */
export const pairKeyOf = (r: Pick<AcrossRow, 'a' | 'b'>): string => [r.a, r.b].sort().join(' ~ ');

function gapOf(a: Market, b: Market, comparison: Comparison, across: AcrossState, confirmed = false): Gap {
  const [ma, mb] = [bare(a), bare(b)];
  const ba = across.books[a.id];
  const bb = across.books[b.id];
  return pairGap(
    { market: ma, sig: signature(ma), ...(ba ? { book: ba } : {}) },
    { market: mb, sig: signature(mb), ...(bb ? { book: bb } : {}) },
    comparison,
    ACROSS_SIZE,
    confirmed,
  );
}

export function acrossRows(
  across: AcrossState | undefined,
  markets: Readonly<Record<string, MarketEntry>>,
  venues: readonly string[],
): AcrossRow[] {
  if (!across) return [];
  const out: AcrossRow[] = [];
  const seen = new Set<string>();
  /** Pairs listed (a pair found by `P` and by the sweep is one row). */
  const pairs = new Set<string>();
  const pk = (a: string, b: string) => pairKeyOf({ a, b });
  for (const c of across.decisions.confirmed.values()) {
    if (!venues.includes(c.a.venue) || !venues.includes(c.b.venue)) continue;
    const [a, b] = [refKey(c.a), refKey(c.b)];
    const ma = markets[a]?.market;
    const mb = markets[b]?.market;
    const comparison =
      ma && mb
        ? compare(signature(bare(ma)), signature(bare(mb)))
        : { relation: c.relation, confidence: 0, reasons: c.reasons };
    if (seen.has(a)) continue;
    seen.add(a);
    pairs.add(pk(a, b));
    out.push({
      id: a,
      kind: 'pair',
      a,
      b,
      confirmed: true,
      comparison,
      ...(ma && mb ? { gap: gapOf(ma, mb, comparison, across, true) } : {}),
    });
  }
  const t = across.target;
  if (t) {
    const ma = markets[t.id]?.market;
    for (const c of t.candidates) {
      if (c.confirmed || seen.has(c.id)) continue;
      seen.add(c.id);
      pairs.add(pk(t.id, c.id));
      const mb = markets[c.id]?.market;
      const comparison: Comparison = {
        relation: c.relation,
        confidence: c.confidence,
        reasons: c.reasons,
        ...(c.edge ? { edge: c.edge } : {}),
      };
      out.push({
        id: c.id,
        kind: 'candidate',
        a: t.id,
        b: c.id,
        confirmed: false,
        comparison,
        ...(ma && mb ? { gap: gapOf(ma, mb, comparison, across) } : {}),
      });
    }
  }
  for (const p of across.sweep ?? []) {
    const id = seen.has(p.a) ? p.b : p.a;
    if (seen.has(id) || pairs.has(pk(p.a, p.b))) continue;
    seen.add(id);
    const ma = markets[p.a]?.market;
    const mb = markets[p.b]?.market;
    const comparison: Comparison = { relation: p.relation, confidence: p.confidence, reasons: p.reasons };
    out.push({
      id,
      kind: 'candidate',
      a: p.a,
      b: p.b,
      confirmed: false,
      comparison,
      ...(ma && mb ? { gap: gapOf(ma, mb, comparison, across) } : {}),
    });
  }
  return out;
}

/** Memoized on its inputs' identities (the view's rows and its list compute the same rows). */
let last: { args: unknown[]; out: AcrossRow[] } | undefined;
export function acrossRowsMemo(
  across: AcrossState | undefined,
  markets: Readonly<Record<string, MarketEntry>>,
  venues: readonly string[],
): AcrossRow[] {
  const args = [across, markets, venues.join(',')];
  if (last && last.args.every((x, i) => x === args[i])) return last.out;
  last = { args, out: acrossRows(across, markets, venues) };
  return last.out;
}
