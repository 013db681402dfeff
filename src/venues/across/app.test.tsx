/**
 * P, y and n on a board of two venues, with the real stores, the real desk and the App: a market's candidates with
 * their reasons, a pair confirmed, the Across view with both prices, the gap, after fees and depth (books of both legs
 * answered), a candidate rejected and gone after a restart. Markets: the recorded Fed decision markets
 * (test/fixtures/real/pairs/, SOURCES.md); the books are small hand-built ones (their shape, not their prices, is
 * what is tested).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { askCandidates, bookOf, confirmPair, H0, SAME, startAcrossBoard } from '../../../test/support/acrossBoard.js';
import type { TestTerminal } from '../../../test/support/terminal.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

const start = (dir: string) => {
  const b = startAcrossBoard(dir, { book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }) });
  term = b.term;
  return b;
};

/** The board at 80 columns, P on the selected market (the recorded Fed H0), and every venue's search answering none. */
async function pFindsNothing(tag: string) {
  const b = startAcrossBoard(mkdtempSync(join(tmpdir(), `oddsboard-across-${tag}-`)), {
    book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }),
    columns: 80,
  });
  term = b.term;
  await waitForFrame(term, 'Fed');
  await press(term, 'P');
  for (const r of b.extras.splice(0)) r.answered([], b.clock.now());
  return b;
}

