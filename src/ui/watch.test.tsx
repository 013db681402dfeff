import { afterEach, describe, expect, it } from 'vitest';
import { displayWidth } from './format.js';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';
import type { AlertFired } from '../store/watchTypes.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

const row = (f: string, title: string) => f.split('\n').find((l) => l.includes(title)) ?? '';
/** The alert form's lines: from its title to its hint or problem line. */
function form(f: string): string {
  const lines = f.split('\n');
  const i = lines.findIndex((l) => l.startsWith('◆ Alert'));
  return i < 0 ? '' : lines.slice(i, i + 6).join('\n');
}

function fits(f: string, columns: number, rows: number): void {
  const lines = f.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(columns);
}

describe('the watchlist keys', () => {
  it('w watches the market under the cursor (★ in its row) and w again unwatches it', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, 'w');
    expect(f).toContain('★ Watching “Market number 1”');
    expect(row(f, 'Market number 1 ')).toContain('★ Market number 1');
    expect(row(f, 'Market number 2 ')).not.toContain('★');
    expect(h.sync.watches).toEqual(['m1']);
    expect(h.store.getState().watch.ids).toEqual(['m1']);
    f = await press(h.term, 'w');
    expect(f).toContain('Not watching “Market number 1” any more');
    expect(h.store.getState().watch.ids).toEqual([]);
  });
});

describe('the ★ in every list', () => {
  it('Closing soon and Movers mark a watched market as Markets does', async () => {
    const moving = (i: number, title: string, now: number) =>
      makeMarket(i, {
        title,
        closesAt: now + 30 * 60_000,
        outcomes: [
          { name: 'Yes', price: 0.4, change24h: -0.15 },
          { name: 'No', price: 0.6, change24h: 0.15 },
        ],
      });
    h = renderApp({
      columns: 120,
      rows: 30,
      markets: [],
      prepare: (store, clock) => {
        const now = clock.now();
        store.getState().listLoaded([moving(1, 'Watched one', now), moving(2, 'Not watched', now)], now);
        store.getState().toggleWatch('m1', now);
      },
    });
    for (const view of ['4', '3']) {
      await press(h.term, view);
      const f = await waitForFrame(h.term, 'Not watched');
      const listRow = (t: string) => f.split('\n').find((l) => /^(▸| ) ACTIVE /.test(l) && l.includes(t)) ?? '';
      expect(listRow('Watched one')).toMatch(/ACTIVE +★ Watched one /);
      expect(listRow('Not watched')).toMatch(/ACTIVE +Not watched /);
      fits(f, 120, 30);
    }
  });
});

describe('the watchlist before its data', () => {
  it('a watched market not loaded yet (its venue down since the start) shows its saved title, not …', async () => {
    h = renderApp({
      prepare: (store) =>
        store.getState().restoreWatch({
          watch: { ids: ['gone1'], byId: { gone1: { id: 'gone1', addedAt: 1, title: 'Will it rain in Oslo?' } } },
        }),
    });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, '2');
    expect(row(f, 'Oslo')).toMatch(/^▸ …\s+★ Will it rain in Oslo\? {2}waiting for its data/);
  });

  it('one its venue answered 404 for says so: it is asked for again later, not waited for', async () => {
    h = renderApp({
      prepare: (store, clock) => {
        store.getState().restoreWatch({
          watch: { ids: ['gone1'], byId: { gone1: { id: 'gone1', addedAt: 1, title: 'Will it rain in Oslo?' } } },
        });
        store.getState().marketGone('gone1', clock.now());
      },
    });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, '2');
    expect(f).toContain('! “Will it rain in Oslo?” is no longer available');
    const listRow = f.split('\n').find((l) => l.startsWith('▸ ') && l.includes('Oslo'));
    expect(listRow).toMatch(/^▸ …\s+★ Will it rain in Oslo\? {2}no longer available: asked again later/);
    // an alert set on it is said by that title too, as the form's
    expect(await press(h.term, 'a')).toContain('◆ Alert Will it rain in Oslo?');
    expect(await press(h.term, ['5', '0', KEYS.enter])).toContain('» Alert set on “Will it rain in Oslo?”');
  });
});

