/**
 * The matcher on real pairs of titles and rules (test/fixtures/real/pairs/, SOURCES.md names each source): every
 * trap issue #29 names is caught with its reason, a true same pair is found on each venue pair, and a complement.
 */
import { describe, expect, it } from 'vitest';
import { pairLabels, pairMarkets } from '../../test/support/pairsFixtures.js';
import { compare, reasonsText } from './compare.js';
import { signature } from './signature.js';
import type { Comparison } from './types.js';

const markets = pairMarkets();

function cmp(a: string, b: string): Comparison {
  const ma = markets.get(a);
  const mb = markets.get(b);
  if (!ma || !mb) throw new Error(`fixture market missing: ${ma ? b : a}`);
  return compare(signature(ma), signature(mb));
}

describe('the traps, on real titles and rules', () => {
  it('weather station: both say NYC; Kalshi settles on Central Park, Polymarket on LaGuardia', () => {
    const c = cmp('kalshi:KXHIGHNY-26JUL05-T91', 'polymarket:highest-temperature-in-nyc-on-august-25-2026');
    expect(c.relation).not.toBe('same');
    expect(c.reasons).toContain('station Central Park vs LaGuardia');
  });

  it('cumulative threshold vs exclusive bucket: Manifold "at least 25 bps" vs Kalshi C25', () => {
    const c = cmp('manifold:lqtROphAhp', 'kalshi:KXFEDDECISION-26SEP-C25');
    expect(c.relation).toBe('related');
    expect(c.reasons[0]).toBe(
      'cut of 25 bps or more vs cut of exactly 25 bps (cumulative threshold vs exclusive bucket)',
    );
  });

  it("the same threshold against Polymarket's exclusive 25 bps bucket (gamma event 481717)", () => {
    const c = cmp('manifold:lqtROphAhp', 'polymarket:2252243');
    expect(c.relation).toBe('related');
    expect(c.reasons[0]).toContain('cumulative threshold vs exclusive bucket');
  });

  it('time window: Polymarket "no change after the July 2026 meeting" vs Kalshi H0 in September', () => {
    const c = cmp('polymarket:1654958', 'kalshi:KXFEDDECISION-26SEP-H0');
    expect(c.relation).toBe('related');
    expect(c.reasons).toContain('date 2026-07 vs 2026-09-16');
  });

  it('time window: Kraken IPO by June 30, 2026 vs by December 31, 2026 (Polymarket, kraken-macron events)', () => {
    expect(cmp('polymarket:1642124', 'polymarket:691547').reasons).toContain(
      'window ends by 2026-06-30 vs by 2026-12-31',
    );
  });

  it('time window: Fed cuts "in 2024" (Kalshi) vs "by the Fed\'s December meeting" (Polymarket)', () => {
    const c = cmp('kalshi:RATECUTCOUNT-24DEC31-T2', 'polymarket:254576');
    expect(c.relation).toBe('related');
    expect(c.reasons).toContain('window ends 2024 vs by 2024-12');
  });

  it('nominee vs winner: Kalshi KXPRESNOMR-28-JDV vs Manifold "Will JD Vance win the 2028 … Election?"', () => {
    const c = cmp('kalshi:KXPRESNOMR-28-JDV', 'manifold:wpdomi6nif');
    expect(c.relation).toBe('related');
    expect(c.reasons[0]).toBe('nominee vs winner');
  });

  it('nominee vs primary winner: Kalshi "wins the nomination" vs Polymarket "winner of the … Primary"', () => {
    expect(cmp('kalshi:KXSENATETXD-26-JCRO', 'polymarket:679231').reasons[0]).toBe('nominee vs primary winner');
  });

  it("inauguration vs media call: Kalshi KXPRESPERSON-28-MRUB vs Polymarket 561234 (the casebook's pair)", () => {
    const c = cmp('kalshi:KXPRESPERSON-28-MRUB', 'polymarket:561234');
    expect(c.relation).toBe('related');
    expect(c.reasons[0]).toBe('inauguration vs media call');
  });

  it('inauguration vs media call: New Jersey governor 2025, Kalshi GOVPARTYNJ-25-D vs Polymarket 551137', () => {
    expect(cmp('kalshi:GOVPARTYNJ-25-D', 'polymarket:551137').reasons[0]).toBe('inauguration vs media call');
  });

  it('a race vs a standalone: Trump leaves office (Kalshi) vs the next leader out (Polymarket 1116033)', () => {
    const c = cmp('kalshi:KXTRUMPOUT27-27-DJT', 'polymarket:1116033');
    expect(c.relation).toBe('related');
    expect(c.reasons).toContain('leaves at all vs first of a group');
    expect(c.reasons).toContain('an announcement counts: Kalshi only');
  });

  it('leaves office for any reason (Kalshi KXTRUMPOUT27) vs resigns (Manifold APZqzSQlPQ)', () => {
    expect(cmp('kalshi:KXTRUMPOUT27-27-DJT', 'manifold:APZqzSQlPQ').reasons[0]).toBe('leaves at all vs resigns');
  });

  it('a race against another event: Trump out before GTA VI is released (Polymarket 540820) vs resigns', () => {
    const c = cmp('polymarket:540820', 'manifold:APZqzSQlPQ');
    expect(c.relation).toBe('related');
    expect(c.reasons).toContain('first of a group vs resigns');
  });

  it('names that only half agree are different subjects: Crockett vs Talarico, both Texas Democrats (Kalshi)', () => {
    const c = cmp('kalshi:KXSENATETXD-26-JCRO', 'kalshi:KXSENATETXD-26-JTAL');
    expect(c.relation).toBe('related');
    expect(c.reasons[0]).toBe('different subjects: jasmine crockett vs james talarico');
  });

  it('a rounding clause on one side: Kalshi C25 (exactly 25 bps) vs Polymarket 2252243 (rounds up)', () => {
    const c = cmp('kalshi:KXFEDDECISION-26SEP-C25', 'polymarket:2252243');
    expect(c.relation).toBe('related');
    expect(c.reasons).toContain('a change off the ladder is rounded up: Polymarket only');
  });

  it('a rules template with a gap ("Cut of   25bps") fails closed', () => {
    const c = cmp('kalshi:KXFEDDECISION-26SEP-C26', 'polymarket:2252242');
    expect(c.relation).toBe('related');
    expect(c.reasons.some((r) => r.startsWith('Kalshi: its rules text has a gap'))).toBe(true);
  });

  it('mutually exclusive buckets of one ladder are different, not related', () => {
    expect(cmp('kalshi:KXFEDDECISION-26SEP-H0', 'manifold:lqtROphAhp').relation).toBe('different');
  });
});

