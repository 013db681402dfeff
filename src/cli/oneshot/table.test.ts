/**
 * The readable output of the one-shot commands (table.ts) against the platform replays of the real recordings
 * (test/fixtures/real): a quote that does not fill, an empty book, a price move that adds up, a market that closed,
 * an event of one market, and the longest recorded Kalshi ticker, never cut, at any width.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { root } from '../../../test/support/oneShot.js';
import { loadPlatform } from '../../sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../sources/replay.js';
import type { SourceId } from '../../sources/types.js';
import { displayWidth } from '../../ui/format.js';
import { main } from '../main.js';
import type { Quote } from '../../api/types.js';
import { badgeSeg } from '../../ui/components/badge.js';
import { quoteBlock } from './table.js';

const REAL = join(root, 'test/fixtures/real');
/** The longest Kalshi ticker of a recorded list: 33 characters (men's college basketball, March 2026). */
const LONGEST = 'KXNCAAMBGAME-26MAR20IOWACLEM-IOWA';
const BRACKET = [
  'trade-api-v2-markets-KXNCAAMBGAME-96-active-then-24-finalized-2026-03.json',
  'trade-api-v2-events-KXNCAAMBGAME-100-sports-no-nested-markets-2026-03.json',
];

const running: RunningSourceReplay[] = [];
const base = { polymarket: '', kalshi: '', bracket: '', manifold: '' };
const tmp = mkdtempSync(join(tmpdir(), 'oddsboard-table-'));
beforeAll(async () => {
  const start = async (id: Exclude<SourceId, 'public'>, dir: string) => {
    const def = await loadPlatform(id);
    const r = await startSourceReplay({ def, dir });
    running.push(r);
    return r.url + def.replayPrefix;
  };
  // the bracket lists alone: the first page of 100 markets holds the longest ticker
  for (const f of BRACKET) copyFileSync(join(REAL, 'kalshi/paging/bracket-kal-2026-03', f), join(tmp, f));
  base.polymarket = await start('polymarket', join(REAL, 'polymarket'));
  base.kalshi = await start('kalshi', join(REAL, 'kalshi'));
  base.bracket = await start('kalshi', tmp);
  base.manifold = await start('manifold', join(REAL, 'manifold'));
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
  rmSync(tmp, { recursive: true, force: true });
});

/** A command on one venue, piped (80 columns) or on a terminal of `columns`; its lines. */
async function run(venue: keyof typeof base, argv: string[], columns?: number) {
  const c = cliIo(columns === undefined ? {} : { tty: true, columns, env: { NO_COLOR: '1' } });
  const source = venue === 'bracket' ? 'kalshi' : venue;
  const code = await main([...argv, '--source', source, '--base-url', base[venue]], c.io);
  return { code, out: c.out(), err: c.err(), lines: c.out().trimEnd().split('\n') };
}

const widest = (lines: readonly string[]) => Math.max(...lines.map((l) => displayWidth(l)));