describe('the alert form', () => {
  it(
    'a opens it on the leading outcome; a price and ⏎ set the alert; ' + 'a bad one is explained and sets nothing',
    async () => {
      h = renderApp();
      await waitForFrame(h.term, 'Market number 1');
      let f = await press(h.term, 'a');
      expect(form(f)).toMatch(/Alert on +price at or above/); // the kind; the price field has the cursor
      expect(form(f)).toMatch(/Outcome +Yes/);
      expect(form(f)).toMatch(/▸ Price ¢/);
      await press(h.term, ['1', '2', '0']);
      f = await press(h.term, KEYS.enter);
      expect(f).toContain('the price must be more than 0¢ and less than 100¢');
      expect(h.store.getState().alerts.rules).toEqual([]);
      f = await press(h.term, [KEYS.backspace, KEYS.backspace, KEYS.backspace, '7', '0', KEYS.enter]);
      expect(f).toContain('Alert set on “Market number 1”');
      expect(f).not.toContain('◆ Alert');
      expect(h.store.getState().alerts.rules).toMatchObject([
        { marketId: 'm1', kind: 'above', outcome: 'Yes', cents: 70, source: 'form' },
      ]);
    },
  );

  it(
    '←/→ on the kind choose below, a move (with its window) or any status change; ' + 'Esc closes without setting',
    async () => {
      h = renderApp();
      await waitForFrame(h.term, 'Market number 1');
      await press(h.term, 'a');
      await press(h.term, KEYS.up); // from the price to the outcome
      let f = await press(h.term, KEYS.right);
      expect(f).toContain('‹ No ›');
      f = await press(h.term, [KEYS.up, KEYS.right, KEYS.right]);
      expect(f).toContain('‹ a move of at least ›');
      expect(f).toContain('Within min');
      f = await press(h.term, KEYS.right);
      expect(form(f)).toContain('‹ any status change ›');
      expect(form(f)).not.toContain('Outcome');
      await press(h.term, KEYS.enter);
      expect(h.store.getState().alerts.rules).toMatchObject([{ marketId: 'm1', kind: 'status' }]);
      await press(h.term, 'a');
      f = await press(h.term, KEYS.esc);
      expect(f).not.toContain('◆ Alert');
      expect(h.store.getState().alerts.rules).toHaveLength(1);
    },
  );

  it('a move alert needs its window: typed digits only, minutes whole', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, ['a', KEYS.up, KEYS.up, KEYS.right, KEYS.right]); // kind: move
    await press(h.term, [KEYS.down, KEYS.down, '5']); // the move
    h.term.stdin.write('x'); // not a digit: not typed
    await press(h.term, KEYS.down);
    const f = await press(h.term, [KEYS.ctrlU, '4', '5']);
    expect(f).toMatch(/Within min +45/);
    await press(h.term, KEYS.enter);
    expect(h.store.getState().alerts.rules).toMatchObject([{ kind: 'move', cents: 5, minutes: 45, outcome: 'Yes' }]);
  });
});

describe('the alert form typed fast', () => {
  it('"7\\t" in one read (fast typing, tmux send-keys) types the 7 and moves to the next field', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, ['a', KEYS.up, KEYS.up, KEYS.right, KEYS.right, KEYS.down, KEYS.down]); // move: its value
    const f = await press(h.term, '7\t');
    expect(f).toMatch(/ {2}Move ¢ +7\b/);
    expect(f).toMatch(/▸ Within min +30/);
  });
});

