import { afterEach, describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { createOddsStore } from '../store/store.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import { App } from '../ui/App.js';
import { ManualClock } from '../util/clock.js';
import { renderTerminal, type TestTerminal } from '../../test/support/terminal.js';
import { recordingSync } from '../../test/support/venues.js';
import { press, waitForFrame } from '../../test/support/wait.js';
import { joinVenues } from './joined.js';

const mkt = (id: string, title: string): Market => ({
  id,
  title,
  status: 'active',
  outcomes: [{ name: 'Yes', price: 0.42 }],
  raw: {},
});

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

describe('the App over two venues joined', () => {
  it('names both in the header, marks every row with its venue, v narrows to one and back', async () => {
    const clock = new ManualClock();
    const calls = { kalshi: [] as string[], polymarket: [] as string[] };
    const k = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    const p = createOddsStore({ mode: 'polymarket', limit: 60, documentedLimit: 1200, caps: POLYMARKET_CAPS });
    k.getState().listLoaded([mkt('kalshi:KXFED', 'Fed cuts in December')], clock.now());
    p.getState().listLoaded([mkt('polymarket:516710', 'Fed decision in December')], clock.now());
    k.getState().requestSucceeded(clock.now());
    p.getState().requestFailed({ kind: 'network', code: 'ECONNREFUSED', message: 'refused', at: clock.now() });
    const joined = joinVenues([
      { id: 'kalshi', store: k, sync: recordingSync(k, calls.kalshi) },
      { id: 'polymarket', store: p, sync: recordingSync(p, calls.polymarket) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 120, rows: 24 });
    const f = await waitForFrame(term, 'Fed decision in December');
    expect(f.split('\n')[0]).toMatch(/K Kalshi ● online 0\/60 req\/min +P Polymarket ○ offline/);
    expect(f).toMatch(/ACTIVE +K Fed cuts in December/);
    expect(f).toMatch(/ACTIVE +P Fed decision in December/);
    expect(f).toContain('by venue, each in its own order');
    // the banner names the venue in trouble
    expect(f).toMatch(/Polymarket +OFFLINE/);
    await press(term, 'v');
    const only = await waitForFrame(term, 'Showing Kalshi only');
    expect(only).not.toContain('Fed decision in December');
    expect(only).toMatch(/ACTIVE +K Fed cuts in December/);
    await press(term, 'v');
    await press(term, 'v');
    const all = await waitForFrame(term, 'Showing every venue');
    expect(all).toContain('Fed decision in December');
    joined.dispose();
  });
});
