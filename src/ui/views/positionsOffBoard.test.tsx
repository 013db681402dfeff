/**
 * A real position whose market is not on the board (its venue's figures only), found in tmux on `--source all
 * --polymarket-wallet …` over the replays at 80×24: ⏎ on the row showed the detail's "not on the board", and a second
 * ⏎ focused an empty quote form, "(no market)", where digits and ⏎ then did nothing at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VenuePositions } from '../../positions/types.js';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../../test/support/wait.js';
import { offBoard } from '../../../test/support/heldPositions.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const read: VenuePositions = { venue: 'public', currency: 'USD', identity: 'me', positions: [offBoard] };

describe('Positions: a market not on the board', () => {
  it('⏎ from its detail says there is no quote for it here, and leaves the focus on the detail', async () => {
    h = renderApp({ columns: 80, rows: 24, prepare: (store) => store.getState().positionsRead(read, 0, 300_000) });
    const { term } = h;
    await waitForFrame(term, 'Market number 1');
    await press(term, '6', () => term.lastFrame().includes('A market far'));
    await press(term, KEYS.enter, () => term.lastFrame().includes('◆ Detail'));
    const f = await press(term, KEYS.enter, () => term.lastFrame().includes('no quote for it here'));
    expect(f).toContain('This market is not on the board: there is no quote for it here');
    expect(f).toContain('◆ Detail');
    expect(f).not.toContain('◆ Quote');
    expect(h.store.getState().quotes['far-away']).toBeUndefined();
  });

  it('beside the list at 100 columns (a 41-cell pane) the detail says it on two lines, both drawn', async () => {
    // the pane was given the one line of "no market selected": "◇ Detail  not on the board:" and nothing after
    h = renderApp({ columns: 100, rows: 30, prepare: (store) => store.getState().positionsRead(read, 0, 300_000) });
    const { term } = h;
    await waitForFrame(term, 'Market number 1');
    const f = await press(term, '6', () => term.lastFrame().includes('not on the board:'));
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.includes('◇ Detail  not on the board:'));
    expect(at, f).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/│ the venue’s figures *$/);
  });
});
