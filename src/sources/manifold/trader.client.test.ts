/**
 * The trader's view of the Manifold client against its replay over loopback (recordings: test/fixtures/real/manifold/,
 * bets in trader/bets/): quotes previewed from the pool of a fresh `/market/{id}` with the figures pool.test.ts pins
 * by hand, the markets it refuses, and the price history from one `/bets` request.
 */
import { describe, expect, it } from 'vitest';
import { manifoldSource } from './index.js';
import { rejection } from '../../../test/support/catch.js';
import { manifoldReplayClient } from '../../../test/support/manifoldReplay.js';

const BETS = 'test/fixtures/real/manifold/trader/bets';
/** `recordedAt` of the 2026 recording: CL56c9sqQp is open, nRSlhy5c2L resolved. */
const NOW = Date.parse('2026-10-09T11:06:00.054Z');
/** A day after the last of the 45 recorded bets on rIR6mWqaO9xKLifr6cLL (2022-06-15 13:15:29). */
const BETS_NOW = Date.parse('2022-06-16T00:00:00Z');
const DAY = 86_400_000;

const replayed = manifoldReplayClient();
const { log } = replayed;
const start = (now = NOW) => replayed.start({ now, bets: [BETS] });
const documented = () => replayed.documented();

describe('Manifold quotes through the pool', () => {
  it('caps: quotes and history, no book', () => {
    expect(manifoldSource.caps).toMatchObject({ quotes: true, book: false, history: true });
  });

  it('buy YES 100 on CL56c9sqQp: 256.78796 shares at 0.389426, 0.380213 → 0.398663, no fee (one request)', async () => {
    const c = await start();
    const q = (await c.getQuote('CL56c9sqQp', { outcome: 'Yes', amount: '100', action: 'buy' })).data;
    expect(q).toMatchObject({ marketId: 'CL56c9sqQp', outcome: 'Yes', action: 'buy', amount: 100, basis: 'pool' });
    expect(q.shares).toBeCloseTo(256.7879555, 6);
    expect(q.averagePrice).toBeCloseTo(0.3894263647, 9);
    expect(q.priceBefore).toBeCloseTo(0.3802134567, 9);
    expect(q.priceAfter).toBeCloseTo(0.3986625377, 9);
    expect([q.fee, q.total, q.filled]).toEqual([0, 100, undefined]);
    expect(log).toEqual(['/v0/market/CL56c9sqQp']);
    documented();
  });

  it('sell 100 YES: 37.664078 back; buy NO 100: 159.87376 shares', async () => {
    const c = await start();
    const sell = (await c.getQuote('CL56c9sqQp', { outcome: 'YES', amount: 100, action: 'sell' })).data;
    expect(sell.total).toBeCloseTo(37.664078, 5);
    expect(sell.priceAfter).toBeCloseTo(0.3730730189, 8);
    const no = (await c.getQuote('CL56c9sqQp', { outcome: 'no', amount: 100, action: 'buy' })).data;
    expect(no.outcome).toBe('No');
    expect(no.shares).toBeCloseTo(159.8737636, 6);
  });

  it('thin: 100 000 fills 69 572.18 (up to P(YES) 0.99), the rest is not bet', async () => {
    const c = await start();
    const q = (await c.getQuote('CL56c9sqQp', { outcome: 'Yes', amount: 100_000, action: 'buy' })).data;
    expect(q.filled).toBeCloseTo(69572.179802, 5);
    expect(q.priceAfter).toBeCloseTo(0.99, 9);
  });

  it('refuses: resolved 410, closed 409, a bad outcome or amount 400 — before or without a pool', async () => {
    let c = await start();
    const resolved = await rejection(c.getQuote('nRSlhy5c2L', { outcome: 'Yes', amount: 5, action: 'buy' }));
    expect([resolved.kind, resolved.status]).toEqual(['resolved', 410]);
    const bad = await rejection(c.getQuote('CL56c9sqQp', { outcome: 'Maybe', amount: 5, action: 'buy' }));
    expect([bad.kind, bad.param]).toEqual(['invalid_request', 'outcome']);
    const amount = await rejection(c.getQuote('CL56c9sqQp', { outcome: 'Yes', amount: '-1', action: 'buy' }));
    expect([amount.kind, amount.param]).toEqual(['invalid_request', 'amount']);
    // Manifold's bet route takes `amount` ≥ SWEEPS_MIN_BET = 1 (common/src/api/schema.ts), mana markets too; a sale
    // of EPSILON = 1e-8 shares or fewer is refused by sell-shares.ts: no request, the line the quote form says
    log.length = 0;
    const small = await rejection(c.getQuote('CL56c9sqQp', { outcome: 'Yes', amount: '0.5', action: 'buy' }));
    expect([small.kind, small.param, small.message]).toEqual([
      'invalid_request',
      'amount',
      "Manifold's least bet is M$1.00: it refuses a smaller one.",
    ]);
    const dust = await rejection(c.getQuote('CL56c9sqQp', { outcome: 'Yes', amount: 1e-8, action: 'sell' }));
    expect([dust.param, dust.message]).toEqual(['amount', 'Manifold refuses a sale of 0.00000001 shares or fewer.']);
    expect(log).toEqual([]);
    expect((await c.getQuote('CL56c9sqQp', { outcome: 'Yes', amount: 0.5, action: 'sell' })).data.shares).toBe(0.5);
    expect((await rejection(c.getQuote('nothing', { outcome: 'Yes', amount: 5, action: 'buy' }))).kind).toBe(
      'not_found',
    );
    await replayed.stop();
    c = await start(1798790340000 + DAY); // CL56c9sqQp closed 2026-12-31, unresolved
    const closed = await rejection(c.getQuote('CL56c9sqQp', { outcome: 'Yes', amount: 5, action: 'buy' }));
    expect([closed.kind, closed.status, closed.code]).toEqual(['closed', 409, 'MARKET_CLOSED']);
  });
});