describe('quote', () => {
  const quote = (id: string, venue: 'polymarket' | 'kalshi', amount: string) =>
    run(venue, ['quote', id, '--outcome', 'Yes', '--amount', amount]);

  it('a book too thin for the amount says how much fills of it and that the rest found no orders, first', async () => {
    const r = await quote('2252243', 'polymarket', '100000000');
    expect(r.code, r.err).toBe(0);
    expect(r.lines[0]).toBe('Quote 2252243 · buy 100,000,000.00 of “Yes”');
    // the JSON's filled (22,005,525.53), then the fee: the total 22,008,360.94 paid for 22.5M shares
    expect(r.lines[1]).toBe('  filled      only 22,005,525.53 of 100,000,000.00; the rest found no orders');
    expect(r.out).toContain('  total       22,008,360.94\n');
    expect(widest(r.lines)).toBeLessThanOrEqual(80);
  });

  it('an empty book is said as such, nothing filled; a quote that fills says nothing of it', async () => {
    const r = await quote('KXNEWPOPE-70-PPIZ', 'kalshi', '10');
    expect(r.code, r.err).toBe(0);
    expect(r.lines[1]).toBe('  filled      nothing: the book is empty, no orders on either side');
    const whole = await quote('2252243', 'polymarket', '10');
    expect(whole.out).not.toContain('filled');
  });

  it('an amount under a cent is said as asked, and money under a cent as such, not 0.00', async () => {
    const r = await quote('2252243', 'polymarket', '0.001');
    expect(r.code, r.err).toBe(0);
    // it read 'buy 0.00 of “Yes”' and 'total 0.00'
    expect(r.lines[0]).toBe('Quote 2252243 · buy 0.001 of “Yes”');
    expect(r.out).toContain('  total       < 0.01\n');
  });

  it('what fills of a pool wraps under its column at 80, whole; a sale that would drain it fills nothing', async () => {
    const buy = await run('manifold', ['quote', 'CL56c9sqQp', '--outcome', 'Yes', '--amount', '1000000']);
    expect(buy.code, buy.err).toBe(0);
    // it was cut: "…; the rest would pass the pool's pr…"
    expect(buy.lines.slice(1, 3)).toEqual([
      "  filled      only M$69,572.18 of M$1,000,000.00; the rest would pass the pool's",
      '              price limit',
    ]);
    expect(widest(buy.lines)).toBeLessThanOrEqual(80);
    const argv = ['quote', 'CL56c9sqQp', '--outcome', 'Yes', '--amount', '1000000000', '--action', 'sell'];
    const sale = await run('manifold', argv);
    expect(sale.code, sale.err).toBe(0);
    expect(sale.lines.slice(1, 3)).toEqual([
      '  filled      nothing: a sale this large would drain the pool: Manifold refuses',
      '              it whole',
    ]);
    expect(sale.out).toContain('  you receive M$0.00\n');
  });

  it('a sale is of shares: its heading and what fills count shares, what it brings is money', async () => {
    const r = await run('polymarket', ['quote', '2252243', '--outcome', 'Yes', '--amount', '10', '--action', 'sell']);
    expect(r.code, r.err).toBe(0);
    expect(r.lines[0]).toBe('Quote 2252243 · sell 10.00 shares of “Yes”');
    expect(r.out).toContain('\n  you receive 0.12\n');
  });

  it("a sale on the interface is of money wanted back (its route's amount), not of shares", () => {
    // the demo's sell 100: 1,622.16 shares go for 100 gross (src/server/pricing.ts); the heading said "100.00 shares"
    const q: Quote = {
      action: 'sell',
      outcome: 'Yes',
      amount: 100,
      shares: 1622.16,
      total: 99,
      raw: {},
    };
    const lines = quoteBlock('mkt-0auq2x', q, { width: 80, now: 0, paint: (t) => t }).split('\n');
    expect(lines[0]).toBe('Quote mkt-0auq2x · sell “Yes” for 100.00');
    expect(lines).toContain('  shares      1,622.16');
  });

  it('shares and what fills under a hundredth say so, as the dashboard writes them, not 0.00', () => {
    // 0.001 at a 40¢ ask through a book of 0.0004: 0.001 shares filled; it read 'shares 0.00', 'only 0.00 of 0.001'
    const q: Quote = {
      action: 'buy',
      outcome: 'Yes',
      amount: 0.001,
      basis: 'book',
      filled: 0.0004,
      shares: 0.001,
      fee: 0.00005,
      total: 0.00045,
      raw: {},
    };
    const lines = quoteBlock('KXMLB', q, { width: 80, now: 0, paint: (t) => t }).split('\n');
    expect(lines[1]).toBe('  filled      only < 0.01 of 0.001; the rest found no orders');
    expect(lines).toContain('  shares      < 0.01');
    expect(lines).toContain('  fee         < 0.01');
    expect(lines).toContain('  total       < 0.01');
  });

  it('the price before and after and the impact agree as shown: 1.45¢ → 1.50¢, +0.05¢', async () => {
    // the recorded book's mid is 0.0145 (a float just under it), its best ask 0.015
    const r = await quote('2252243', 'polymarket', '10');
    expect(r.out).toContain('  price       1.45¢ → 1.50¢ (impact +0.05¢)\n');
  });
});