describe('alerts on screen', () => {
  it('a firing alert takes the notice line; A shows the alerts set and the log, x removes one', async () => {
    h = renderApp({ columns: 100, rows: 30 });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, ['w', 'a', '9', '0', KEYS.enter]);
    const { store, clock } = h;
    clock.advance(5_000); // the "Alert set" flash is over
    store.getState().marketLoaded(makeMarket(1, { status: 'resolved', resolvedOutcome: 'No' }), clock.now());
    await waitForFrame(h.term, '★ ALERT “Market number 1” resolved: No');
    let f = await press(h.term, 'A');
    expect(f).toContain('Alerts set · 1');
    expect(f).toContain('“Market number 1” · Yes at or above 90¢');
    expect(f).toContain('Alert log · 1, newest first');
    expect(f).toMatch(/0s ago +★ “Market number 1” resolved: No/);
    fits(f, 100, 30);
    f = await press(h.term, 'x');
    expect(f).toContain('Alerts set · 0');
    expect(store.getState().alerts.rules).toEqual([]);
    f = await press(h.term, KEYS.esc);
    expect(f).toContain('Market number 2');
  });

  it('60×20: a problem longer than the line wraps, read whole ("from 1 to 1440", not "from 1 to 14…")', async () => {
    h = renderApp({ columns: 60, rows: 20 });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, ['a', KEYS.up, KEYS.up, KEYS.right, KEYS.right]); // kind: move
    await press(h.term, [KEYS.down, KEYS.down, '5', KEYS.down, KEYS.ctrlU, '0']);
    const f = await press(h.term, KEYS.enter);
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.includes('the window must'));
    expect(lines[at - 1]).toMatch(/▸ Within min +0/);
    expect(lines[at]).toMatch(/^ {2}the window must be a whole number of minutes from 1 to\s*$/);
    expect(lines[at + 1]).toMatch(/^ {2}1440\s*$/);
    fits(f, 60, 20);
    expect(f).toContain('Market number 1'); // the list still shows under the form
  });

  it('PgDn / PgUp page through a log longer than the screen; the head says which entries show', async () => {
    const entry = (seq: number, now: number): AlertFired => ({
      seq,
      at: now - (41 - seq) * 60_000,
      ruleId: 'watch:m1',
      source: 'watch',
      kind: 'status',
      marketId: 'm1',
      title: 'Market number 1',
      text: `entry number ${seq}`,
    });
    h = renderApp({
      columns: 80,
      rows: 24,
      prepare: (store, clock) =>
        store.getState().restoreWatch({ log: Array.from({ length: 40 }, (_, i) => entry(40 - i, clock.now())) }),
    });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, 'A');
    const range = () => /Alert log · (\d+)–(\d+) of 40, newest first/.exec(f)?.slice(1).map(Number);
    const [from, to] = range() ?? [];
    expect(from).toBe(1);
    expect(f).toContain('entry number 40');
    expect(f).not.toContain('entry number 1 ');
    f = await press(h.term, KEYS.pageDown);
    expect(range()).toEqual([to! + 1, 2 * to!]);
    expect(f).toContain(`entry number ${40 - to!}`);
    f = await press(h.term, KEYS.pageDown); // the last page ends at the oldest
    expect(range()?.[1]).toBe(40);
    expect(f).toMatch(/entry number 1\s*$/m);
    fits(f, 80, 24);
    await press(h.term, KEYS.pageUp);
    f = await press(h.term, KEYS.pageUp);
    expect(range()).toEqual([1, to]);
  });

  for (const [columns, rows] of [
    [80, 24],
    [200, 60],
  ] as const) {
    it(`${columns}×${rows}: the form, the log and the ★ fit`, async () => {
      h = renderApp({
        columns,
        rows,
        markets: Array.from({ length: 40 }, (_, i) =>
          makeMarket(i + 1, { title: `Market number ${i + 1} with a rather long title to cut` }),
        ),
      });
      await waitForFrame(h.term, 'Market number 1 ');
      let f = await press(h.term, ['w', 'a', KEYS.up, KEYS.up, KEYS.right, KEYS.right]);
      expect(f).toContain('Within min');
      fits(f, columns, rows);
      f = await press(h.term, [KEYS.esc, 'A']);
      fits(f, columns, rows);
      f = await press(h.term, KEYS.esc);
      expect(row(f, 'Market number 1 ')).toContain('★');
      fits(f, columns, rows);
    });
  }
});
