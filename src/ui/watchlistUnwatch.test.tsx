import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

/** The list's market rows (left of the pane separator), the cursor's marked. */
const listRows = (f: string) =>
  f
    .split('\n')
    .map((l) => l.split('│')[0] ?? '')
    .filter((l) => /^(?:▸| ) ACTIVE /.test(l));

/** Three markets watched, the Watchlist shown with the cursor on the second. */
async function onSecondWatched(): Promise<Harness> {
  const harness = renderApp({
    prepare: (store, clock) => {
      for (const id of ['m1', 'm2', 'm3']) store.getState().toggleWatch(id, clock.now());
    },
  });
  await waitForFrame(harness.term, 'Market number 1');
  await press(harness.term, '2');
  await press(harness.term, KEYS.down);
  const f = await waitForFrame(harness.term, (x) => listRows(x)[1]?.startsWith('▸') === true);
  expect(listRows(f)).toHaveLength(3);
  return harness;
}

describe('w in the Watchlist', () => {
  it('unwatching leaves the row in place, no ★, under the cursor, so w again watches that market back', async () => {
    h = await onSecondWatched();
    let f = await press(h.term, 'w');
    expect(f).toContain('Not watching “Market number 2” any more');
    expect(h.store.getState().watch.ids).toEqual(['m1', 'm3']);
    const rows = listRows(f);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^▸ ACTIVE +Market number 2 /);
    expect(rows[0]).toMatch(/^ {2}ACTIVE +★ Market number 1 /);
    // the count is of the markets watched: the row kept is said beside it
    expect(f).toContain('◆ Watchlist 2 · 1 just unwatched: w watches it back');

    // the second w is about the market the cursor shows: Market number 2 again, not the first row's
    f = await press(h.term, 'w');
    expect(f).toContain('★ Watching “Market number 2”');
    expect([...h.store.getState().watch.ids].sort()).toEqual(['m1', 'm2', 'm3']);
  });

  it('the unwatched row goes once another view is shown', async () => {
    h = await onSecondWatched();
    await press(h.term, 'w');
    await press(h.term, '1');
    const f = await press(h.term, '2');
    const rows = listRows(f);
    expect(rows).toHaveLength(2);
    expect(rows.join('\n')).not.toContain('Market number 2');
  });
});
