/**
 * Candidates for a market on the other venues, from what those venues answered (a search by the market's names,
 * or a page of their list): each compared field by field, `different` ones dropped, rejected pairs never proposed
 * again, confirmed ones marked, ordered same → complement → related, then by confidence. Pure: the requests are
 * the caller's (src/cli/oneshot/pairs.ts), within each venue's budget.
 */
import type { Market } from '../api/types.js';
import { refKey, type MarketRef } from '../venue/ref.js';
import { compare } from './compare.js';
import type { PairDecisions } from './decisions.js';
import { signature } from './signature.js';
import type { Comparison, Signature } from './types.js';

export interface Candidate {
  market: Market;
  sig: Signature;
  comparison: Comparison;
  confirmed: boolean;
}

const RANK = { same: 0, complement: 1, related: 2, different: 3 } as const;

/** The words to search the other venues with: the market's names, most specific first, at most `max`. */
export function searchWords(sig: Signature, max = 3): string {
  // a game whose sides the venue tied to their other names: the sides as it names them ("Lions Bills")
  if (sig.sides && sig.sideNames) return sig.sides.join(' ');
  const generic = new Set(['fed', 'republican', 'democratic', 'uk']);
  const specific = sig.subject.filter((w) => !generic.has(w));
  return (specific.length > 0 ? specific : sig.subject).slice(0, max).join(' ');
}

export function candidatesFor(
  target: Market,
  others: readonly Market[],
  decisions: PairDecisions,
  opts: { keepRelated?: boolean; max?: number } = {},
): Candidate[] {
  const a = signature(target);
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const m of others) {
    const b = signature(m);
    const k = refKey(b.ref);
    if (seen.has(k) || (b.ref.venue === a.ref.venue && b.ref.id === a.ref.id)) continue;
    seen.add(k);
    const d = decisions.decided(a.ref, b.ref);
    if (d === 'rejected') continue;
    const c = compare(a, b);
    if (c.relation === 'different' || (c.relation === 'related' && opts.keepRelated === false)) continue;
    out.push({ market: m, sig: b, comparison: c, confirmed: d === 'confirmed' });
  }
  out.sort(
    (x, y) =>
      RANK[x.comparison.relation] - RANK[y.comparison.relation] ||
      y.comparison.confidence - x.comparison.confidence ||
      refKey(x.sig.ref).localeCompare(refKey(y.sig.ref)),
  );
  return out.slice(0, opts.max ?? 20);
}

/** Pairs across venues among listed markets: same and complement only, each pair once, rejected ones left out. */
export function crossVenuePairs(
  lists: ReadonlyMap<string, readonly Market[]>,
  decisions: PairDecisions,
  max = 20,
): { a: Market; b: Market; comparison: Comparison; confirmed: boolean }[] {
  const venues = [...lists.keys()];
  const sigs = new Map(venues.map((v) => [v, lists.get(v)!.map((m) => ({ m, s: signature(m) }))]));
  const out: { a: Market; b: Market; comparison: Comparison; confirmed: boolean }[] = [];
  for (let i = 0; i < venues.length; i++)
    for (let j = i + 1; j < venues.length; j++)
      for (const x of sigs.get(venues[i]!)!)
        for (const y of sigs.get(venues[j]!)!) {
          const d = decisions.decided(x.s.ref, y.s.ref);
          if (d === 'rejected') continue;
          const c = compare(x.s, y.s);
          if (c.relation === 'same' || c.relation === 'complement')
            out.push({ a: x.m, b: y.m, comparison: c, confirmed: d === 'confirmed' });
        }
  out.sort(
    (p, q) =>
      RANK[p.comparison.relation] - RANK[q.comparison.relation] || q.comparison.confidence - p.comparison.confidence,
  );
  return out.slice(0, max);
}

/** `kalshi:TICKER`, `polymarket:ID`, `manifold:ID`; a bare id is on `venue` when exactly one venue is named. */
export function readMarketArg(arg: string, venues: readonly string[]): MarketRef | string {
  const at = arg.indexOf(':');
  const venue = at > 0 ? arg.slice(0, at) : undefined;
  if (venue && ['kalshi', 'polymarket', 'manifold'].includes(venue) && arg.length > at + 1)
    return { venue: venue as MarketRef['venue'], id: arg.slice(at + 1) };
  if (venues.length === 1) return { venue: venues[0] as MarketRef['venue'], id: arg };
  return `give the market as venue:id (kalshi:TICKER, polymarket:ID, manifold:ID), or name one --source`;
}

/**
 * Why a market no longer open has no candidates: its twin has likely closed too, and the venues' searches look
 * among open markets first (Kalshi's never reaches one settled before its historical cutoff, docs/sources/kalshi.md);
 * and how to pair it by hand. `ref` is the market as `oddsboard pairs` takes it (`venue:id`). Said by `oddsboard
 * pairs MARKET` and the Across view alike. Undefined for an open market.
 */
export function noCandidatesWhy(m: Market, ref: string, now: number): string | undefined {
  const state =
    m.status === 'closed' || m.status === 'settling' || m.status === 'resolved'
      ? `is ${m.status}`
      : m.closesAt !== undefined && m.closesAt <= now
        ? // its venue may still call it active: what is true is that its close time passed (marketClosingText's word)
          `passed its close time on ${new Date(m.closesAt).toISOString().slice(0, 10)}`
        : undefined;
  if (state === undefined) return undefined;
  return (
    `This market ${state}: its twin has likely closed too, and a venue's search may not find a closed market ` +
    "(Kalshi's does not reach one settled before its historical cutoff). To pair it by hand: oddsboard pairs " +
    `${ref} --confirm VENUE:ID`
  );
}