describe('quote on Manifold', () => {
  it('says its amounts in mana (M$), as every other place does; a sale is of shares', async () => {
    // the heading read `buy 1.00 of “Yes”` and the total `1.00`: a Manifold amount read as if in dollars
    const buy = await run('manifold', ['quote', 'CL56c9sqQp', '--outcome', 'Yes', '--amount', '1']);
    expect(buy.code, buy.err).toBe(0);
    expect(buy.lines[0]).toBe('Quote CL56c9sqQp · buy M$1.00 of “Yes”');
    expect(buy.out).toMatch(/\n {2}fee {9}(M\$0\.00|< M\$0\.01)\n {2}total {7}M\$1\.00\n$/);
    const sale = await run('manifold', [
      'quote',
      'CL56c9sqQp',
      '--outcome',
      'Yes',
      '--amount',
      '10',
      '--action',
      'sell',
    ]);
    expect(sale.lines[0]).toBe('Quote CL56c9sqQp · sell 10.00 shares of “Yes”');
    expect(sale.out).toMatch(/\n {2}you receive M\$\d+\.\d\d\n$/);
  });
});

describe('market and event', () => {
  it('a market whose close time has passed says when it closed; an open one when it closes', async () => {
    const done = await run('kalshi', ['market', 'KXFEDDECISION-26JUL-H0']);
    expect(done.code, done.err).toBe(0);
    expect(done.lines[1]).toMatch(/^RESOLVED · closed \d+d ago · event KXFEDDECISION-26JUL$/);
    const open = await run('kalshi', ['market', 'KXELONMARS-99']);
    expect(open.lines[1]).toMatch(/^ACTIVE · closes in \d+d \d+h · /);
  });

  it('a market its venue calls active past its close says the close time passed, as the dashboard does', async () => {
    // Gamma sends 1654958 active (closed: false) months after its endDate: not "ACTIVE · closed 121d ago"
    const r = await run('polymarket', ['market', '1654958']);
    expect(r.code, r.err).toBe(0);
    expect(r.lines[1]).toMatch(/^ACTIVE · close time passed \d+d ago · event 287395$/);
  });

  it("the markets table's CLOSES says it as `market` does: close time passed, closed, in; whole", async () => {
    const cell = (r: { lines: string[] }, id: string) => {
      const at = r.lines[0]!.indexOf('CLOSES');
      return r.lines
        .find((l) => l.includes(` ${id} `))!
        .slice(at, r.lines[0]!.indexOf('TITLE'))
        .trimEnd();
    };
    const poly = await run('polymarket', ['markets'], 120);
    expect(poly.code, poly.err).toBe(0);
    // 1654958 is active past its close (see above): not a bare "121d ago", as if it had closed
    expect(cell(poly, '1654958')).toMatch(/^passed \d+d ago$/);
    expect(cell(poly, '691547')).toMatch(/^in \d+d \d+h$/);
    const kalshi = await run('kalshi', ['markets', '--status', 'all'], 120);
    expect(cell(kalshi, 'KXFEDDECISION-26JUL-H0')).toMatch(/^\d+d ago$/);
    // a Kalshi market closed early (its close_time still ahead) is closed, not "in 3320d 2…"
    expect(cell(kalshi, 'KXRAMBO-35-RYA')).toBe('closed');
    // the longest recorded: a countdown of five-digit days, a close 857 days past; whole, never cut
    expect(cell(kalshi, 'KXELONMARS-99')).toMatch(/^in \d{5}d \d+h$/);
    expect(cell(kalshi, 'USDJPYH-24JUL2309-T163.12900')).toMatch(/^passed \d{3}d ago$/);
    for (const r of [poly, kalshi]) expect(widest(r.lines)).toBeLessThanOrEqual(120);
  });

  it("a status it cannot place reads as the venue's word, as on the dashboard: INACTIVE, never UNKNOWN", async () => {
    // Polymarket 1642124 is active:false, closed:false (not open yet): unknown, by the flag "inactive"
    // the list (open markets) leaves it out; asked for by id it shows the venue's word
    const list = await run('polymarket', ['markets']);
    expect(list.code, list.err).toBe(0);
    expect(list.lines.find((l) => l.includes('1642124'))).toBeUndefined();
    const one = await run('polymarket', ['market', '1642124']);
    expect(one.code, one.err).toBe(0);
    expect(one.lines[1]).toMatch(/^INACTIVE · /);
    expect(badgeSeg('unknown', true, 'inactive').text).toBe('INACTIVE');
  });

  it('an event of one market says "1 market"', async () => {
    const r = await run('kalshi', ['event', 'KXELONMARS-99']);
    expect(r.code, r.err).toBe(0);
    expect(r.lines[1]).toBe('id KXELONMARS-99 · World · 1 market');
  });
});