describe('Manifold price history from /bets', () => {
  it('24 h: one request, afterTime = now − 24 h, the one bet of the day framed by the start and now', async () => {
    const c = await start(BETS_NOW);
    const h = (await c.getHistory!('rIR6mWqaO9xKLifr6cLL', 'Yes', '24h')).data;
    expect(h).toEqual([
      { t: BETS_NOW - DAY, p: 0.9743164185927123 },
      { t: 1655298929711, p: 0.9911535861392651 },
      { t: BETS_NOW, p: 0.9911535861392651 },
    ]);
    expect(log).toEqual([`/v0/bets?contractId=rIR6mWqaO9xKLifr6cLL&afterTime=${BETS_NOW - DAY}&limit=1000&order=desc`]);
    // one bet, far from the page's 1,000: the history is whole, nothing cut
    expect((await c.getHistory!('rIR6mWqaO9xKLifr6cLL', 'Yes', '24h')).more).toBeUndefined();
    documented();
  });

  it('7 d: eight points oldest first; No is 1 − P(YES)', async () => {
    const c = await start(BETS_NOW);
    const yes = (await c.getHistory!('rIR6mWqaO9xKLifr6cLL', 'Yes', '7d')).data;
    expect(yes).toHaveLength(8);
    expect(yes.map((x) => x.t)).toEqual([...yes.map((x) => x.t)].sort((a, b) => a - b));
    expect(yes[0]).toEqual({ t: BETS_NOW - 7 * DAY, p: 0.6348215879065627 });
    const no = (await c.getHistory!('rIR6mWqaO9xKLifr6cLL', 'No', '7d')).data;
    expect(no[1]!.p).toBeCloseTo(1 - 0.944961820221113, 12);
  });

  it('a market with no recorded bet: [] unread; flat at its price once its detail was read', async () => {
    const c = await start();
    expect((await c.getHistory!('CL56c9sqQp', 'Yes', '24h')).data).toEqual([]);
    await c.getMarket('CL56c9sqQp');
    expect((await c.getHistory!('CL56c9sqQp', 'No', '24h')).data).toEqual([
      { t: NOW - DAY, p: 1 - 0.3802134567386684 },
      { t: NOW, p: 1 - 0.3802134567386684 },
    ]);
    documented();
  });
});
