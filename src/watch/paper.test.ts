/** The paper positions' file around a dashboard: a write that fails names the file and what to do. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holding, keepPaper, PAPER_TRADES_MAX, type PaperBook } from '../positions/paper.js';
import { loadPaper, PAPER_FILE, PAPER_FILE_MAX_BYTES } from '../positions/paperFile.js';
import { LOCK_RETRY_MS } from './lock.js';
import { keeper } from '../../test/support/paperKeeper.js';
import { SAVE_DEBOUNCE_MS, SAVE_RETRY_MS } from './persist.js';

const root = mkdtempSync(join(tmpdir(), 'oddsboard-paper-keeper-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function bought(book: PaperBook, shares: number): PaperBook {
  const r = keepPaper(book, {
    ref: { venue: 'kalshi', id: 'K1' },
    title: 'Kansas City vs Detroit',
    outcome: 'Yes',
    currency: 'USD',
    quote: { action: 'buy', shares, averagePrice: 0.4, fee: 0, total: shares * 0.4, raw: {} },
    at: 1_000,
  });
  if ('problem' in r) throw new Error(r.problem);
  return r.book;
}

describe('the paper positions file', () => {
  it('a failed write names the file and what to do, once, and is tried again', () => {
    const dir = join(root, 'eisdir');
    const o = keeper(dir);
    // a directory in the file's place (it said "Could not save the paper positions (EISDIR)": which file? what now?)
    mkdirSync(join(dir, PAPER_FILE), { recursive: true });
    o.change(bought(o.book(), 10));
    o.clock.advance(SAVE_DEBOUNCE_MS);
    expect(o.notices).toEqual([
      `Could not save ${join(dir, PAPER_FILE)} (EISDIR): a directory is in its place: move it away; ` +
        'what is there is left as it is, trying again',
    ]);
    o.clock.advance(SAVE_RETRY_MS);
    expect(o.notices).toHaveLength(1);
    // quitting now: the book is not saved, which is said on the way out (it said nothing)
    const quitting = keeper(join(root, 'quit'));
    mkdirSync(join(root, 'quit', PAPER_FILE), { recursive: true });
    quitting.change(bought(quitting.book(), 5));
    expect(quitting.k.stop()).toEqual([
      `Could not save ${join(root, 'quit', PAPER_FILE)} (EISDIR): a directory is in its place: move it away; ` +
        "what is there is left as it is, this session's changes to it are not saved",
    ]);
    rmSync(join(dir, PAPER_FILE), { recursive: true });
    o.clock.advance(SAVE_RETRY_MS);
    expect(JSON.parse(readFileSync(join(dir, PAPER_FILE), 'utf8'))).toMatchObject({
      positions: [{ market: 'kalshi:K1' }],
    });
    expect(o.k.stop()).toEqual([]);
  });
  it('a paper.json that is not a file says what to do, and on the way out that the trades made are not saved', () => {
    const dir = join(root, 'not-a-file');
    mkdirSync(join(dir, PAPER_FILE), { recursive: true });
    const o = keeper(dir);
    expect(o.notices).toEqual([
      `${join(dir, PAPER_FILE)} is not a regular file: move it away and start oddsboard again; ` +
        'paper positions are not read or written this session',
    ]);
    o.change(bought(o.book(), 10));
    o.clock.advance(SAVE_DEBOUNCE_MS);
    // the trade was lost on quitting with no word
    expect(o.k.stop()).toEqual([
      `Could not save ${join(dir, PAPER_FILE)}: it could not be read (move it away; then start oddsboard ` +
        "again); this session's changes to it are not saved",
    ]);
    expect(readdirSync(join(dir, PAPER_FILE))).toEqual([]);
  });
  it('two dashboards on one directory keep both books: the trades of each, on another market and on the same', () => {
    const dir = join(root, 'two');
    const a = keeper(dir);
    const b = keeper(dir);
    a.change(bought(a.book(), 10));
    a.clock.advance(SAVE_DEBOUNCE_MS);
    const other = keepPaper(b.book(), {
      ref: { venue: 'manifold', id: 'M1' },
      title: 'Will it rain?',
      outcome: 'No',
      currency: 'mana',
      quote: { action: 'buy', shares: 5, averagePrice: 0.5, fee: 0, total: 2.5, raw: {} },
      at: 2_000,
    });
    if ('problem' in other) throw new Error(other.problem);
    b.change(other.book);
    b.clock.advance(SAVE_DEBOUNCE_MS);
    a.change(bought(a.book(), 20)); // a second trade on K1, after b's write
    a.k.stop();
    const saved = JSON.parse(readFileSync(join(dir, PAPER_FILE), 'utf8')) as {
      positions: { market: string; trades: { shares: number }[] }[];
    };
    expect(saved.positions.map((p) => [p.market, p.trades.map((t) => t.shares)])).toEqual([
      ['kalshi:K1', [10, 20]],
      ['manifold:M1', [5]],
    ]);
    b.k.stop();
  });
  it('a sale after a step back of the wall clock stays after the buy it sold, in the file and in both books', () => {
    const dir = join(root, 'step-back');
    const T = Date.UTC(2026, 10, 27, 15);
    const a = keeper(dir);
    const b = keeper(dir);
    const trade = (o: ReturnType<typeof keeper>, action: 'buy' | 'sell', at: number) => {
      const r = keepPaper(o.book(), {
        ref: { venue: 'kalshi', id: 'K1' },
        title: 'Kansas City vs Detroit',
        outcome: 'Yes',
        currency: 'USD',
        quote: { action, shares: 10, averagePrice: 0.5, fee: 0, total: action === 'buy' ? 4 : 5, raw: {} },
        at,
      });
      if ('problem' in r) throw new Error(r.problem);
      o.change(r.book);
      o.k.flush();
    };
    trade(a, 'buy', T);
    // a's clock is set back an hour: the sale reads T − 59 min on it; the merge of its write put it before the buy
    trade(a, 'sell', T - 59 * 60_000);
    const held = () => {
      const book = loadPaper(dir, T).book;
      return book.positions.map((p) => [p.trades.map((t) => t.action), holding(p.trades).shares]);
    };
    expect(held()).toEqual([[['buy', 'sell'], 0]]);
    expect(holding(loadPaper(dir, T).book.positions[0]!.trades).realized).toBe(1);
    // b, on the right clock, takes a's trades in, buys again and sells again: each after the last it knows
    b.k.pull();
    trade(b, 'buy', T + 60_000);
    a.k.pull();
    trade(a, 'sell', T - 57 * 60_000); // a, an hour behind, sells what b bought
    expect(held()).toEqual([[['buy', 'sell', 'buy', 'sell'], 0]]);
    expect([a.k.stop(), b.k.stop(), a.notices, b.notices]).toEqual([[], [], [], []]);
  });
  it('the same shares sold in both dashboards book one sale, the other only what was left to sell (nothing)', () => {
    const dir = join(root, 'sold-twice');
    const a = keeper(dir);
    a.change(bought(a.book(), 10)); // 10 at 0.40: cost 4
    a.k.flush();
    const b = keeper(dir); // b takes the buy in
    const sell = (o: ReturnType<typeof keeper>, at: number) => {
      const r = keepPaper(o.book(), {
        ref: { venue: 'kalshi', id: 'K1' },
        title: 'Kansas City vs Detroit',
        outcome: 'Yes',
        currency: 'USD',
        quote: { action: 'sell', shares: 10, averagePrice: 0.6, fee: 0.1, total: 5.9, raw: {} },
        at,
      });
      if ('problem' in r) throw new Error(r.problem);
      o.change(r.book);
    };
    // each sells the 10 before the other's write arrives
    sell(a, 2_000);
    sell(b, 3_000);
    a.k.flush();
    b.k.flush();
    const p = loadPaper(dir, 4_000).book.positions[0]!;
    expect(p.trades.map((t) => [t.action, t.shares])).toEqual([
      ['buy', 10],
      ['sell', 10],
      ['sell', 10],
    ]);
    // it booked the second sale's 5.90 too with no share sold: realized +7.80, a phantom gain of 5.90
    expect(holding(p.trades)).toEqual({ shares: 0, cost: 0, realized: 1.9, fees: 0.1, oversold: 10 });
    expect([a.k.stop(), b.k.stop()]).toEqual([[], []]);
  });
  it('two dashboards writing paper.json at the same instant keep both trades (the write holds its lock)', () => {
    const dir = join(root, 'same-instant');
    const b = keeper(dir);
    let inside = false;
    const a = keeper(dir, {
      beforeRename: () => {
        if (inside) return;
        inside = true;
        b.k.flush(); // b's write while a is between reading the file and renaming its new one over it
      },
    });
    a.change(bought(a.book(), 10));
    b.change(bought(b.book(), 20));
    a.k.flush();
    b.clock.advance(LOCK_RETRY_MS);
    const saved = JSON.parse(readFileSync(join(dir, PAPER_FILE), 'utf8')) as { positions: { trades: unknown[] }[] };
    expect(saved.positions.map((p) => p.trades.length)).toEqual([2]);
    expect(readdirSync(dir)).toEqual([PAPER_FILE]);
    expect([a.k.stop(), b.k.stop(), a.notices, b.notices]).toEqual([[], [], [], []]);
  });
  it('the same trade kept in two dashboards in the same millisecond is two trades, in the file and the books', () => {
    const dir = join(root, 'same-ms');
    const a = keeper(dir);
    const b = keeper(dir);
    a.change(bought(a.book(), 10)); // each buys 10 at 0.40, stamped 1,000
    b.change(bought(b.book(), 10));
    a.k.flush();
    b.k.flush();
    a.k.pull();
    b.k.pull();
    // the merge took b's buy for a's (same time, action, shares, total): 10 shares held where 20 were bought
    for (const book of [loadPaper(dir, 2_000).book, a.book(), b.book()])
      expect(holding(book.positions[0]!.trades).shares).toBe(20);
    expect([a.k.stop(), b.k.stop()]).toEqual([[], []]);
  });
  it('a position past 200 trades, written again and again, holds what was bought (not its folded trades twice)', () => {
    const dir = join(root, 'fold');
    const o = keeper(dir);
    let b = o.book();
    for (let i = 0; i < PAPER_TRADES_MAX; i++) b = bought(b, 1);
    for (let i = 0; i < 3; i++) {
      o.change(i === 0 ? b : bought(o.book(), 1));
      o.clock.advance(SAVE_DEBOUNCE_MS);
    }
    // each write put its fold and new trade on the file as it was, folded trades and all (207 held where 202 bought)
    expect(holding(loadPaper(dir, 2_000).book.positions[0]!.trades).shares).toBe(PAPER_TRADES_MAX + 2);
    expect(o.k.stop()).toEqual([]);
  });
  it('a paper.json a hand edit broke while the dashboard runs is moved aside and said before the next write', () => {
    const dir = join(root, 'broken');
    const o = keeper(dir);
    o.change(bought(o.book(), 10));
    o.clock.advance(SAVE_DEBOUNCE_MS);
    writeFileSync(join(dir, PAPER_FILE), '{"oddsboardPaper": 1, "positions": [');
    o.change(bought(o.book(), 20));
    o.clock.advance(SAVE_DEBOUNCE_MS);
    // it was overwritten with nothing said
    expect(o.notices).toEqual([
      `${join(dir, PAPER_FILE)} could not be read (not JSON): moved aside to ` +
        'paper.json.broken-1970-01-01T00-00-03-000Z; written again as this session has it',
    ]);
    expect(readdirSync(dir).filter((f) => f.startsWith('paper.json.broken-'))).toEqual([
      'paper.json.broken-1970-01-01T00-00-03-000Z',
    ]);
    expect(readFileSync(join(dir, 'paper.json.broken-1970-01-01T00-00-03-000Z'), 'utf8')).toBe(
      '{"oddsboardPaper": 1, "positions": [',
    );
    expect(JSON.parse(readFileSync(join(dir, PAPER_FILE), 'utf8'))).toMatchObject({
      positions: [{ market: 'kalshi:K1', trades: [{ shares: 10 }, { shares: 20 }] }],
    });
    // broken again as the dashboard quits: said on the way out, the notice line gone by then
    writeFileSync(join(dir, PAPER_FILE), 'oops');
    o.change(bought(o.book(), 5));
    expect(o.k.stop()).toEqual([expect.stringMatching(/paper\.json could not be read \(not JSON\): moved aside/)]);
  });
  it('a paper.json grown over its cap while the dashboard runs is left alone from then on, as at start', () => {
    const dir = join(root, 'grown');
    const o = keeper(dir);
    o.change(bought(o.book(), 10));
    o.clock.advance(SAVE_DEBOUNCE_MS);
    const big = `{"oddsboardPaper": 1, "positions": [], "pad": "${'x'.repeat(PAPER_FILE_MAX_BYTES)}"}`;
    writeFileSync(join(dir, PAPER_FILE), big);
    o.change(bought(o.book(), 20));
    o.clock.advance(SAVE_DEBOUNCE_MS);
    o.change(bought(o.book(), 30));
    o.clock.advance(SAVE_DEBOUNCE_MS);
    // it was overwritten whole with no word
    expect(readFileSync(join(dir, PAPER_FILE), 'utf8')).toBe(big);
    expect(o.notices).toEqual([
      `${join(dir, PAPER_FILE)} is larger than ${PAPER_FILE_MAX_BYTES} bytes: move it away and start oddsboard ` +
        'again; paper positions are not read or written this session',
    ]);
    expect(o.k.stop()).toEqual([
      `Could not save ${join(dir, PAPER_FILE)}: it could not be read (move it away; then start oddsboard ` +
        "again); this session's changes to it are not saved",
    ]);
  });
});