describe('the markets table never cuts an id', () => {
  // every recorded market, closed ones too (without --status only the active ones are asked for)
  const markets = (columns?: number) => run('bracket', ['markets', '--limit', '100', '--status', 'all'], columns);
  const rowOf = (lines: readonly string[]) => lines.find((l) => l.includes(LONGEST));

  it('piped (80): the longest recorded ticker whole, the title the rest, every line within 80', async () => {
    const r = await markets();
    expect(r.code, r.err).toBe(0);
    expect(r.lines).toHaveLength(101);
    expect(r.lines[0]).toMatch(/^STATUS +ID +LEADING +PRICE TITLE$/);
    expect(rowOf(r.lines)).toMatch(new RegExp(`^ACTIVE   ${LONGEST} Yes +\\d+\\.\\d¢ Iowa · `));
    expect(widest(r.lines)).toBe(80);
    // the title starts where its heading does
    expect(rowOf(r.lines)!.indexOf('Iowa ·')).toBe(r.lines[0]!.indexOf('TITLE'));
  });

  it('narrower: the title, then the leading outcome, then the status give way; the id alone overflows', async () => {
    const mid = await markets(60);
    // no room for LEADING and PRICE beside the id: the title takes their place
    expect(mid.lines[0]).toMatch(/^STATUS +ID +TITLE$/);
    expect(rowOf(mid.lines)).toMatch(new RegExp(`^ACTIVE   ${LONGEST} Iowa`));
    expect(widest(mid.lines)).toBe(60);
    const narrow = await markets(40);
    expect(narrow.lines[0]).toBe('ID');
    expect(rowOf(narrow.lines)).toBe(LONGEST);
    // 30 columns cannot hold 33: the id whole, each line as long as the longest id and no longer
    const tight = await markets(30);
    expect(rowOf(tight.lines)).toBe(LONGEST);
    expect(widest(tight.lines)).toBe(LONGEST.length);
    // the market's block likewise: its id line cut after the id, never into it
    const detail = await run('bracket', ['market', LONGEST], 30);
    expect(detail.code, detail.err).toBe(0);
    expect(detail.lines).toContain(`id ${LONGEST}`);
  });

  it("the Kalshi tickers the 24-cell column cut before are whole, a market's and an event's", async () => {
    const r = await run('kalshi', ['markets', '--status', 'all']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ACTIVE +USDJPYH-24JUL2309-T163\.12900 /m);
    expect(widest(r.lines)).toBeLessThanOrEqual(80);
    const events = await run('bracket', ['events', '--limit', '3']);
    expect(events.code, events.err).toBe(0);
    expect(events.lines[0]).toMatch(/^ID +MARKETS CATEGORY +TITLE$/);
    expect(events.lines[1]).toMatch(/^KXNCAAMBGAME-26MAR20WRSTUVA +2 Sports +Wright St\. at Virginia/);
    expect(widest(events.lines)).toBe(80);
  });
});
