/**
 * `a` on the Across view (issue #29): a gap alert set through the form on a confirmed pair, firing into the notice
 * line and the alert log once both books are answered (the real stores, desk and App, as app.test.tsx; the same
 * recorded Fed decision markets, small hand-built books); on an unconfirmed candidate it is refused with the reason.
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
import { addAlertTo } from '../../sync/alertIntent.js';
import type { AlertDraft } from '../../store/alertRules.js';
import { App } from '../../ui/App.js';
import { ManualClock } from '../../util/clock.js';
import { pairMarkets } from '../../../test/support/pairsFixtures.js';
import { renderTerminal, type TestTerminal } from '../../../test/support/terminal.js';
import { recordingSync } from '../../../test/support/venues.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';
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
    // the real intent behind `a` (the kit's recording sync only says yes)
    const sync = {
      ...recordingSync(store, [], extras),
      addAlert: (d: AlertDraft) => addAlertTo(store, d, clock.now()),
    };
    return { id, store, sync };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  stacks[0]!.store.getState().listLoaded([board(H0)], clock.now());
  const desk = new AcrossDesk(stacks, dir, clock);
  const joined = joinVenues(stacks, desk);
  term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 200, rows: 30 });
  // Polymarket (the cheaper leg at 68.5¢) asks 60¢, Kalshi bids 75¢: a gap left after both fees
  const book = (id: string): OrderBook => ({
    marketId: id,
    outcome: 'Yes',
    bids: [{ price: id === H0 ? 0.75 : 0.58, size: 50 }],
    asks: [{ price: id === H0 ? 0.77 : 0.6, size: 50 }],
    raw: {},
  });
  let books = true;
  const answer = () => {
    for (const r of extras.splice(0)) {
      if (r.key === 'pairs:search') r.answered([board(SAME), board(JULY)], clock.now());
      else if (r.key.startsWith('pairs:detail:')) r.answered(board(r.key.slice('pairs:detail:'.length)), clock.now());
      else if (r.key.startsWith('pairs:book:') && books)
        r.answered(book(r.key.slice('pairs:book:'.length)), clock.now());
    }
  };
  return { clock, desk, joined, stacks, answer, noBooks: () => (books = false) };
}

describe('a gap alert from the Across view', () => {
  it('a on a confirmed pair: gap after fees above 2¢ set through the form fires once; A logs both legs', async () => {
    const one = start(mkdtempSync(join(tmpdir(), 'oddsboard-gap-alert-')));
    await waitForFrame(term!, 'Fed');
    await press(term!, 'P');
    await waitForFrame(term!, 'searching polymarket');
    one.answer();
    await waitForFrame(term!, '? same');
    await press(term!, 'y');
    await waitForFrame(term!, 'Pair confirmed');
    one.answer();
    one.answer();
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
    const one = start(mkdtempSync(join(tmpdir(), 'oddsboard-gap-alert-')));
    one.noBooks();
    await waitForFrame(term!, 'Fed');
    await press(term!, 'P');
    await waitForFrame(term!, 'searching polymarket');
    one.answer();
    await waitForFrame(term!, '? same');
    await press(term!, 'y');
    await waitForFrame(term!, 'Pair confirmed');
    one.answer();
    one.answer();
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
