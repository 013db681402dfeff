/**
 * An Across row at the widths people run the board at: the list is 100 columns of a 160-column terminal, 58 of a
 * 100-column one, 80 and 60 where the detail goes under it. Every row must say whether it has an edge, and why where
 * it can, before its title is given room; the recorded Fed September pair (pairs/, SOURCES.md), no book answered.
 */
import { describe, expect, it } from 'vitest';
import { pairMarkets } from '../../../test/support/pairsFixtures.js';
import { compare } from '../../pairs/compare.js';
import { pairGap, type Leg } from '../../pairs/gap.js';
import { signature } from '../../pairs/signature.js';
import type { Seg } from '../components/Line.js';
import { displayWidth } from '../format.js';
import { gapParts } from './across.js';
import { fitRow, shortReason, shortReasons } from './acrossFit.js';

const markets = pairMarkets();
const leg = (k: string): Leg => ({ market: markets.get(k)!, sig: signature(markets.get(k)!) });
const text = (segs: Seg[]) => segs.map((s) => s.text).join('');

/** The Fed pair's row (same, 95%, no book from either venue) fitted to `cells`. */
function fedRow(cells: number): string {
  const a = leg('kalshi:KXFEDDECISION-26SEP-H0');
  const b = leg('polymarket:2252244');
  const g = gapParts(pairGap(a, b, compare(a.sig, b.sig), 100));
  const head: Seg[] = [{ text: '▸ ' }, { text: 'K ' }, { text: 'P ' }, { text: '? same 95% ' }];
  const title = { text: '  …September 2026 meeting?' };
  return text(fitRow({ head, figures: g.segs, compact: g.compact, reason: g.reason!, title, closes: g.closes }, cells));
}

/** A confirmed pair priced on both venues: Kalshi 71¢, Polymarket 68.5¢, 1.2¢ after fees on 100 contracts. */
const legOf = (venue: 'kalshi' | 'polymarket', price: number, currency: 'USD' | 'USDC') =>
  ({ venue, id: 'x', price, side: 'YES', currency }) as const;
const PRICED = {
  a: legOf('kalshi', 0.71, 'USD'),
  b: legOf('polymarket', 0.685, 'USDC'),
  cents: 2.5,
  cheaper: 'b',
  size: 100,
  afterFees: { contracts: 100, cents: 1.2 },
  fillable: 100,
  noEdge: [],
  notes: [],
} as unknown as Parameters<typeof gapParts>[0];

