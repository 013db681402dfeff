import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import type { Market } from '../../api/types.js';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const lines = (f: string) => f.split('\n');
const rowsOf = (f: string) => lines(f).filter((l) => /^(▸| ) (ACTIVE|CLOSED|RESOLVED|SETTLING) /.test(l));
const H = 3_600_000;
const at = (m: Market, yes: number): Market => ({
  ...m,
  outcomes: [
    { name: 'Yes', price: yes },
    { name: 'No', price: 1 - yes },
  ],
});
/** The service's own 24 h change comes with each outcome (as the normalizer reads it). */
const withChange = (m: Market, yes: number, change: number): Market => ({
  ...m,
  outcomes: [
    { name: 'Yes', price: yes, change24h: change },
    { name: 'No', price: 1 - yes, change24h: -change },
  ],
});

/**
 * Four markets seen 25 h, 2 h and 30 min ago and now: "Big day" +20¢ over the day but flat this hour, "Jumpy" +6¢ this
 * hour, "Sinking" −9¢ over the day (−3¢ this hour), "Calm" +1¢. "Service" sends its own 24 h change (−15¢).
 */
function history(store: Harness['store'], clock: Harness['clock']) {
  const now = clock.now();
  const big = makeMarket(1, { title: 'Big day' });
  const jumpy = makeMarket(2, { title: 'Jumpy' });
  const sinking = makeMarket(3, { title: 'Sinking' });
  const calm = makeMarket(4, { title: 'Calm' });
  const service = makeMarket(5, { title: 'Service says' });
  const points: [number, number, number, number, number][] = [
    [now - 25 * H, 0.3, 0.5, 0.7, 0.5],
    [now - 2 * H, 0.5, 0.5, 0.64, 0.5],
    [now - 30 * 60_000, 0.5, 0.5, 0.64, 0.5],
    [now, 0.5, 0.56, 0.61, 0.51],
  ];
  for (const [t, a, b, c, d] of points)
    store
      .getState()
      .listLoaded([at(big, a), at(jumpy, b), at(sinking, c), at(calm, d), withChange(service, 0.4, -0.15)], t);
}

