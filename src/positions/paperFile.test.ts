import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_PAPER, keepPaper, type PaperBook } from './paper.js';
import { decodePaper, encodePaper, loadPaper, PAPER_FILE, savePaper } from './paperFile.js';

const root = mkdtempSync(join(tmpdir(), 'oddsboard-paper-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(root, String(++n));
  return d;
};
const AT = Date.parse('2026-11-26T17:00:00Z');
const book = ((): PaperBook => {
  const r = keepPaper(EMPTY_PAPER, {
    ref: { venue: 'kalshi', id: 'KXELONMARS-99' },
    title: 'Will Elon Musk visit Mars?',
    outcome: 'Yes',
    currency: 'USD',
    quote: { action: 'buy', shares: 25, averagePrice: 0.4, fee: 0.42, total: 10.42, raw: {} },
    at: AT,
  });
  if ('problem' in r) throw new Error(r.problem);
  return r.book;
})();

describe('the paper file', () => {
  it('round-trips, and reads as a person would write it', () => {
    const dir = fresh();
    savePaper(dir, book);
    const text = readFileSync(join(dir, PAPER_FILE), 'utf8');
    expect(JSON.parse(text)).toEqual({
      oddsboardPaper: 1,
      positions: [
        {
          market: 'kalshi:KXELONMARS-99',
          title: 'Will Elon Musk visit Mars?',
          outcome: 'Yes',
          currency: 'USD',
          trades: [
            {
              id: expect.stringMatching(/^[0-9a-f-]{36}$/),
              at: '2026-11-26T17:00:00.000Z',
              action: 'buy',
              shares: 25,
              avgPrice: 0.4,
              fee: 0.42,
              total: 10.42,
            },
          ],
        },
      ],
    });
    expect(loadPaper(dir, AT)).toEqual({ book });
  });

  it('no file: an empty book, no problem', () => {
    expect(loadPaper(fresh(), AT)).toEqual({ book: EMPTY_PAPER });
  });

  it('a broken file is moved aside and reported, never overwritten', () => {
    const dir = fresh();
    savePaper(dir, book);
    writeFileSync(join(dir, PAPER_FILE), '{"oddsboardPaper": 1, "positions": [');
    const r = loadPaper(dir, AT);
    expect(r.book).toEqual(EMPTY_PAPER);
    expect(r.problem).toMatch(/could not be read \(not JSON\): moved aside to paper\.json\.broken-/);
    expect(readdirSync(dir).filter((f) => f.startsWith('paper.json.broken-'))).toHaveLength(1);
  });

  it('an entry that cannot be understood: the rest is loaded, the file kept aside with it', () => {
    const dir = fresh();
    const doc = JSON.parse(encodePaper(book)) as { positions: unknown[] };
    doc.positions.push({ market: 'nowhere:x', title: 't', outcome: 'o', currency: 'USD', trades: [] });
    savePaper(dir, book);
    writeFileSync(join(dir, PAPER_FILE), JSON.stringify(doc));
    const r = loadPaper(dir, AT);
    expect(r.book).toEqual(book);
    expect(r.problem).toMatch(/had 1 paper position that could not be understood: moved aside .*; the rest is loaded/);
    // the rest is the file again at once, not only in memory until a trade is kept
    expect(loadPaper(dir, AT + 1)).toEqual({ book });
  });

  it('a crash before the rename leaves the old file whole', () => {
    const dir = fresh();
    savePaper(dir, book);
    const before = readFileSync(join(dir, PAPER_FILE), 'utf8');
    expect(() =>
      savePaper(dir, EMPTY_PAPER, {
        beforeRename: () => {
          throw new Error('crash');
        },
      }),
    ).toThrow('crash');
    expect(readFileSync(join(dir, PAPER_FILE), 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual([PAPER_FILE]);
  });

  it('hostile text: no crash, nothing NaN', () => {
    expect(() => decodePaper('[]')).toThrow(/not an oddsboard paper file/);
    const d = decodePaper(
      JSON.stringify({
        oddsboardPaper: 1,
        positions: [
          { market: 'kalshi:X', title: '\u001b[2Jx', outcome: 'Yes', currency: 'USD', trades: [{ at: 'x' }] },
        ],
      }),
    );
    expect(d).toEqual({ book: EMPTY_PAPER, dropped: 1 });
  });
  it('a book with a fold is format 2, which older versions refuse whole (moved aside); one without stays 1', () => {
    const trade = { id: 't', at: 1_000, action: 'buy' as const, shares: 1, avgPrice: 0.5, fee: 0, total: 0.5 };
    const of = (n: number) => ({
      positions: [
        {
          ref: { venue: 'kalshi' as const, id: 'K1' },
          title: 'T',
          outcome: 'Yes',
          currency: 'USD' as const,
          trades: Array.from({ length: n }, (_, i) => ({ ...trade, id: `t${i}`, at: 1_000 + i })),
        },
      ],
    });
    const format = (text: string) => (JSON.parse(text) as { oddsboardPaper: unknown }).oddsboardPaper;
    expect(format(encodePaper(of(200)))).toBe(1);
    // every version before read format 1 only ('not an oddsboard paper file (format 1)'): it read a fold as a plain
    // buy, its realized P&L lost, and wrote it back so; format 2 it moves aside and says so
    const folded = encodePaper(of(201));
    expect(format(folded)).toBe(2);
    expect(decodePaper(folded).book.positions[0]!.trades[0]!.folded).toEqual({ realized: 0, oversold: 0 });
    expect(decodePaper(folded.replace('"oddsboardPaper": 2', '"oddsboardPaper": 1')).dropped).toBe(0);
    expect(() => decodePaper(folded.replace('"oddsboardPaper": 2', '"oddsboardPaper": 3'))).toThrow(
      'written by a newer oddsboard (format 3; this one reads 1 and 2)',
    );
  });
});