describe('an Across row fitted to its width', () => {
  it('100 cells: the currencies, the reason as the gap gives it, the title whole', () => {
    const row = fedRow(100);
    expect(row).toContain('71.0¢ USD · 68.5¢ USDC · gap 2.5¢ · no edge: no order book from Kalshi  …Septem');
    expect(displayWidth(row)).toBeLessThanOrEqual(100);
  });

  it('80 cells: the reason readable (short), the currencies left out, the title still names the candidate', () => {
    const row = fedRow(80);
    expect(row).toMatch(/ 71\.0¢ · 68\.5¢ · gap 2\.5¢ · no edge: no K book {2}…September 20/);
    expect(displayWidth(row)).toBeLessThanOrEqual(80);
  });

  it('80 cells, an edge-case candidate: the short reason, the title cut to 8 cells (not the title alone)', () => {
    const head: Seg[] = [{ text: '▸ ' }, { text: 'K ' }, { text: 'P ' }, { text: '? related 81% ' }];
    const compact: Seg[] = [{ text: ' 33.0¢ · 33.5¢' }, { text: ' · gap 0.5¢' }];
    const figures: Seg[] = [{ text: ' 33.0¢ USD · 33.5¢ USDC' }, { text: ' · gap 0.5¢' }];
    const reason =
      'not the same contract (related): a postponed game settles at a fair price: Kalshi only (only if the event ' +
      'does not go as planned: priced once you confirm the pair)';
    const row = text(fitRow({ head, figures, compact, reason, title: { text: '  Lions vs. Bills' } }, 80));
    expect(row).toMatch(/gap 0\.5¢ · no edge: until confirmed {2}Lions…$/);
  });

  it('58 and 60 cells: still says it has no edge, never the gap alone (the line under the list says why)', () => {
    for (const cells of [58, 60]) {
      const row = fedRow(cells);
      expect(row).toMatch(/gap 2\.5¢ · no edge/);
      expect(row).not.toContain('no edge…');
      expect(row).not.toMatch(/ {2}…\S{0,3}…$/);
      expect(displayWidth(row)).toBeLessThanOrEqual(cells);
    }
  });

  it('every reason pairGap gives has a short wording, the venue by its letter on the row', () => {
    const said: [string, string][] = [
      ["Kalshi's market is resolved: nothing to trade", 'K resolved'],
      ['not the same contract (related): date 2026-07-29 vs 2026-09', 'not the same'],
      [
        'not the same contract (related): a postponed game settles at a fair price: Kalshi only (only if the event ' +
          'does not go as planned: priced once you confirm the pair)',
        'until confirmed',
      ],
      ["Manifold's rules text is not in this record", 'no M rules'],
      ['no order book from Polymarket', 'no P book'],
      ["Polymarket's fee is unknown: this market's fee schedule was not in its record", 'P fee unknown'],
      ["the interface's currency is unknown", 'I currency unknown'],
      ['mana and money are not summed', 'mana vs money'],
      ['a price is missing', 'no price'],
      ['the books hold nothing to fill on one side', 'empty book'],
    ];
    for (const [long, short] of said) expect(shortReason(long)).toBe(short);
    // a related pair: what differs first, where the row has room for it
    expect(shortReasons('not the same contract (related): date 2026-07-29 vs 2026-09')).toEqual([
      'date 2026-07-29 vs 2026-09',
      'not the same',
    ]);
    expect(shortReason('a reason not known here')).toBe('a reason not known here');
    // what the view is given is what gap.ts says: its reasons for the Fed pair with a resolved leg have short forms
    const a = leg('kalshi:KXFEDDECISION-26SEP-H0');
    const b = leg('manifold:lqtROphAhp');
    const resolved: Leg = { ...a, market: { ...a.market, status: 'resolved' } };
    const g = pairGap(resolved, b, compare(a.sig, b.sig), 100);
    expect(g.noEdge.length).toBeGreaterThan(3);
    for (const r of g.noEdge) expect(shortReason(r).length).toBeLessThan(r.length);
  });

  it('a confirmed, priced pair at 80 cells: the depth given up before the row is cut (it was 81 wide)', () => {
    const g = gapParts(PRICED);
    const head: Seg[] = [{ text: '▸ ' }, { text: 'K ' }, { text: 'P ' }, { text: '✓ same as same 100% ' }];
    const fit = (cells: number) =>
      text(
        fitRow({ head, figures: g.segs, compact: g.compact, tight: g.tight!, title: { text: '  …September' } }, cells),
      );
    expect(fit(120)).toContain('· gap 2.5¢ · after fees 1.2¢/100 · depth 100');
    const row = fit(80);
    expect(displayWidth(row)).toBeLessThanOrEqual(80);
    expect(row).toMatch(/ 71\.0¢ · 68\.5¢ · gap 2\.5¢ · after fees 1\.2¢ {2}…Septe/);
  });

  it('40 cells: the relation said shorter before a figure is cut (it read "gap 2…"), prices and gap whole', () => {
    const a = leg('kalshi:KXFEDDECISION-26SEP-H0');
    const b = leg('polymarket:2252244');
    const g = gapParts(pairGap(a, b, compare(a.sig, b.sig), 100));
    const head: Seg[] = [{ text: '▸ ' }, { text: 'K ' }, { text: 'P ' }, { text: '? same 95% ' }];
    const heads = [
      [...head.slice(0, 3), { text: '? same ' }],
      [...head.slice(0, 3), { text: '? ' }],
    ];
    const parts = { head, heads, figures: g.segs, compact: g.compact, reason: g.reason!, title: { text: '  …Sept' } };
    expect(text(fitRow(parts, 40))).toBe('▸ K P ? same  71.0¢ · 68.5¢ · gap 2.5¢');
    expect(text(fitRow(parts, 34))).toBe('▸ K P ?  71.0¢ · 68.5¢ · gap 2.5¢');
    // narrower than that: a figure left out whole, never cut
    expect(text(fitRow(parts, 30))).toBe('▸ K P ?  71.0¢ · 68.5¢');
  });

  it('40 cells, a priced pair: the mark alone, both prices and the gap after fees (the gap itself gives way)', () => {
    const g = gapParts(PRICED);
    const head: Seg[] = [{ text: '▸ ' }, { text: 'K ' }, { text: 'P ' }, { text: '✓ same 100% ' }];
    const heads = [
      [...head.slice(0, 3), { text: '✓ same ' }],
      [...head.slice(0, 3), { text: '✓ ' }],
    ];
    const row = fitRow(
      { head, heads, figures: g.segs, compact: g.compact, tight: g.tight!, narrow: g.narrow!, title: { text: '  x' } },
      40,
    );
    expect(text(row)).toBe('▸ K P ✓  71.0¢ · 68.5¢ · after fees 1.2¢');
  });
});
