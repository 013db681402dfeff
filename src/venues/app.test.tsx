import { afterEach, describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { createOddsStore } from '../store/store.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import { manifoldCaps } from '../sources/manifold/caps.js';
import { App } from '../ui/App.js';
import { ManualClock } from '../util/clock.js';
import { renderTerminal, type TestTerminal } from '../../test/support/terminal.js';
import { recordingSync } from '../../test/support/venues.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';
import { joinVenues } from './joined.js';

const mkt = (id: string, title: string): Market => ({
  id,
  title,
  status: 'active',
  outcomes: [{ name: 'Yes', price: 0.42 }],
  raw: {},
});

let term: TestTerminal | undefined;
/** The list pane's lines (left of the side pane) joined into one text, as a wrapped line reads. */
const listText = (f: string) =>
  f
    .split('\n')
    .map((l) => l.split('│')[0]!.trim())
    .join(' ')
    .replace(/ +/g, ' ');
afterEach(() => term?.unmount());

describe('the App over several venues joined', () => {
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
    // one watchlist spans the venues: watching says which venue's market it is
    await press(term, 'w', () => term!.lastFrame().includes('★ Watching'));
    expect(term.lastFrame()).toContain('★ Watching “Fed cuts in December” on Kalshi');
    joined.dispose();
  });

  it("the banner's `last data … ago` is the troubled venue's own, not the board's newest answer", async () => {
    const clock = new ManualClock();
    const k = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    const p = createOddsStore({ mode: 'polymarket', limit: 60, documentedLimit: 1200, caps: POLYMARKET_CAPS });
    p.getState().listLoaded([mkt('polymarket:516710', 'Fed decision in December')], clock.now());
    p.getState().requestSucceeded(clock.now());
    // Kalshi answered once, then went down for 2 minutes while Polymarket kept answering
    k.getState().listLoaded([mkt('kalshi:KXFED', 'Fed cuts in December')], clock.now());
    k.getState().requestSucceeded(clock.now());
    clock.advance(120_000);
    k.getState().requestFailed({ kind: 'network', code: 'ECONNREFUSED', message: 'refused', at: clock.now() });
    p.getState().listLoaded([mkt('polymarket:516710', 'Fed decision in December')], clock.now());
    const joined = joinVenues([
      { id: 'kalshi', store: k, sync: recordingSync(k, []) },
      { id: 'polymarket', store: p, sync: recordingSync(p, []) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 120, rows: 24 });
    const f = await waitForFrame(term, 'Fed decision in December');
    expect(f).toMatch(/Kalshi +OFFLINE · last data 2m ago/);
    joined.dispose();

    // a venue down since the start has no data yet, whatever the others brought
    const k2 = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    k2.getState().requestFailed({ kind: 'network', code: 'ECONNREFUSED', message: 'refused', at: clock.now() });
    const again = joinVenues([
      { id: 'kalshi', store: k2, sync: recordingSync(k2, []) },
      { id: 'polymarket', store: p, sync: recordingSync(p, []) },
    ]);
    term.unmount();
    term = renderTerminal(<App store={again.store} sync={again.sync} clock={clock} />, { columns: 120, rows: 24 });
    expect(await waitForFrame(term, 'Fed decision in December')).toMatch(/Kalshi +OFFLINE · no data yet/);
    again.dispose();
  });

  it('v narrows Watchlist, Movers and Closing soon to the venue shown, as it narrows Markets', async () => {
    // as on replays of all three: only Polymarket sends a 24 h change, only Manifold has a market closing today
    const clock = new ManualClock();
    const now = clock.now();
    const store = (mode: 'kalshi' | 'polymarket' | 'manifold', caps: typeof KALSHI_CAPS) =>
      createOddsStore({ mode, limit: 60, documentedLimit: 1200, caps });
    const k = store('kalshi', KALSHI_CAPS);
    const p = store('polymarket', POLYMARKET_CAPS);
    const m = store('manifold', manifoldCaps);
    const moved = {
      ...mkt('polymarket:516710', 'Polymarket mover'),
      outcomes: [{ name: 'Yes', price: 0.9, change24h: 0.5 }],
    };
    k.getState().listLoaded([mkt('kalshi:KXFED', 'Kalshi market')], now);
    p.getState().listLoaded([moved], now);
    m.getState().listLoaded([{ ...mkt('manifold:abc', 'Manifold closing today'), closesAt: now + 3_600_000 }], now);
    k.getState().closingLoaded([], now);
    for (const [s, id] of [
      [k, 'kalshi:KXFED'],
      [p, 'polymarket:516710'],
      [m, 'manifold:abc'],
    ] as const)
      s.getState().toggleWatch(id, now);
    const joined = joinVenues(
      [k, p, m].map((s, i) => ({
        id: (['kalshi', 'polymarket', 'manifold'] as const)[i]!,
        store: s,
        sync: recordingSync(s, []),
      })),
    );
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 120, rows: 24 });
    await waitForFrame(term, 'Kalshi market');
    await press(term, 'v');
    await waitForFrame(term, 'Showing Kalshi only');
    const others = /Polymarket mover|Manifold closing today/;
    await press(term, '2', () => term!.lastFrame().includes('◆ Watchlist'));
    const watch = await waitForFrame(term, (f) => /◆ Watchlist 1\b/.test(f));
    expect(watch).toMatch(/K ★ Kalshi market/);
    expect(watch).not.toMatch(others);
    await press(term, '3', () => term!.lastFrame().includes('◆ Movers'));
    const movers = await waitForFrame(term, 'No market has moved 2.0¢ or more over 24 h (1 seen on Kalshi).');
    expect(movers).not.toMatch(others);
    await press(term, '4', () => term!.lastFrame().includes('◆ Closing soon'));
    const closing = await waitForFrame(term, 'Nothing on Kalshi closes in the next 24 hours.');
    expect(closing).not.toMatch(others);
    // every venue again: each view lists every venue's
    await press(term, 'v');
    await press(term, 'v');
    await press(term, 'v');
    await waitForFrame(term, (f) => /Manifold closing today/.test(f) && f.includes('Showing every venue'));
    await press(term, '3', () => term!.lastFrame().includes('◆ Movers'));
    // ranked on what we measured, the same for every venue (none yet), not on Polymarket's own 24 h figure; the title
    // and the empty line say so, and name the largest figure of a venue's own that Markets shows (△50.0¢) unranked
    const board = await waitForFrame(term, (f) => listText(f).includes('recorded since it started (3 seen)'));
    // no row, no column heads (src/ui/views/moversTitle.test.ts)
    expect(board).toMatch(/◆ Movers 0 · ≥ 2\.0¢ over 24 h we saw · s: by 1 h +│/);
    expect(listText(board)).toContain(
      'No market has moved 2.0¢ or more over 24 h in the prices oddsboard recorded since it started (3 seen). ' +
        "Markets' △ is each venue's own 24 h change, not ranked here (one measure for every venue): the largest, " +
        '△50.0¢, “Polymarket mover” on Polymarket.',
    );
    await press(term, 'v');
    await press(term, 'v');
    // Polymarket alone: its own figure, drawn △ as Markets draws it; watched: its ★, as in Markets
    await waitForFrame(term, (f) => /P ★ Polymarket mover .*△50\.0¢/.test(f));
    joined.dispose();
  });
  it("a's form names the venue in its title, as ★ Watching does, the title cut so that the venue is read", async () => {
    const clock = new ManualClock();
    const k = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    const p = createOddsStore({ mode: 'polymarket', limit: 60, documentedLimit: 1200, caps: POLYMARKET_CAPS });
    const long = 'Will the Federal Reserve cut its target rate at the December meeting of this year?';
    k.getState().listLoaded([mkt('kalshi:KXFED', long)], clock.now());
    p.getState().listLoaded([mkt('polymarket:516710', 'Fed decision in December')], clock.now());
    const joined = joinVenues([
      { id: 'kalshi', store: k, sync: recordingSync(k, []) },
      { id: 'polymarket', store: p, sync: recordingSync(p, []) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 50, rows: 24 });
    await waitForFrame(term, 'Fed decision');
    const f = await press(term, 'a', () => term!.lastFrame().includes('◆ Alert'));
    const head = f.split('\n').find((l) => l.startsWith('◆ Alert')) ?? '';
    expect(head).toMatch(/^◆ Alert “Will the Federal .+…” on Kalshi$/);
    expect(head.length).toBeLessThanOrEqual(50);
    joined.dispose();
  });
  it('the interface inside a sentence is "the interface": ★ Watching and the alert form say it so', async () => {
    const clock = new ManualClock();
    const i = createOddsStore({ mode: 'key', limit: 30 });
    const k = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    i.getState().listLoaded([mkt('public:m1', 'Rain in Oslo')], clock.now());
    k.getState().listLoaded([mkt('kalshi:KXFED', 'Fed cuts in December')], clock.now());
    const joined = joinVenues([
      { id: 'public', store: i, sync: recordingSync(i, []) },
      { id: 'kalshi', store: k, sync: recordingSync(k, []) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 120, rows: 24 });
    await waitForFrame(term, 'Rain in Oslo');
    await press(term, 'w', () => term!.lastFrame().includes('★ Watching'));
    expect(term.lastFrame()).toContain('★ Watching “Rain in Oslo” on the interface');
    await press(term, 'a', () => term!.lastFrame().includes('◆ Alert'));
    expect(term.lastFrame()).toContain('◆ Alert “Rain in Oslo” on the interface');
    // the flash that confirms it names the venue too: one alert list spans the venues
    await press(term, ['5', '0', KEYS.enter]);
    const set = await waitForFrame(term, 'Alert set on');
    expect(set).toContain('» Alert set on “Rain in Oslo” on the interface (A shows the alerts)');
    joined.dispose();
  });
  it("a's refusal of an ended market names its venue, as the form's title does", async () => {
    const clock = new ManualClock();
    const k = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    const p = createOddsStore({ mode: 'polymarket', limit: 60, documentedLimit: 1200, caps: POLYMARKET_CAPS });
    const ended: Market = { ...mkt('kalshi:KXFED', 'Fed cuts in December'), status: 'resolved', resolvedOutcome: 'No' };
    k.getState().listLoaded([ended], clock.now());
    p.getState().listLoaded([mkt('polymarket:516710', 'Fed decision in December')], clock.now());
    const joined = joinVenues([
      { id: 'kalshi', store: k, sync: recordingSync(k, []) },
      { id: 'polymarket', store: p, sync: recordingSync(p, []) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 160, rows: 24 });
    await waitForFrame(term, 'Fed decision');
    const f = await press(term, 'a', () => term!.lastFrame().includes('is resolved'));
    expect(f).toContain('“Fed cuts in December” on Kalshi is resolved (No): nothing on it changes any more');
    joined.dispose();
  });

  it("v hiding the selected market's venue selects the row the detail pane draws, on the venue shown", async () => {
    const clock = new ManualClock();
    const calls = { kalshi: [] as string[], polymarket: [] as string[] };
    const k = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    const p = createOddsStore({ mode: 'polymarket', limit: 60, documentedLimit: 1200, caps: POLYMARKET_CAPS });
    k.getState().listLoaded([mkt('kalshi:KXFED', 'Fed cuts in December'), mkt('kalshi:KXCPI', 'CPI')], clock.now());
    p.getState().listLoaded([mkt('polymarket:1', 'Rain in Oslo'), mkt('polymarket:2', 'Snow in Rome')], clock.now());
    const joined = joinVenues([
      { id: 'kalshi', store: k, sync: recordingSync(k, calls.kalshi) },
      { id: 'polymarket', store: p, sync: recordingSync(p, calls.polymarket) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 120, rows: 24 });
    await waitForFrame(term, 'Snow in Rome');
    await press(term, 'G', () => joined.store.getState().selectedId === 'polymarket:2');
    const f = await press(term, 'v', () => term!.lastFrame().includes('Showing Kalshi only'));
    // the detail pane draws Kalshi's first row, and that is the market selected: Polymarket polls none
    expect(f).toContain('◇ Detail Fed cuts in December');
    expect(joined.store.getState().selectedId).toBe('kalshi:KXFED');
    expect(calls.kalshi.at(-1)).toBe('select kalshi:KXFED');
    expect(calls.polymarket.at(-1)).toBe('select undefined');
    expect(p.getState().selectedId).toBeUndefined();
    joined.dispose();
  });

  it("v on the Watchlist selects the venue's first watched row, not its Markets list's first", async () => {
    const clock = new ManualClock();
    const k = createOddsStore({ mode: 'kalshi', limit: 60, documentedLimit: 1200, caps: KALSHI_CAPS });
    const p = createOddsStore({ mode: 'polymarket', limit: 60, documentedLimit: 1200, caps: POLYMARKET_CAPS });
    k.getState().listLoaded([mkt('kalshi:KXFED', 'Fed cuts in December'), mkt('kalshi:KXCPI', 'CPI')], clock.now());
    p.getState().listLoaded([mkt('polymarket:1', 'Rain in Oslo')], clock.now());
    k.getState().toggleWatch('kalshi:KXCPI', clock.now());
    p.getState().toggleWatch('polymarket:1', clock.now());
    const joined = joinVenues([
      { id: 'kalshi', store: k, sync: recordingSync(k, []) },
      { id: 'polymarket', store: p, sync: recordingSync(p, []) },
    ]);
    term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns: 120, rows: 24 });
    await waitForFrame(term, 'Rain in Oslo');
    await press(term, '2', () => term!.lastFrame().includes('◆ Watchlist'));
    await press(term, 'G', () => joined.store.getState().selectedId === 'polymarket:1');
    const f = await press(term, 'v', () => term!.lastFrame().includes('Showing Kalshi only'));
    expect(f).toContain('◇ Detail CPI');
    expect(joined.store.getState().selectedId).toBe('kalshi:KXCPI');
    expect(k.getState().selectedId).toBe('kalshi:KXCPI');
    joined.dispose();
  });
});
