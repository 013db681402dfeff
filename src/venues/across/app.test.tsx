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
import type { Market, OrderBook } from '../../api/types.js';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import type { SourceId } from '../../sources/types.js';
import { createOddsStore } from '../../store/store.js';
import type { ExtraRequest } from '../../sync/extraJobs.js';
import { App } from '../../ui/App.js';
import { ManualClock } from '../../util/clock.js';
import { pairMarkets } from '../../../test/support/pairsFixtures.js';
import { renderTerminal, type TestTerminal } from '../../../test/support/terminal.js';
import { recordingSync } from '../../../test/support/venues.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { joinVenues } from '../joined.js';
import { AcrossDesk } from './desk.js';

const real = pairMarkets();
const board = (key: string): Market => ({ ...real.get(key)!, id: key });
const H0 = 'kalshi:KXFEDDECISION-26SEP-H0';
const SAME = 'polymarket:2252244';
const JULY = 'polymarket:1654958';

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

function start(dir: string) {
  const clock = new ManualClock();
  const extras: ExtraRequest[] = [];
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    return { id, store, sync: recordingSync(store, [], extras) };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  stacks[0]!.store.getState().listLoaded([board(H0)], clock.now());
  const desk = new AcrossDesk(stacks, dir, clock);
  const joined = joinVenues(stacks, desk);
  term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 200, rows: 30 });
  const book = (id: string): OrderBook => ({
    marketId: id,
    outcome: 'Yes',
    bids: [{ price: id === H0 ? 0.6 : 0.8, size: 50 }],
    asks: [{ price: id === H0 ? 0.62 : 0.82, size: 50 }],
    raw: {},
  });
  /** Answers what waits: searches with the recorded markets, details with the board's copy, books with `book`. */
  const answer = () => {
    for (const r of extras.splice(0)) {
      if (r.key === 'pairs:search') r.answered([board(SAME), board(JULY)], clock.now());
      else if (r.key.startsWith('pairs:detail:')) r.answered(board(r.key.slice('pairs:detail:'.length)), clock.now());
      else if (r.key.startsWith('pairs:book:')) r.answered(book(r.key.slice('pairs:book:'.length)), clock.now());
    }
  };
  return { clock, desk, joined, answer, extras };
}

describe('pairs on the board', () => {
  it('P lists candidates with reasons; y confirms; n rejects; after a restart the rejected one is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-app-'));
    const one = start(dir);
    await waitForFrame(term!, 'Fed');
    await press(term!, 'P');
    await waitForFrame(term!, 'searching polymarket');
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
});
