/**
 * The CLOB's answers read as recorded (test/fixtures/real/polymarket/clob/, SOURCES.md) and Polymarket's taker fee,
 * every figure worked out by hand in the comments. Books: Thabris/polymarket's three `/book` answers of 2026-08-22
 * (each recorded with its `/midpoint`), ra1nty/polymarket-cli's one-sided book of market 1669969 "Up".
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderBook } from '../../api/types.js';
import { previewFromBook } from '../book.js';
import { clobTakerFee, feeCurveOf, historyQuery, NO_FEE, readClobBook, readClobHistory } from './clob.js';

const CLOB = 'test/fixtures/real/polymarket/clob';
const json = (f: string): unknown => JSON.parse(readFileSync(f, 'utf8'));
type Wrapped = Record<string, { book: { body: Record<string, unknown> }; midpoint: { body: { mid: string } } }>;
const thabris = json(`${CLOB}/books/thabris-clob-books-2026-08-22-3-tokens.json`) as Wrapped;
const FURIA = '97986244429993405301006613239860350847262749399039648046285499627250726259070';
const BOOMBOYS = '32451921630090456873456341577959922216615950648263699114919301364806782946973';
const FED_25 = '57748138085022719760345772310040703848567377822400132842014290209986511882046';
const UP = '94242206871221370391055736153305071391564432448684801902267396130896523340261';
const upBody = json(`${CLOB}/books/book-${UP}.json`);
const event = json('test/fixtures/real/polymarket/gamma-event-481717-detail-fed-september-negrisk-5-markets.json') as {
  markets: Record<string, unknown>[];
};
const fedMarket = event.markets.find((m) => m.id === '2252243')!; // "25 bps decrease", clobTokenIds[0] = FED_25
const btcMarket = json('test/fixtures/real/polymarket/gamma-market-1669969-detail-btc-updown-5m.json');

const bookOf = (token: string, id: string): OrderBook => readClobBook(thabris[token]!.book.body, id, 'Yes')!;
const fed = bookOf(FED_25, '2252243');
const up = readClobBook(upBody, '1669969', 'Up')!;
const fedFee = clobTakerFee(feeCurveOf(fedMarket));
const upFee = clobTakerFee(feeCurveOf(btcMarket));

describe('a /book answer as the CLOB sends it', () => {
  it('lists bids ascending and asks descending (best last); we read both best first', () => {
    const raw = thabris[FED_25]!.book.body as { bids: { price: string }[]; asks: { price: string }[] };
    expect(raw.bids[0]!.price).toBe('0.001'); // worst bid first …
    expect(raw.bids.at(-1)!.price).toBe('0.014'); // … best last
    expect(raw.asks[0]!.price).toBe('0.999');
    expect(raw.asks.at(-1)!.price).toBe('0.015');
    expect(fed.bids.slice(0, 3)).toEqual([
      { price: 0.014, size: 0.99 },
      { price: 0.013, size: 100 },
      { price: 0.012, size: 8128 },
    ]);
    expect(fed.asks.slice(0, 2)).toEqual([
      { price: 0.015, size: 8451.31 },
      { price: 0.016, size: 11509.6 },
    ]);
    expect(fed.at).toBe(1787412092668);
  });

  it('agrees with the /midpoint recorded beside each book: (best bid + best ask) / 2', () => {
    // FURIA: (0.51 + 0.52) / 2 = 0.515; BoomBoys: no bids, best ask 0.001 → the CLOB says 0.0005 (it takes a
    // missing bid as 0: (0 + 0.001) / 2); Fed 25 bps: (0.014 + 0.015) / 2 = 0.0145
    const furia = bookOf(FURIA, '3761199');
    expect([furia.bids[0]!.price, furia.asks[0]!.price]).toEqual([0.51, 0.52]);
    expect((furia.bids[0]!.price + furia.asks[0]!.price) / 2).toBeCloseTo(
      Number(thabris[FURIA]!.midpoint.body.mid),
      12,
    );
    const boom = bookOf(BOOMBOYS, '3776141');
    expect(boom.bids).toEqual([]);
    expect((0 + boom.asks[0]!.price) / 2).toBeCloseTo(Number(thabris[BOOMBOYS]!.midpoint.body.mid), 12);
    expect((fed.bids[0]!.price + fed.asks[0]!.price) / 2).toBeCloseTo(Number(thabris[FED_25]!.midpoint.body.mid), 12);
  });

  it('a one-sided book is an empty side, and a body without sides is no book', () => {
    expect(up.bids).toEqual([]);
    expect(up.asks[0]).toEqual({ price: 0.001, size: 385409.39 });
    expect(up.asks[1]).toEqual({ price: 0.009, size: 100 });
    expect(readClobBook({ error: 'No orderbook exists for the requested token id' }, 'x', 'Yes')).toBeUndefined();
  });

  it('reads a /prices-history answer into epoch-ms points, oldest first', () => {
    const h = readClobHistory(json(`${CLOB}/prices-history/${UP}.json`));
    expect(h).toEqual([
      { t: 1774165200_000, p: 0.42 },
      { t: 1774165500_000, p: 0.5 },
      { t: 1774168800_000, p: 0.65 },
      { t: 1774169100_000, p: 0.6 },
    ]);
    expect(readClobHistory({ history: [] })).toEqual([]);
    expect(readClobHistory({})).toBeUndefined();
  });

  it('asks an open market by interval and a finished one by the window ending when it stopped', () => {
    expect(historyQuery('7', '24h')).toEqual([
      ['market', '7'],
      ['interval', '1d'],
      ['fidelity', '5'],
    ]);
    expect(historyQuery('7', '7d', 1787408307_000)).toEqual([
      ['market', '7'],
      ['startTs', String(1787408307 - 604800)],
      ['endTs', '1787408307'],
      ['fidelity', '60'],
    ]);
  });
});

describe('the taker fee: shares × rate × (p × (1 − p))^exponent, rounded to 5 decimals', () => {
  it('reads the market’s feeSchedule, none when fees are off or absent', () => {
    expect(feeCurveOf(fedMarket)).toEqual({ rate: 0.05, exponent: 1 }); // economics_fees
    expect(feeCurveOf(btcMarket)).toEqual({ rate: 0.25, exponent: 2 }); // crypto_fees (2026-03)
    expect(feeCurveOf({ ...fedMarket, feesEnabled: false })).toEqual(NO_FEE);
    expect(feeCurveOf({ feesEnabled: false, feeType: null })).toEqual(NO_FEE); // market 2774056's fields
  });

  it('the documentation’s example: 100 shares at 0.50, rate 0.07 → 100 × 0.07 × 0.5 × 0.5 = 1.75', () => {
    const fee = clobTakerFee({ rate: 0.07, exponent: 1 });
    expect(fee({ shares: 100, money: 50, levels: [{ price: 0.5, size: 100 }] }, 'buy')).toBe(1.75);
    // symmetric: 30¢ and 70¢ cost the same fee for the same shares (100 × 0.07 × 0.21 = 1.47)
    expect(fee({ shares: 100, money: 30, levels: [{ price: 0.3, size: 100 }] }, 'buy')).toBe(1.47);
    expect(fee({ shares: 100, money: 70, levels: [{ price: 0.7, size: 100 }] }, 'sell')).toBe(1.47);
    // 1 share at 0.999: 0.07 × 0.000999 = 0.00006993 → 0.00007; 0.1 share → 0.000006993 → 0.00001; 0.01 → 0
    expect(fee({ shares: 1, money: 0.999, levels: [{ price: 0.999, size: 1 }] }, 'buy')).toBe(0.00007);
    expect(fee({ shares: 0.1, money: 0.0999, levels: [{ price: 0.999, size: 0.1 }] }, 'buy')).toBe(0.00001);
    expect(fee({ shares: 0.01, money: 0.00999, levels: [{ price: 0.999, size: 0.01 }] }, 'buy')).toBe(0);
  });
});

describe('previews through the recorded Fed "25 bps decrease" Yes book (fee rate 0.05, exponent 1)', () => {
  // bids 0.014 × 0.99, 0.013 × 100, 0.012 × 8128, …; asks 0.015 × 8451.31, 0.016 × 11509.6, …; mid 0.0145
  it('buy 100: 0.015 × 8451.31 = 126.76965 > 100, so 100 / 0.015 = 6,666.67 shares at 0.015', () => {
    const q = previewFromBook(fed, 'buy', 100, fedFee);
    expect(q.shares).toBeCloseTo(100 / 0.015, 9);
    expect(q.averagePrice).toBeCloseTo(0.015, 12);
    expect(q.worstPrice).toBe(0.015);
    expect(q.priceBefore).toBeCloseTo(0.0145, 12);
    expect(q.priceImpact).toBeCloseTo(0.0005, 12);
    // fee = 6,666.67 × 0.05 × 0.015 × 0.985 = 100 × 0.05 × 0.985 = 4.925; total 100 + 4.925
    expect(q.fee).toBe(4.925);
    expect(q.total).toBeCloseTo(104.925, 9);
    expect(q.filled).toBeUndefined();
    expect(q.basis).toBe('book');
  });

  it('buy 300: the first level (126.76965 for 8,451.31) and 173.23035 / 0.016 = 10,826.896875 at 0.016', () => {
    const q = previewFromBook(fed, 'buy', 300, fedFee);
    expect(q.shares).toBeCloseTo(8451.31 + 10826.896875, 6); // 19,278.206875
    expect(q.averagePrice).toBeCloseTo(300 / 19278.206875, 12); // 0.015561…
    expect(q.worstPrice).toBe(0.016);
    expect(q.priceImpact).toBeCloseTo(0.016 - 0.0145, 12);
    // 0.05 × (8,451.31 × 0.015 × 0.985 + 10,826.896875 × 0.016 × 0.984)
    //   = 0.05 × (124.86810525 + 170.4586644) = 0.05 × 295.32676965 = 14.7663384825 → 14.76634
    expect(q.fee).toBe(14.76634);
    expect(q.total).toBeCloseTo(314.76634, 9);
  });

  it('sell 500: 0.99 × 0.014 + 100 × 0.013 + 399.01 × 0.012 = 0.01386 + 1.3 + 4.78812 = 6.10198', () => {
    const q = previewFromBook(fed, 'sell', 500, fedFee);
    expect(q.shares).toBeCloseTo(500, 9);
    expect(q.averagePrice).toBeCloseTo(6.10198 / 500, 12);
    expect(q.worstPrice).toBe(0.012);
    expect(q.priceImpact).toBeCloseTo(0.012 - 0.0145, 12);
    // 0.05 × (0.99 × 0.014 × 0.986 + 100 × 0.013 × 0.987 + 399.01 × 0.012 × 0.988)
    //   = 0.05 × (0.01366596 + 1.2831 + 399.01 × 0.011856) = 0.05 × (0.01366596 + 1.2831 + 4.73066256)
    //   = 0.05 × 6.02742852 = 0.301371426 → 0.30137
    expect(q.fee).toBe(0.30137);
    expect(q.total).toBeCloseTo(6.10198 - 0.30137, 9); // 5.80061
  });

  it('too thin: selling 13,200,000 shares fills the 14 bid levels, 13,116,647.16 shares', () => {
    // shares: 0.99 + 100 + 8,128 + 22,144.06 + 85,838.2 + 30,504.09 + 116,908.84 + 223,420.42 + 875,973.47
    //   + 525,883.13 + 1,105,150.42 + 1,997,960.3 + 2,818,387.41 + 5,306,247.83 = 13,116,647.16
    // proceeds: 0.01386 + 1.3 + 97.536 + 243.58466 + 858.382 + 274.53681 + 935.27072 + 1,563.94294 + 5,255.84082
    //   + 2,629.41565 + 4,420.60168 + 5,993.8809 + 5,636.77482 + 5,306.24783 = 33,217.32869
    // fee: 0.05 × Σ size × p × (1 − p), per level 0.01366596 + 1.2831 + 96.365568 + 240.90522874 + 849.79818
    //   + 272.06597871 + 927.78855424 + 1,552.99533942 + 5,224.30577508 + 2,616.26857175 + 4,402.91927328
    //   + 5,975.8992573 + 5,625.50127036 + 5,300.94158217 = 33,087.05134501 → × 0.05 = 1,654.35256725 → 1,654.35257
    const q = previewFromBook(fed, 'sell', 13_200_000, fedFee);
    expect(q.filled).toBeCloseTo(13_116_647.16, 4);
    expect(q.shares).toBeCloseTo(13_116_647.16, 4);
    expect(q.worstPrice).toBe(0.001);
    expect(q.fee).toBe(1654.35257);
    expect(q.total).toBeCloseTo(33_217.32869 - 1654.35257, 6);
  });
});

describe('previews through the recorded one-sided book of 1669969 "Up" (crypto fee: rate 0.25, exponent 2)', () => {
  it('buy 10: 10 / 0.001 = 10,000 shares; fee 10,000 × 0.25 × (0.001 × 0.999)² = 0.0024950025 → 0.0025', () => {
    const q = previewFromBook(up, 'buy', 10, upFee);
    expect(q.shares).toBeCloseTo(10_000, 9);
    expect(q.priceBefore).toBe(0.001); // no bids: the best ask stands for the midpoint
    expect(q.priceImpact).toBe(0);
    expect(q.fee).toBe(0.0025);
    expect(q.total).toBeCloseTo(10.0025, 12);
  });

  it('buy 400: 385.40939 at 0.001, 0.9 at 0.009, 13.69061 / 0.01 = 1,369.061 at 0.01', () => {
    const q = previewFromBook(up, 'buy', 400, upFee);
    expect(q.shares).toBeCloseTo(385409.39 + 100 + 1369.061, 6); // 386,878.451
    expect(q.worstPrice).toBe(0.01);
    // 0.25 × (385,409.39 × 0.000999² + 100 × (0.009 × 0.991)² + 1,369.061 × (0.01 × 0.99)²)
    //   = 0.25 × (0.38463896 + 0.00795486 + 0.13418167) = 0.25 × 0.52677548 = 0.13169387 → 0.13169
    expect(q.fee).toBe(0.13169);
  });

  it('sell into no bids: nothing fills, no price, no fee', () => {
    const q = previewFromBook(up, 'sell', 50, upFee);
    expect([q.shares, q.filled, q.fee, q.total]).toEqual([0, 0, 0, 0]);
    expect(q.averagePrice).toBeUndefined();
  });
});

describe('properties on the recorded Fed book with its fee', () => {
  const money = fc.double({ min: 0.01, max: 200_000, noNaN: true });
  const shares = fc.double({ min: 0.01, max: 14_000_000, noNaN: true });

  it('shares grow with the amount; a larger amount never gets a better average', () => {
    fc.assert(
      fc.property(money, money, shares, shares, (x, y, s, t) => {
        const [a, b] = [
          previewFromBook(fed, 'buy', Math.min(x, y), fedFee),
          previewFromBook(fed, 'buy', Math.max(x, y), fedFee),
        ];
        expect(b.shares!).toBeGreaterThanOrEqual(a.shares! - 1e-9);
        expect(b.averagePrice!).toBeGreaterThanOrEqual(a.averagePrice! - 1e-12);
        const [c, d] = [
          previewFromBook(fed, 'sell', Math.min(s, t), fedFee),
          previewFromBook(fed, 'sell', Math.max(s, t), fedFee),
        ];
        expect(d.averagePrice!).toBeLessThanOrEqual(c.averagePrice! + 1e-12);
      }),
    );
  });

  it('the average lies between the best and the worst price touched', () => {
    fc.assert(
      fc.property(money, shares, (x, s) => {
        const buy = previewFromBook(fed, 'buy', x, fedFee);
        expect(buy.averagePrice!).toBeGreaterThanOrEqual(fed.asks[0]!.price - 1e-12);
        expect(buy.averagePrice!).toBeLessThanOrEqual(buy.worstPrice! + 1e-12);
        const sell = previewFromBook(fed, 'sell', s, fedFee);
        expect(sell.averagePrice!).toBeLessThanOrEqual(fed.bids[0]!.price + 1e-12);
        expect(sell.averagePrice!).toBeGreaterThanOrEqual(sell.worstPrice! - 1e-12);
      }),
    );
  });

  it('a buy then an immediate sell of the shares bought never makes money', () => {
    fc.assert(
      fc.property(money, (x) => {
        const buy = previewFromBook(fed, 'buy', x, fedFee);
        const sell = previewFromBook(fed, 'sell', buy.shares!, fedFee);
        expect(sell.total!).toBeLessThan(buy.total!);
      }),
    );
  });
});