describe('pairs on the board', () => {
  it('P lists candidates with reasons; y confirms; n rejects; after a restart the rejected one is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-app-'));
    const one = start(dir);
    await waitForFrame(term!, 'Fed');
    await press(term!, 'P');
    // the title names the venue searched as the line under it does (it read 'searching polymarket…', its id)
    const searching = await waitForFrame(term!, 'Searching Polymarket');
    expect(searching).toMatch(/◆ Across 0 · searching Polymarket…/);
    one.answer();
    let f = await waitForFrame(term!, '? same');
    expect(f).toContain('(unconfirmed)');
    expect(f).toMatch(/why: .*fed rate change \(bps\): no change/);
    // the cursor is on the strongest (same) candidate: confirm it; its books and details are asked for
    await press(term!, 'y');
    await waitForFrame(term!, 'Pair confirmed');
    one.answer();
    one.answer();
    f = await waitForFrame(term!, 'after fees');
    expect(f).toMatch(/✓ same/);
    expect(f).toMatch(/USD · .*USDC · gap/);
    expect(f).toContain('depth');
    // ⏎: both venues' rules side by side, what agrees and what differs listed first; Esc closes
    await press(term!, '\r');
    f = await waitForFrame(term!, '◆ Rules');
    expect(f).toContain('= fed rate change (bps): no change');
    expect(f).toMatch(/Will the Federal Reserve Hike rates by 0bps.*│ Will there be no change in Fed interest rates/);
    await press(term!, '\u001b');
    await waitForFrame(term!, '◆ Across');
    // the twin's price beside the market's own: in the Markets row and in the detail pane
    await press(term!, '1');
    f = await waitForFrame(term!, 'Twin');
    expect(f).toMatch(/K Fed maintains rate.*⇄P 68\.5¢/);
    expect(f).toMatch(/Twin ⇄P 68\.5¢ Polymarket \(USDC\)/);
    await press(term!, '7');
    await waitForFrame(term!, '◆ Across');
    // the other candidate (July: related) rejected
    await press(term!, 'j');
    await press(term!, 'n');
    await waitForFrame(term!, 'never proposed again');
    one.desk.stop();
    one.desk.file.stop(); // the last write, the watcher's as the board quits (src/venues/watch.ts)
    term!.unmount();
    one.joined.dispose();

    const two = start(dir);
    await waitForFrame(term!, 'Fed');
    await press(term!, 'P');
    two.answer();
    f = await waitForFrame(term!, '✓ same');
    expect(f).not.toContain('(unconfirmed)');
    two.desk.stop();
    two.joined.dispose();
  });

  it('the market selected is the Across row under the cursor: none while P searches, then a candidate', async () => {
    const b = start(mkdtempSync(join(tmpdir(), 'oddsboard-across-selected-')));
    await waitForFrame(term!, 'Fed');
    expect(b.joined.store.getState().selectedId).toBe(H0);
    await press(term!, 'P');
    await waitForFrame(term!, 'searching Polymarket');
    // no row yet: the detail pane draws no market, and none is selected (so none is polled)
    expect(b.joined.store.getState().selectedId).toBeUndefined();
    b.answer();
    await waitForFrame(term!, '? same');
    // the cursor's row, the one the detail pane draws: the candidate, not the Markets list's first row
    expect(b.joined.store.getState().selectedId).toBe(SAME);
    b.desk.stop();
    b.joined.dispose();
  });

  it('narrowed to Polymarket by v, a Kalshi–Polymarket pair is its Polymarket leg (row, detail, book)', async () => {
    const b = start(mkdtempSync(join(tmpdir(), 'oddsboard-across-narrowed-')));
    await waitForFrame(term!, 'Fed');
    await press(term!, 'P');
    b.answer();
    await waitForFrame(term!, '? same');
    await press(term!, 'y');
    b.answer();
    b.answer();
    await waitForFrame(term!, '✓ same');
    // every venue shown: the pair's row is its Kalshi leg's
    expect(b.joined.store.getState().selectedId).toBe(H0);
    await press(term!, 'v'); // Kalshi alone
    await press(term!, 'v'); // Polymarket alone
    // the leg on the venue shown: the row, and the detail pane, are Polymarket's "no change" (were Kalshi's H0)
    const f = await waitForFrame(term!, (x) => /◇ Detail Will there be no change/.test(x));
    const row = f.split('\n').find((l) => l.startsWith('▸ K P ✓ same'))!;
    // (the titles' shared words cut: "Will there be no change in Fed interest rates after the …")
    expect(row).toMatch(/…September 2026 meeting\? +│/);
    expect(row).not.toContain('Fed maintains rate');
    // and only Polymarket polls a market: Kalshi, hidden, selects none
    expect(b.joined.store.getState().selectedId).toBe(SAME);
    expect(b.stacks[1]!.store.getState().selectedId).toBe(SAME);
    expect(b.stacks[0]!.store.getState().selectedId).toBeUndefined();
    // y and n act on the pair under the cursor, as with every venue shown
    await press(term!, 'n');
    await waitForFrame(term!, 'never proposed again');
    b.desk.stop();
    b.joined.dispose();
  });

  it('y (and n) with no pair listed says so: the key did nothing, silently', async () => {
    const b = start(mkdtempSync(join(tmpdir(), 'oddsboard-across-empty-')));
    await waitForFrame(term!, 'Fed');
    await press(term!, '7');
    const empty = await waitForFrame(term!, 'No pairs yet');
    // nothing listed: no "why: —" under it, no keys that act on a row
    expect(empty).not.toContain('why:');
    expect(empty).not.toContain('y confirm');
    await press(term!, 'y');
    const f = await waitForFrame(term!, 'No pair under the cursor: P on a market lists its candidates');
    expect(f).toContain('◆ Across 0');
    b.desk.stop();
    b.joined.dispose();
  });

  it('P with no market under the cursor says so as the other keys do (it said "Select a market first")', async () => {
    const b = start(mkdtempSync(join(tmpdir(), 'oddsboard-across-nomarket-')));
    await waitForFrame(term!, 'Fed');
    await press(term!, '2', () => term!.lastFrame().includes('◆ Watchlist 0'));
    const f = await press(term!, 'P', () => term!.lastFrame().includes('No market here'));
    expect(f).toContain('No market here: P acts on the market under the cursor');
    expect(b.extras).toEqual([]);
    b.desk.stop();
    b.joined.dispose();
  });

  it('P finding nothing says so for that market; the title names it, cut to the line (was dropped whole)', async () => {
    const b = await pFindsNothing('none');
    const f = await waitForFrame(term!, 'No candidates on the other venues');
    expect(f).toMatch(/◆ Across 0 · candidates of Fed maintains rate · Will the Fed.*…/);
    // the words searched first: a long title is cut, not them
    expect(f).toContain('No candidates on the other venues (searched for "fed") for “Fed maintains');
    expect(f).not.toContain('No pairs yet');
    b.desk.stop();
    b.joined.dispose();
  });

  it('the notice "Candidates: searching …" goes when the answer comes (it stayed 3 s by "No candidates")', async () => {
    const b = startAcrossBoard(mkdtempSync(join(tmpdir(), 'oddsboard-across-notice-')), {
      book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }),
    });
    term = b.term;
    await waitForFrame(term, 'Fed');
    await press(term, 'P', () => term!.lastFrame().includes('Candidates: searching the other venues for "fed"'));
    for (const r of b.extras.splice(0)) r.answered([], b.clock.now());
    const f = await waitForFrame(term, 'No candidates on the other venues');
    expect(f).not.toContain('Candidates: searching');
    b.desk.stop();
    b.joined.dispose();
  });

  it('P finding nothing for a market past its close says why, and how to pair it by hand (as pairs does)', async () => {
    // the recorded H0 closes on 2026-09-16; the board's clock is at 2026-11-22
    const b = await pFindsNothing('closed');
    const f = await waitForFrame(term!, 'To pair it by hand');
    const words = f.replace(/\s*│?\n│?\s*/g, ' ');
    expect(words).toContain('This market passed its close time on 2026-09-16: its twin has likely closed too');
    expect(words).toContain('To pair it by hand: oddsboard pairs kalshi:KXFEDDECISION-26SEP-H0 --confirm VENUE:ID');
    b.desk.stop();
    b.joined.dispose();
  });

  it('80 columns: what the figure after fees assumes is under the list (was cut in the key line)', async () => {
    const b = startAcrossBoard(mkdtempSync(join(tmpdir(), 'oddsboard-across-notes-')), {
      book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }),
      columns: 80,
    });
    term = b.term;
    await askCandidates(b, '? same');
    await confirmPair(b);
    b.answer();
    const f = await waitForFrame(term, 'after fees');
    const under = f.split('\n').filter((l) => l.startsWith('  '));
    expect(under.join(' ')).toMatch(
      /assumes: the books fill 50 of 100 contracts; points of each leg's own payout +\(USD/,
    );
    expect(f).toMatch(/fees for 100$/m);
    b.desk.stop();
    b.joined.dispose();
  });
});
