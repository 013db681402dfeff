/**
 * From the first frame on, before any view switch or `g`, the market selected is the row the view on screen draws as
 * selected (docs/views.md § The selection): the App shows its view at mount (useViewShown), so the rule that keeps it
 * after a view switch keeps it from the start. Before, a venue alone selected the list's first row as it arrived
 * (autoSelect) and the board its first row until one was chosen: on a board, a market picked that then left its
 * venue's list (a search, a refresh) stayed selected and polled under a cursor drawn on another row.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import { createOddsStore } from '../store/store.js';
import { joinVenues } from '../venues/joined.js';
import { App } from './App.js';
import { ManualClock } from '../util/clock.js';
import { market, rig } from '../../test/support/syncHarness.js';
import { renderTerminal, type TestTerminal } from '../../test/support/terminal.js';
import { recordingSync } from '../../test/support/venues.js';
import { press, waitForFrame } from '../../test/support/wait.js';

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

const titled = (id: string, title: string): Market => ({ ...market(id), title });

describe('the selection before any view switch', () => {
  it('a venue alone: the first row selected at its first answer, no request more than with no screen', async () => {
    const requests = async (screen: boolean) => {
      const r = rig({ limit: 30, mode: 'key' });
      if (screen)
        term = renderTerminal(<App store={r.store} sync={r.sync} clock={r.clock} />, { columns: 120, rows: 24 });
      r.sync.start();
      await r.run(1_000);
      const selected = r.store.getState().selectedId;
      await r.run(60_000);
      await r.sync.stop();
      const calls = r.client.calls.map(
        (c) => `${c.at} ${c.method} ${c.method === 'getMarket' ? String(c.args[0]) : ''}`,
      );
      return { selected, calls };
    };
    const bare = await requests(false);
    const shown = await requests(true);
    await waitForFrame(term!, '◇ Detail Market m1');
    expect(shown.selected).toBe('m1');
    expect(shown).toEqual(bare);
    expect(shown.calls.slice(0, 2)).toEqual(['0 listMarkets ', '0 getMarket m1']);
  });

  it('a board of two venues: a market picked that leaves its list gives the selection to the row drawn', async () => {
    const clock = new ManualClock();
    const k = createOddsStore({ mode: 'kalshi', limit: 60, caps: KALSHI_CAPS, prefixed: true });
    const p = createOddsStore({ mode: 'polymarket', limit: 60, caps: POLYMARKET_CAPS, prefixed: true });
    k.getState().listLoaded([titled('kalshi:A', 'Alpha'), titled('kalshi:B', 'Bravo')], clock.now());
    p.getState().listLoaded([titled('polymarket:C', 'Charlie')], clock.now());
    const joined = joinVenues([
      { id: 'kalshi', store: k, sync: recordingSync(k, []) },
      { id: 'polymarket', store: p, sync: recordingSync(p, []) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 120, rows: 24 });
    await waitForFrame(term, '◇ Detail Alpha');
    await press(term, 'j');
    await waitForFrame(term, '◇ Detail Bravo');
    expect(joined.store.getState().selectedId).toBe('kalshi:B');
    k.getState().listLoaded([titled('kalshi:A', 'Alpha')], clock.now());
    const f = await waitForFrame(term, (x) => !x.includes('Bravo'));
    expect(f).toMatch(/▸ .*Alpha/);
    expect(joined.store.getState().selectedId).toBe('kalshi:A');
    // the venue of the row drawn polls it; Bravo is not selected anywhere
    expect(k.getState().selectedId).toBe('kalshi:A');
    joined.dispose();
  });
});
