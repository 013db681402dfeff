/**
 * What the trader's view reads from recorded Manifold answers: which pool an outcome trades through (binary, an answer
 * of a cpmm-multi-1 market), the markets it refuses (closed 409, resolved 410, no pool), and the price history from a
 * recorded `/bets` answer (test/fixtures/real/manifold/trader/bets/, newest first as Manifold sends it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeMarket } from '../../api/normalize.js';
import type { Rec } from '../../api/normalizeFields.js';
import { previewTrade } from './multi.js';
import { historyFromBets, historyTarget, poolStateOf } from './trader.js';
import { thrown } from '../../../test/support/catch.js';

const read = (f: string) => JSON.parse(readFileSync(`test/fixtures/real/manifold/${f}`, 'utf8')) as unknown;
const NOW_2026 = Date.parse('2026-10-09T11:06:00.054Z');
const marketOf = (f: string, now = NOW_2026) => {
  const raw = read(f) as Rec;
  return { raw, m: normalizeMarket(raw, { now })! };
};

describe('the pool an outcome trades through', () => {
  it('binary cpmm-1: Yes → YES, No → NO (by name, any case), the market’s pool and p', () => {
    const { raw, m } = marketOf('v0-market-CL56c9sqQp-open-2026-10-09.json');
    expect(poolStateOf(raw, m, 'yes')).toMatchObject({
      outcome: 'Yes',
      side: 'YES',
      pool: { YES: 7681.131440912874, NO: 1705.537411536149 },
      p: 0.7342403874692162,
    });
    expect(poolStateOf(raw, m, 'No').side).toBe('NO');
    const e = thrown(() => poolStateOf(raw, m, 'Maybe'));
    expect([e.kind, e.param, e.message]).toEqual([
      'invalid_request',
      'outcome',
      '“Maybe” is not an outcome of this market (one of: Yes, No).',
    ]);
    // a market that lists no outcomes says so, not "(one of: none)"
    expect(thrown(() => poolStateOf(raw, { ...m, outcomes: [] }, 'Yes')).message).toBe(
      'Manifold lists no outcomes for this market to quote.',
    );
  });

  it('cpmm-multi-1: an answer by text or id, its own pool (poolYes/poolNo in the contract document), p = 0.5', () => {
    const at = Date.parse('2025-08-21T00:00:00Z');
    const { raw, m } = marketOf('trader/pools/contract-row-tQudZcEtlp-cpmm-multi-1-dev-2025-08-20.json', at);
    expect(m.status).toBe('active');
    const s = poolStateOf(raw, m, 'Other');
    expect(s).toMatchObject({ outcome: 'Other', side: 'YES', p: 0.5, pool: { YES: 500, NO: 100 } });
    expect((s.raw as { answerId: string }).answerId).toBe('ACNE8CLyyS');
    expect(poolStateOf(raw, m, 'CAqyQ8AOSn').outcome).toBe('b');
    // the v0 shape of the same answer: `pool` {YES, NO} (augmentAnswerWithProbability)
    const v0 = {
      ...raw,
      answers: (raw.answers as Rec[]).map(({ poolYes, poolNo, ...a }) => ({
        ...a,
        pool: { YES: poolYes, NO: poolNo },
      })),
    };
    expect(poolStateOf(v0, m, 'a').pool).toEqual({ YES: 500, NO: 100 });
  });

  it('an independent answer has no pool floor: a sale that leaves its NO side under 0.01 fills whole', () => {
    // Manifold's CPMM_MIN_POOL_QTY refusal (executeNewBetResult, backend/api/src/place-bet.ts at 1e3ad3be) is for
    // mechanism 'cpmm-1' only; sell-shares.ts prices an independent answer with getCpmmSellBetInfo on its own pool.
    // 1e7 YES of a (YES 500, NO 100, p 0.5): (500 + s − m)(100 − m) = 50000; with u = 100 − m, the NO left,
    // u² + (s + 400)·u − 50000 = 0 → u = 100000 / ((s + 400) + √((s + 400)² + 200000)) = 0.0049998, under 0.01
    const at = Date.parse('2025-08-21T00:00:00Z');
    const { raw, m } = marketOf('trader/pools/contract-row-tQudZcEtlp-cpmm-multi-1-dev-2025-08-20.json', at);
    const s = 1e7;
    const u = 100_000 / (s + 400 + Math.sqrt((s + 400) ** 2 + 200_000));
    expect(u).toBeLessThan(0.01);
    const q = previewTrade(poolStateOf({ ...raw, shouldAnswersSumToOne: false }, m, 'a'), 'sell', s);
    expect(q.filled).toBeUndefined();
    expect(q.shares).toBe(s);
    expect(q.total).toBeCloseTo(100 - u, 9);
    expect(q.priceAfter).toBeCloseTo(u / (u + 500 + s - (100 - u)), 15);
    expect(q.priceAfter!).toBeGreaterThan(0);
  });

  it('refuses what does not trade: resolved 410, closed 409, a dpm-2 market without a pool', () => {
    const resolved = marketOf('v0-market-nRSlhy5c2L-NO-2026-10-09.json');
    expect([thrown(() => poolStateOf(resolved.raw, resolved.m, 'Yes'))].map((e) => [e.kind, e.status, e.code])).toEqual(
      [['resolved', 410, 'MARKET_RESOLVED']],
    );
    // CL56c9sqQp closes 2026-12-31: a day later it is closed, waiting for its creator
    const closed = marketOf('v0-market-CL56c9sqQp-open-2026-10-09.json', 1798790340000 + 86_400_000);
    const e = thrown(() => poolStateOf(closed.raw, closed.m, 'Yes'));
    expect([e.kind, e.status, e.code]).toEqual(['closed', 409, 'MARKET_CLOSED']);
    const dpm = marketOf(
      'v0-market-TEW8dlA3pxk3GalxeQkI-multiple-choice-dpm-legacy-answers-2022.json',
      Date.parse('2022-10-11T22:30:18Z'),
    );
    expect(thrown(() => poolStateOf(dpm.raw, dpm.m, dpm.m.outcomes[0]!.name)).code).toBe('NO_QUOTES');
  });
});

describe('the price history from a recorded /bets answer (45 bets on rIR6mWqaO9xKLifr6cLL, 2022-05-10 … 06-15)', () => {
  const bets = read('trader/bets/v0-bets-market-will-bitcoins-price-fall-below-25k-limit-45-2022-10-10.json');
  const NOW = Date.parse('2022-06-16T00:00:00Z');

  it('24 h: one bet (06-15 13:15:29) — its probBefore 0.9743 from the start, its probAfter 0.9912 to now', () => {
    expect(historyFromBets(bets, '24h', NOW)).toEqual([
      { t: NOW - 86_400_000, p: 0.9743164185927123 },
      { t: 1655298929711, p: 0.9911535861392651 },
      { t: NOW, p: 0.9911535861392651 },
    ]);
  });

  it('7 d: six bets since 06-09, oldest first, each at its probAfter; No is 1 − P(YES)', () => {
    const h = historyFromBets(bets, '7d', NOW);
    expect(h.map((x) => x.t)).toEqual([
      NOW - 7 * 86_400_000,
      1654835889773,
      1655097248841,
      1655123613789,
      1655151445432,
      1655248201230,
      1655298929711,
      NOW,
    ]);
    expect(h[0]!.p).toBe(0.6348215879065627);
    expect(h[1]!.p).toBe(0.944961820221113);
    const no = historyFromBets(bets, '7d', NOW, { flip: true });
    expect(no[1]!.p).toBeCloseTo(1 - 0.944961820221113, 12);
  });

  it('one point per bucket: bets within one hour of a week keep the last; a day keeps 5-minute buckets', () => {
    const start = NOW - 7 * 86_400_000;
    const dense = Array.from({ length: 600 }, (_, i) => ({
      createdTime: start + 1000 + i * 60_000,
      probBefore: i / 1000,
      probAfter: (i + 1) / 1000,
    })).reverse();
    const h = historyFromBets(dense, '7d', NOW);
    expect(h.length).toBe(1 + 10 + 1); // the start, ten hours of bets, now
    expect(h[1]!.p).toBe(60 / 1000); // the hour's last bet: i = 59 → probAfter 0.060
    expect(historyFromBets(dense, '24h', NOW)).toEqual([]);
  });

  it('no bet in the range: flat at the current price when known, else nothing', () => {
    const later = Date.parse('2022-10-10T19:32:39Z');
    expect(historyFromBets(bets, '24h', later)).toEqual([]);
    expect(historyFromBets(bets, '24h', later, { current: 0.99 })).toEqual([
      { t: later - 86_400_000, p: 0.99 },
      { t: later, p: 0.99 },
    ]);
  });

  it('which bets: an answer’s own (answerId) on a multiple-choice market; No flips a binary one', () => {
    const at = Date.parse('2025-08-21T00:00:00Z');
    const multi = marketOf('trader/pools/contract-row-tQudZcEtlp-cpmm-multi-1-dev-2025-08-20.json', at);
    expect(historyTarget(multi.m, multi.raw, 'b')).toEqual({ answerId: 'CAqyQ8AOSn', flip: false });
    const bin = marketOf('v0-market-CL56c9sqQp-open-2026-10-09.json');
    expect(historyTarget(bin.m, bin.raw, 'No')).toEqual({ flip: true });
  });
});