describe('true pairs', () => {
  it('Kalshi–Polymarket same, found by the sweep: July 2026 "Fed maintains rate" and "no change" (1654958)', () => {
    expect(cmp('kalshi:KXFEDDECISION-26JUL-H0', 'polymarket:1654958').relation).toBe('same');
  });

  it('Kalshi–Polymarket same: "Fed maintains rate" (H0) and "no change" in September (2252244)', () => {
    const c = cmp('kalshi:KXFEDDECISION-26SEP-H0', 'polymarket:2252244');
    expect(c.relation).toBe('same');
    expect(c.confidence).toBeGreaterThanOrEqual(0.9);
    expect(c.reasons).toContain('fed rate change (bps): no change');
  });

  it('Kalshi–Manifold same: KXTRUMPRESIGN and "Will Donald Trump resign … second term?" (lower confidence)', () => {
    const c = cmp('kalshi:KXTRUMPRESIGN', 'manifold:APZqzSQlPQ');
    expect(c.relation).toBe('same');
    expect(c.confidence).toBeLessThan(0.8);
    expect(c.reasons).toContain('no rules text from Manifold in this record');
  });

  it('a clause on one side, the other with no rules text: one reason naming both (text output joins with ";")', () => {
    const c = cmp('kalshi:KXFEDDECISION-26SEP-C25', 'manifold:lqtROphAhp');
    expect(c.reasons).toContain('a cancelled meeting counts as no change on Kalshi, unknown on Manifold');
    expect(c.reasons.every((r) => !r.includes(';'))).toBe(true);
  });

  it('Polymarket–Manifold same: Trump wins the 2026 Nobel Peace Prize (637002, nRSlhy5c2L)', () => {
    const c = cmp('polymarket:637002', 'manifold:nRSlhy5c2L');
    expect(c.relation).toBe('same');
    expect(c.reasons[0]).toBe('about trump nobel peace prize');
  });

  it('complement: the two markets of one Kalshi baseball game (KC and DET), YES on one is NO on the other', () => {
    const c = cmp('kalshi:KXMLBGAME-26JUL231840KCDET-KC', 'kalshi:KXMLBGAME-26JUL231840KCDET-DET');
    expect(c.relation).toBe('complement');
    expect(c.reasons[0]).toBe('YES on Kalshi is NO on Kalshi');
  });
});

