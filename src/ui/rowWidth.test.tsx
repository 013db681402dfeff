/**
 * No row ever shifts: whatever a title holds (emoji with presentation
 * selectors, ZWJ sequences, flags, skin tones, keycaps, CJK, combining marks),
 * each drawn row is exactly as wide as its pane both as the layout measures it
 * and as a wcwidth terminal (tmux) counts it, so the age column lines up.
 */
import fc from 'fast-check';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createOddsStore } from '../store/store.js';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { waitForFrame } from '../../test/support/wait.js';
import { WIDTH_PIECES, wcwidth } from '../../test/support/wcwidth.js';
import { cpuBound, WALL_BACKSTOP_MS } from '../../test/support/cpuBound.js';
import { MarketRow, rowColumns } from './components/MarketRow.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
  cleanup();
});

const title = fc
  .array(fc.constantFrom(...WIDTH_PIECES), { minLength: 1, maxLength: 14 })
  .map((parts) => parts.join(''));

function entryOf(t: string, outcome: string) {
  const store = createOddsStore({ mode: 'key', limit: 30 });
  store.getState().listLoaded(
    [
      makeMarket(1, {
        title: t,
        outcomes: [
          { name: outcome, price: 0.4 },
          { name: 'No', price: 0.6 },
          { name: 'Other', price: 0 },
        ],
      }),
    ],
    1000,
  );
  return store.getState().markets.m1!;
}

describe('row width as terminals count it', () => {
  // 60 rows drawn by Ink, about 1 s of CPU: a deadline in CPU time, more than ten times that
  it(
    'every drawn row is exactly the pane width for a wcwidth terminal (never wider when narrow)',
    cpuBound(15_000, async () => {
      await fc.assert(
        fc.asyncProperty(
          title,
          title,
          fc.integer({ min: 24, max: 100 }),
          fc.boolean(),
          async (t, outcome, width, selected) => {
            const view = render(
              <MarketRow
                entry={entryOf(t, outcome)}
                selected={selected}
                focused={selected}
                now={45_000}
                intervalMs={10_000}
                width={width}
              />,
            );
            const frame = await waitForFrame(view, (f) => f.trim() !== '');
            view.unmount();
            expect(frame.split('\n')).toHaveLength(1);
            // a stale row: when the width has room for the age column (77 columns and more) it ends with its age,
            // right-aligned (a frame's trailing spaces are not kept; ink-testing-library draws 100 columns at most)
            if (rowColumns(width).age) expect(wcwidth(frame), JSON.stringify({ t, outcome, width })).toBe(width);
            else expect(wcwidth(frame), JSON.stringify({ t, outcome, width })).toBeLessThanOrEqual(width);
          },
        ),
        { numRuns: 60 },
      );
    }),
    WALL_BACKSTOP_MS,
  );

  it('a 🌡️ and CJK title sits in a list whose right edge lines up with the rows above and below', async () => {
    const titles = [
      'Will 🌡️ Tokyo 東京 exceed 35 °C? 気温',
      'Plain title for comparison',
      '👨‍👩‍👧 family 🇺🇸 flag 👍🏽 1️⃣ keycap',
      'Ελλάδα e\u0301 🐕 選挙',
    ];
    h = renderApp({ columns: 120, rows: 20, markets: titles.map((t, i) => makeMarket(i + 1, { title: t })) });
    const frame = await waitForFrame(h.term, 'comparison');
    const rows = frame.split('\n').filter((l) => /^[▸ ] (ACTIVE|STALE)/.test(l));
    expect(rows).toHaveLength(4);
    // side by side: the pane border after each row sits in the same column for a wcwidth terminal
    const border = rows.map((l) => wcwidth(l.slice(0, l.indexOf('│'))));
    expect(new Set(border).size).toBe(1);
    for (const l of frame.split('\n')) expect(wcwidth(l)).toBeLessThanOrEqual(120);
  });
});
