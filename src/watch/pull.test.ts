import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_PAPER, keepPaper, type PaperBook } from '../positions/paper.js';
import { PAPER_FILE } from '../positions/paperFile.js';
import { watchedIds } from '../store/watchlist.js';
import type { AlertRule } from '../store/watchTypes.js';
import { PULL_DELAY_MS } from './fileChanges.js';
import { startPaperFile } from './paper.js';
import { FILES, SAVE_DEBOUNCE_MS } from './persist.js';
import { board, bothSeeClose, home, logged, mkt, settle, two } from '../../test/support/twoBoards.js';

const rule: AlertRule = { id: 'a-1', marketId: 'm1', kind: 'status', source: 'form', createdAt: 0 };

describe('another dashboard’s writes taken in while running', () => {
  it('a watch made in one is in the other a moment later; the other does not write it back', () => {
    const { dir, clock, fs, a, b } = two();
    a.store.getState().listLoaded([mkt('m1')], clock.now());
    a.store.getState().toggleWatch('m1', clock.now());
    settle(clock, fs, FILES.watchlist);
    expect(watchedIds(b.store.getState())).toEqual(['m1']);
    // nothing of b's own to write: no write is due (no ping-pong between the two), the file stays as a wrote it
    const inode = statSync(join(dir, FILES.watchlist)).ino;
    expect(clock.pending()).toBe(0);
    // a's own write, its event: a looks, takes nothing, writes nothing
    const w = a.store.getState().watch;
    fs.written(FILES.watchlist);
    clock.advance(PULL_DELAY_MS + SAVE_DEBOUNCE_MS);
    expect(a.store.getState().watch).toBe(w);
    expect(statSync(join(dir, FILES.watchlist)).ino).toBe(inode);
    // an unwatch in b reaches a the same way
    b.store.getState().toggleWatch('m1', clock.now());
    settle(clock, fs, FILES.watchlist);
    expect(watchedIds(a.store.getState())).toEqual([]);
    expect([...a.watcher.stop(), ...b.watcher.stop()]).toEqual([]);
  });

  it('a change not written yet is kept when the other one’s write is taken in, and written with it', () => {
    const { dir, clock, fs, a, b } = two();
    a.store.getState().toggleWatch('m1', clock.now());
    clock.advance(SAVE_DEBOUNCE_MS); // a's write
    b.store.getState().toggleWatch('m2', clock.now()); // b's, not written yet
    fs.written(FILES.watchlist);
    clock.advance(PULL_DELAY_MS);
    expect([...watchedIds(b.store.getState())].sort()).toEqual(['m1', 'm2']);
    settle(clock, fs, FILES.watchlist);
    expect([...watchedIds(a.store.getState())].sort()).toEqual(['m1', 'm2']);
    const file = JSON.parse(readFileSync(join(dir, FILES.watchlist), 'utf8')) as { markets: { id: string }[] };
    expect(file.markets.map((m) => m.id).sort()).toEqual(['m1', 'm2']);
    a.watcher.stop();
    b.watcher.stop();
  });

  it('one firing seen by both is one log entry; an alert taken from the other rings nothing here', () => {
    const { dir, clock, fs, a, b } = two();
    a.store.getState().addAlert(rule);
    settle(clock, fs, FILES.alerts);
    expect(b.store.getState().alerts.rules.map((r) => r.id)).toEqual(['a-1']);
    // both see it close before either's write reaches the other: each rings, the file keeps one entry
    bothSeeClose({ clock, a, b });
    expect([a.bells(), b.bells()]).toEqual([1, 1]);
    settle(clock, fs, FILES.log, FILES.alerts);
    settle(clock, fs, FILES.log, FILES.alerts);
    expect(logged(dir).filter((e) => e.ruleId === 'a-1')).toHaveLength(1);
    for (const t of [a, b]) expect(t.store.getState().alerts.log.filter((e) => e.ruleId === 'a-1')).toHaveLength(1);
    // a alone sees it resolve: b gets the entry and where the alert stands, and does not ring nor fire it again
    a.store.getState().marketLoaded(mkt('m1', 'resolved'), clock.now());
    expect(a.bells()).toBe(2);
    settle(clock, fs, FILES.log, FILES.alerts);
    expect(b.store.getState().alerts.log.filter((e) => e.ruleId === 'a-1')).toHaveLength(2);
    b.store.getState().marketLoaded(mkt('m1', 'resolved'), clock.now());
    expect(b.bells()).toBe(1);
    expect(logged(dir).filter((e) => e.ruleId === 'a-1')).toHaveLength(2);
    a.watcher.stop();
    b.watcher.stop();
  });

  it("a change the other's watchlist logged is not logged again by a config status alert here", () => {
    const { dir, clock, fs } = home();
    const config: AlertRule = { id: 'c-1', marketId: 'm1', kind: 'status', source: 'config', createdAt: 0 };
    const a = board(dir, clock, fs, [config]);
    const b = board(dir, clock, fs); // its config file has no alert: it only watches m1
    a.store.getState().listLoaded([mkt('m1')], clock.now());
    a.store.getState().toggleWatch('m1', clock.now());
    settle(clock, fs, FILES.watchlist, FILES.alerts);
    // b sees m1 close first and logs it under its watch; a takes that in, then sees the close itself
    b.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
    settle(clock, fs, FILES.watchlist, FILES.log);
    a.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log);
    // a logged it again under its config alert, rang and said it: two entries for one change
    expect(logged(dir).map((e) => e.ruleId)).toEqual(['watch:m1']);
    expect([a.bells(), b.bells()]).toEqual([0, 1]);
    // a's alert knows the new status: the next change is told under it, once
    a.store.getState().marketLoaded(mkt('m1', 'resolved'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log, FILES.watchlist);
    b.store.getState().marketLoaded(mkt('m1', 'resolved'), clock.now());
    settle(clock, fs, FILES.log);
    expect(logged(dir).map((e) => e.ruleId)).toEqual(['c-1', 'watch:m1']);
    expect([a.bells(), b.bells()]).toEqual([1, 1]);
    a.watcher.stop();
    b.watcher.stop();
  });

  it('a change of an unwatched market logged by a config alert there is not logged again by another one here', () => {
    const { dir, clock, fs } = home();
    const status = (id: string): AlertRule => ({ id, marketId: 'm1', kind: 'status', source: 'config', createdAt: 0 });
    // two config files, each with its own status alert on m1; nobody watches m1
    const [a, b] = [board(dir, clock, fs, [status('c-1')]), board(dir, clock, fs, [status('c-2')])];
    for (const t of [a, b]) t.store.getState().listLoaded([mkt('m1')], clock.now());
    for (const t of [a, b]) t.store.getState().checkAlerts(clock.now());
    a.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log);
    b.store.getState().marketLoaded(mkt('m1', 'closed'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log);
    // b logged it again under c-2, rang and said it: two entries for one closing
    expect(logged(dir).map((e) => e.ruleId)).toEqual(['c-1']);
    expect([a.bells(), b.bells()]).toEqual([1, 0]);
    // b's alert knows the new status: the next change, b's first, is told once, under c-2
    b.store.getState().marketLoaded(mkt('m1', 'resolved'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log);
    a.store.getState().marketLoaded(mkt('m1', 'resolved'), clock.now());
    settle(clock, fs, FILES.alerts, FILES.log);
    expect(logged(dir).map((e) => e.ruleId)).toEqual(['c-2', 'c-1']);
    expect([a.bells(), b.bells()]).toEqual([1, 1]);
    a.watcher.stop();
    b.watcher.stop();
  });

  it('a file broken meanwhile is moved aside, said, and written again as this session has it', () => {
    const { dir, clock, fs, a } = two();
    a.store.getState().toggleWatch('m1', clock.now());
    clock.advance(SAVE_DEBOUNCE_MS);
    writeFileSync(join(dir, FILES.watchlist), '{"version": 1, "markets": [');
    settle(clock, fs, FILES.watchlist);
    expect(a.notices().join('\n')).toMatch(/watchlist\.json could not be read \(not valid JSON\): moved aside/);
    expect(readdirSync(dir).filter((n) => n.startsWith('watchlist.json.broken-'))).toHaveLength(1);
    clock.advance(SAVE_DEBOUNCE_MS);
    const file = JSON.parse(readFileSync(join(dir, FILES.watchlist), 'utf8')) as { markets: { id: string }[] };
    expect(file.markets.map((m) => m.id)).toEqual(['m1']);
    expect(watchedIds(a.store.getState())).toEqual(['m1']);
    a.watcher.stop();
  });

  it('a paper trade kept in one is in the other’s book a moment later, with one made there meanwhile', () => {
    const { dir, clock } = home();
    const keeper = () => {
      let book = EMPTY_PAPER;
      const listeners = new Set<() => void>();
      const k = startPaperFile(
        {
          restore: (b) => void (book = b),
          current: () => book,
          subscribe: (f) => (listeners.add(f), () => void listeners.delete(f)),
          notice: () => {},
        },
        { clock, dir },
      );
      const change = (b: PaperBook) => ((book = b), listeners.forEach((f) => f()));
      return { k, change, book: () => book };
    };
    const one = keeper();
    const two = keeper();
    one.change(bought(one.book(), 'K1'));
    clock.advance(SAVE_DEBOUNCE_MS);
    two.change(bought(two.book(), 'K2')); // not written yet
    two.k.pull();
    expect(held(two.book())).toEqual(['K1', 'K2']);
    clock.advance(SAVE_DEBOUNCE_MS);
    one.k.pull();
    expect(held(one.book())).toEqual(['K1', 'K2']);
    expect(readFileSync(join(dir, PAPER_FILE), 'utf8')).toContain('"market": "kalshi:K2"');
    expect([...one.k.stop(), ...two.k.stop()]).toEqual([]);
  });
  it('its own write within the moment after the other’s (before that event is read) takes the other’s in', () => {
    const { dir, clock, fs, a, b } = two();
    a.store.getState().listLoaded([mkt('m1'), mkt('m2')], clock.now());
    b.store.getState().listLoaded([mkt('m1'), mkt('m2')], clock.now());
    a.store.getState().toggleWatch('m1', clock.now());
    clock.advance(100);
    b.store.getState().toggleWatch('m2', clock.now());
    clock.advance(SAVE_DEBOUNCE_MS - 100); // a writes m1
    fs.written(FILES.watchlist);
    clock.advance(100); // b writes m2 on the file that holds m1, before its read of a's write is due
    fs.written(FILES.watchlist);
    clock.advance(PULL_DELAY_MS);
    const file = JSON.parse(readFileSync(join(dir, FILES.watchlist), 'utf8')) as { markets: { id: string }[] };
    expect(file.markets.map((m) => m.id).sort()).toEqual(['m1', 'm2']);
    // b's read of a's event found b's own write (taken as its own): m1 reached b only with that write
    expect([...watchedIds(b.store.getState())].sort()).toEqual(['m1', 'm2']);
    expect(clock.pending()).toBe(0); // nothing more to write: b is the file
  });
});

const held = (book: PaperBook) => book.positions.map((p) => p.ref.id).sort();

function bought(book: PaperBook, id: string): PaperBook {
  const r = keepPaper(book, {
    ref: { venue: 'kalshi', id },
    title: `Market ${id}`,
    outcome: 'Yes',
    currency: 'USD',
    quote: { action: 'buy', shares: 10, averagePrice: 0.4, fee: 0, total: 4, raw: {} },
    at: 1_000,
  });
  if ('problem' in r) throw new Error(r.problem);
  return r.book;
}
