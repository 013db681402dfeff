/**
 * A person's file moved aside by one dashboard (broken, or a newer format) while another runs: the other's next write
 * or read of the file that follows must not take what it held and did not change as removed there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_PAPER, keepPaper, type PaperBook } from '../positions/paper.js';
import { encodePaper, loadPaper, PAPER_FILE } from '../positions/paperFile.js';
import { watchedIds } from '../store/watchlist.js';
import { keeper } from '../../test/support/paperKeeper.js';
import { fresh, tmp } from '../../test/support/watchSaver.js';
import { FILES, SAVE_DEBOUNCE_MS } from './persist.js';

const buy = (book: PaperBook, id: string, shares: number): PaperBook => {
  const quote = { action: 'buy' as const, shares, averagePrice: 0.4, fee: 0, total: shares * 0.4, raw: {} };
  const ref = { venue: 'kalshi' as const, id };
  const r = keepPaper(book, { ref, title: id, outcome: 'Yes', currency: 'USD', quote, at: 1_000 });
  if ('problem' in r) throw new Error(r.problem);
  return r.book;
};
const ids = (book: PaperBook) => book.positions.map((p) => `${p.ref.id} ${p.trades.length}`).sort();

/** B reads K1 and K2; the file is broken and A, started then, moves it aside and writes K3 alone. */
function setAsideByA() {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-aside-'));
  writeFileSync(join(dir, PAPER_FILE), encodePaper(buy(buy(EMPTY_PAPER, 'K1', 10), 'K2', 4)));
  const b = keeper(dir);
  writeFileSync(join(dir, PAPER_FILE), '{"oddsboardPaper": 3, "positions": []}'); // a newer oddsboard's
  const a = keeper(dir);
  expect(a.notices.join('\n')).toMatch(/moved aside/);
  a.change(buy(a.book(), 'K3', 5));
  a.clock.advance(SAVE_DEBOUNCE_MS);
  return { dir, a, b };
}

describe('a file another dashboard moved aside', () => {
  it('is not written over with the positions this dashboard held and did not change dropped', () => {
    const { dir, b } = setAsideByA();
    b.change(buy(b.book(), 'K1', 1));
    b.clock.advance(SAVE_DEBOUNCE_MS);
    // it wrote K1 and K3: K2, kept in b and not changed there, was only in the set-aside file
    expect(ids(loadPaper(dir, 0).book)).toEqual(['K1 2', 'K2 1', 'K3 1']);
  });

  it('read as the other dashboard wrote it, keeps this one’s positions, and writes them', () => {
    const { dir, b } = setAsideByA();
    b.k.pull();
    expect(ids(b.book())).toEqual(['K1 1', 'K2 1', 'K3 1']);
    b.clock.advance(SAVE_DEBOUNCE_MS);
    expect(ids(loadPaper(dir, 0).book)).toEqual(['K1 1', 'K2 1', 'K3 1']);
  });

  it('the watchlist likewise: a watched market kept and not changed is not dropped', () => {
    const dir = tmp();
    const b = fresh(dir);
    b.store.getState().toggleWatch('m1', 1);
    b.store.getState().toggleWatch('m2', 1);
    b.saver.flush();
    writeFileSync(join(dir, FILES.watchlist), '{'); // broken by a hand edit
    const a = fresh(dir);
    a.store.getState().toggleWatch('m3', 2);
    a.saver.flush();
    b.store.getState().toggleWatch('m4', 3);
    b.saver.flush();
    // it kept m3 and m4: m1 and m2 were only in the set-aside file
    expect([...watchedIds(fresh(dir).store.getState())].sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
});
