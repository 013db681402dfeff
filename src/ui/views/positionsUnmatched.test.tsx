/**
 * `w` on a Polymarket position Gamma could not name (found in tmux over the Polymarket replay, docs/positions.md): the
 * row keeps the Data API's conditionId as its id, `w` said `★ Watching “polymarket:0xa9a9…”` (the raw id, not the
 * title the position carries), and the Watchlist row then waited for its data for good — Gamma answers 422 for
 * `/markets/0x…`. `w` refuses it, saying why; a position's market not on the board is named by its own title.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Position, VenuePositions } from '../../positions/types.js';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { onBoard } from '../../../test/support/heldPositions.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const CONDITION = `0x${'a9'.repeat(32)}`;
const held = (id: string, title: string): Position =>
  onBoard({ ref: { venue: 'polymarket', id }, title, currency: 'USDC' });

async function positionsOf(pos: Position): Promise<Harness> {
  const read: VenuePositions = { venue: 'polymarket', currency: 'USDC', identity: '0xee61', positions: [pos] };
  h = renderApp({
    mode: 'polymarket',
    columns: 120,
    rows: 30,
    prepare: (store) => store.getState().positionsRead(read, 0, 300_000),
  });
  await waitForFrame(h.term, 'Market number 1');
  await press(h.term, '6', () => h!.term.lastFrame().includes(pos.title.slice(0, 12)));
  return h;
}

describe('w on a Polymarket position', () => {
  it('one Gamma could not name (its conditionId for an id) is not watched, and w says why', async () => {
    const { term, store } = await positionsOf(held(CONDITION, 'Will it rain in Lisbon on Friday?'));
    const f = await press(term, 'w', () => term.lastFrame().includes('Not watched'));
    expect(f).toContain('Not watched: Polymarket has not named the market of “Will it rain in Lisbon on Friday?”');
    expect(f).not.toContain('Watching');
    expect(store.getState().watch.byId[CONDITION]).toBeUndefined();
  });

  it('one named but not on the board is watched under the title the position carries, not its bare id', async () => {
    const { term, store } = await positionsOf(held('516926', 'Will it snow in Oslo on Monday?'));
    const f = await press(term, 'w', () => term.lastFrame().includes('Watching'));
    expect(f).toContain('★ Watching “Will it snow in Oslo on Monday?”');
    expect(store.getState().watch.byId['516926']).toBeDefined();
  });
});
