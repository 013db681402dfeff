/**
 * `a` on the Across view (issue #29): a gap alert set through the form on a confirmed pair, firing into the notice
 * line and the alert log once both books are answered (the real stores, desk and App, as app.test.tsx; the same
 * recorded Fed decision markets, small hand-built books); on an unconfirmed candidate it is refused with the reason.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { board, bookOf, H0, SAME, startAcrossBoard } from '../../../test/support/acrossBoard.js';
import type { TestTerminal } from '../../../test/support/terminal.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

// Polymarket (the cheaper leg at 68.5¢) asks 60¢, Kalshi bids 75¢: a gap left after both fees
const start = (dir: string) => {
  const b = startAcrossBoard(dir, {
    book: bookOf({ bid: 0.75, ask: 0.77 }, { bid: 0.58, ask: 0.6 }),
    realAlerts: true,
  });
  term = b.term;
  return { ...b, noBooks: () => b.books(false) };
};

/** The board with H0 paired to Polymarket's same market: `P`, the candidates answered, `y`, the legs answered. */
async function confirmed(opts: { books: boolean }) {
  const one = start(mkdtempSync(join(tmpdir(), 'oddsboard-gap-alert-')));
  if (!opts.books) one.noBooks();
  await waitForFrame(term!, 'Fed');
  await press(term!, 'P');
  await waitForFrame(term!, 'searching Polymarket');
  one.answer();
  await waitForFrame(term!, '? same');
  await press(term!, 'y');
  await waitForFrame(term!, 'Pair confirmed');
  one.answer();
  one.answer();
  return one;
}

describe('a gap alert from the Across view', () => {
  it('a on a confirmed pair: gap after fees above 2¢ set through the form fires once; A logs both legs', async () => {
    const one = await confirmed({ books: true });
    await waitForFrame(term!, 'after fees');
    // the cursor's row is the confirmed pair
    let f = await press(term!, 'a');
    expect(f).toMatch(/Alert on +‹? ?gap after fees above/);
    expect(f).toContain('⇄');
    expect(f).toContain('after fees for 100 contracts; never on "no edge"');
    await press(term!, ['2', KEYS.enter]);
    expect(one.stacks[0]!.store.getState().alerts.rules).toMatchObject([
      { kind: 'gap', marketId: H0, pairId: SAME, cents: 2 },
    ]);
    one.clock.advance(5_000);
    f = await waitForFrame(term!, 'Gap after fees');
    expect(f).toMatch(/Gap after fees \d+\.\d¢ for 100 contracts/);
    const log = one.stacks[0]!.store.getState().alerts.log;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ kind: 'gap', marketId: H0, pairId: SAME, size: 100 });
    expect(log[0]!.text).toMatch(/Kalshi “.+” YES .+ · Polymarket “.+” YES .+ \(above 2¢\)/);
    expect(log[0]!.text).not.toMatch(/arbitrage/i);
    f = await press(term!, 'A');
    expect(f).toContain('gap after fees above 2¢');
    expect(f).toContain('Alert log · 1, newest first');
    await press(term!, KEYS.esc);
    // the other candidate is unconfirmed: no gap alert on it
    await press(term!, 'j');
    f = await press(term!, 'a');
    expect(f).toContain('Confirm the pair first (y)');
    expect(f).not.toContain('◆ Alert');
    one.desk.stop();
    one.joined.dispose();
  });

  it('no book answered ("no edge"): the alert is set and never fires', async () => {
    const one = await confirmed({ books: false });
    await waitForFrame(term!, 'no edge');
    await press(term!, ['a', '0', KEYS.enter]);
    await waitForFrame(term!, 'Alert set on');
    expect(one.stacks[0]!.store.getState().alerts.rules).toHaveLength(1);
    one.clock.advance(60_000);
    one.stacks[1]!.store.getState().marketLoaded(board(SAME), one.clock.now()); // the board moves: judged again
    const f = await press(term!, 'A');
    expect(f).toContain('Alert log · 0');
    expect(one.stacks[0]!.store.getState().alerts.log).toEqual([]);
    one.desk.stop();
    one.joined.dispose();
  });
});