describe('one game on two venues: Detroit at Buffalo, Sep 17 2026 (kv1514/arb-engine, nfl-det-buf-2026-09/)', () => {
  const DET = 'kalshi:KXNFLGAME-26SEP17DETBUF-DET';
  const BUF = 'kalshi:KXNFLGAME-26SEP17DETBUF-BUF';
  const LIONS = 'polymarket:3398287';

  it("Kalshi's Detroit is Polymarket's Lions: tied by Kalshi's rules (DET Lions) and Polymarket's event teams", () => {
    const k = signature(markets.get(DET)!);
    const p = signature(markets.get(LIONS)!);
    expect(k.sideNames).toEqual([
      ['detroit', 'lions', 'det'],
      ['bills', 'buf'],
    ]);
    expect(p.sideNames).toEqual([
      ['lions', 'detroit lions', 'det'],
      ['bills', 'buffalo bills', 'buf'],
    ]);
    // the moneyline nested in Gamma's event has no description: the event's is its rules text
    expect(p.hasRules).toBe(true);
    expect(p.kind).toBe('wins');
  });

  it('the same question but for a postponement: related, the only reason an edge case, and what it would be', () => {
    const c = cmp(DET, LIONS);
    expect(c.relation).toBe('related');
    expect(c.reasons[0]).toBe('a postponed game settles at a fair price: Kalshi only');
    expect(c.edge).toEqual({ would: 'same', cases: ['a postponed game settles at a fair price: Kalshi only'] });
  });

  it("Kalshi's Buffalo against Polymarket's Lions would be complements, apart from the same edge case", () => {
    const c = cmp(BUF, LIONS);
    expect(c.relation).toBe('related');
    expect(c.reasons.slice(0, 2)).toEqual([
      'would be complements, but',
      'a postponed game settles at a fair price: Kalshi only',
    ]);
    expect(c.edge?.would).toBe('complement');
    // said as one list, the lead-in stays with its reason (the Across view's "why:" read "but · a postponed …")
    expect(reasonsText(c.reasons, ' · ')).toMatch(/^would be complements, but a postponed game settles at a fair pr/);
  });

  it("the spread beside it does not take the event's rules (they state the moneyline): no edge case only", () => {
    const spread = signature(markets.get('polymarket:3517184')!);
    expect(spread.hasRules).toBe(false);
    const c = cmp(BUF, 'polymarket:3517184');
    expect(c.relation).toBe('related');
    expect(c.edge).toBeUndefined();
  });

  it('the total of the same game is a different question: neither of its sides (Over/Under) is a team', () => {
    const c = cmp(DET, 'polymarket:3517189');
    expect(c.relation).toBe('different');
    expect(c.reasons).toEqual(['different outcomes of one contest: Lions/Bills vs Over/Under']);
  });

  it('a difference in what pays on an ordinary outcome is never an edge case (the Fed 25 bps rounding rule)', () => {
    const c = cmp('kalshi:KXFEDDECISION-26SEP-C25', 'polymarket:2252243');
    expect(c.relation).toBe('related');
    expect(c.edge).toBeUndefined();
  });
});

describe('every labelled pair', () => {
  const labels = pairLabels(markets);

  it('names markets that exist in the fixtures', () => {
    expect(labels.filter((l) => !markets.has(l.a) || !markets.has(l.b))).toEqual([]);
  });

  it('never calls a pair same that a person labelled otherwise, and reads the same relation both ways round', () => {
    for (const l of labels) {
      const ab = cmp(l.a, l.b);
      const ba = cmp(l.b, l.a);
      expect(ba.relation, `${l.a} ~ ${l.b}`).toBe(ab.relation);
      if (l.label !== 'same') expect(ab.relation, `${l.a} ~ ${l.b}`).not.toBe('same');
    }
  });
});