describe('Movers', () => {
  it('marks a row whose data went stale STALE in its badge, as Markets does, its figures in place', async () => {
    h = renderApp({ columns: 80, rows: 24, markets: [], prepare: history });
    await press(h.term, '3', () => h!.term.lastFrame().includes('◆ Movers'));
    const rowOf = (f: string) => lines(f).find((l) => l.includes('Big day')) ?? '';
    const fresh = rowOf(await waitForFrame(h.term, 'Big day'));
    expect(fresh).toMatch(/^(▸| ) ACTIVE /);
    // no answer for 5 minutes: far past three refresh periods (the venue stopped answering)
    h.clock.advance(5 * 60_000);
    const f = await waitForFrame(h.term, (x) => /^(▸| ) STALE .*Big day/.test(rowOf(x)));
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    expect(rowOf(f).replace('STALE ', 'ACTIVE')).toBe(fresh);
  });

  it('ranks the markets seen by the size of their 24 h move, at least 2¢, with the 1 h and 24 h figures', async () => {
    h = renderApp({ columns: 120, rows: 30, markets: [], prepare: history });
    await press(h.term, '3', () => h!.term.lastFrame().includes('◆ Movers'));
    const f = await waitForFrame(h.term, 'Big day');
    expect(f).toMatch(/◆ Movers 4 · ≥ 2\.0¢ over 24 h .* now +1 h +24 h/);
    const rows = rowsOf(f);
    expect(rows.map((r) => r.match(/(Big day|Jumpy|Sinking|Service says|Calm)/)?.[1])).toEqual([
      'Big day',
      'Service says',
      'Sinking',
      'Jumpy',
    ]);
    expect(rows[0]).toMatch(/Big day .*50\.0¢ +·0\.0¢ +▲20\.0¢/);
    // the service's own 24 h figure, not ours: hollow, as the Markets list draws it (README: △▽ the service's)
    expect(rows[1]).toMatch(/Service says .*▽15\.0¢/);
    expect(rows[1]).not.toContain('▼15.0¢');
    expect(rows[2]).toMatch(/Sinking .*▼3\.0¢ +▼9\.0¢/);
    expect(rows[3]).toMatch(/Jumpy .*▲6\.0¢ +▲6\.0¢/);
    expect(f).not.toContain('Calm');
    // the same figure in Markets, with the same arrow
    await press(h.term, '1', () => h!.term.lastFrame().includes('◆ Markets'));
    const markets = await waitForFrame(h.term, (x) => /Service says .*▽15\.0¢/.test(x));
    expect(markets).not.toMatch(/Service says .*▼15\.0¢/);
  });

  it('s ranks by the 1 h move instead; j/k move the selection and the detail pane follows', async () => {
    h = renderApp({ columns: 120, rows: 30, markets: [], prepare: history });
    await press(h.term, '3', () => h!.term.lastFrame().includes('◆ Movers'));
    expect(h.store.getState().selectedId).toBe('m1'); // its first row, selected on arrival
    await press(h.term, 's', () => h!.term.lastFrame().includes('over 1 h'));
    let f = await waitForFrame(h.term, 'over 1 h');
    expect(rowsOf(f).map((r) => r.match(/(Big day|Jumpy|Sinking|Service says)/)?.[1])).toEqual(['Jumpy', 'Sinking']);
    await press(h.term, 'j');
    expect(h.store.getState().selectedId).toBe('m3');
    f = await waitForFrame(h.term, '◇ Detail Sinking');
    expect(rowsOf(f).find((r) => r.startsWith('▸'))).toContain('Sinking');
    await press(h.term, 'k');
    expect(h.sync.selects.at(-1)).toBe('m2');
  });

  it(
    'takes its threshold from the App (the config’s moversThreshold) ' + 'and says when nothing moved that much',
    async () => {
      h = renderApp({ columns: 80, rows: 24, markets: [], prepare: history, moversThreshold: 0.25 });
      await press(h.term, '3', () => h!.term.lastFrame().includes('◆ Movers'));
      const f = await waitForFrame(h.term, 'No market has moved 25.0¢ or more over 24 h (5 seen)');
      for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(80);
      expect(lines(f).length).toBeLessThanOrEqual(24);
    },
  );

  it('marks a move from less history than its window with ~ and fits 80 columns', async () => {
    h = renderApp({
      columns: 80,
      rows: 24,
      markets: [],
      prepare: (store, clock) => {
        store.getState().listLoaded([at(makeMarket(1, { title: 'New here' }), 0.4)], clock.now() - 10 * 60_000);
        store.getState().listLoaded([at(makeMarket(1, { title: 'New here' }), 0.45)], clock.now());
      },
    });
    await press(h.term, '3', () => h!.term.lastFrame().includes('◆ Movers'));
    const f = await waitForFrame(h.term, 'New here');
    expect(rowsOf(f)[0]).toMatch(/▲5\.0¢~ +▲5\.0¢~ *$/);
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(80);
  });

  it('at 40 columns a row keeps the ranked move and the price, the title cut (the price went first)', async () => {
    h = renderApp({ columns: 40, rows: 30, markets: [], prepare: history });
    await press(h.term, '3', () => h!.term.lastFrame().includes('◆ Movers'));
    const f = await waitForFrame(h.term, 'Big day');
    // the price under 'now', the 24 h move under its label; the 1 h move and the outcome's name give way
    expect(lines(f).find((l) => l.startsWith('◆ Movers'))).toMatch(/ now +24 h$/);
    expect(rowsOf(f).find((r) => r.includes('Big day'))).toMatch(/ACTIVE +Big day +50\.0¢ +▲20\.0¢$/);
    expect(rowsOf(f).find((r) => r.includes('Sinki'))).toMatch(/ACTIVE +Sinking +61\.0¢ +▼9\.0¢$/);
    for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(40);
  });
});
