/**
 * A refresh a glitchy server answers with no row, then rows again: the market the person picked is selected again
 * (drawn.ts KeptPick), not the first row the next answer brings; one who never moved the cursor gets the first row.
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { market, rig } from '../../test/support/syncHarness.js';
import { drawnFor } from '../../test/support/drawn.js';
import { marketsView } from '../ui/views/markets.js';

const LIST = ['m1', 'm2', 'm3'].map((id) => market(id));

/** A venue whose list answers `rows()` at each request, the Markets view shown by the UI's rule. */
function venue() {
  let rows: Market[] = LIST;
  const r = rig({ limit: 30, mode: 'key' });
  r.client.handler = (c) => (c.method === 'listMarkets' ? { data: rows, status: 200 } : undefined);
  r.sync.show(marketsView.source, drawnFor(marketsView, r.clock));
  /** The next list answer is `next`: run until it has arrived. */
  const answers = async (next: Market[]) => {
    rows = next;
    const n = r.client.of('listMarkets').length;
    for (let i = 0; i < 300 && r.client.of('listMarkets').length === n; i++) await r.run(1_000);
    await r.run(100);
    expect(r.client.of('listMarkets').length).toBeGreaterThan(n);
  };
  return { r, answers };
}

describe('the selection across a refresh answered with no row', () => {
  it('the market picked is selected again when the rows come back listing it', async () => {
    const { r, answers } = venue();
    r.sync.start();
    await r.run(2_000);
    expect(r.store.getState().selectedId).toBe('m1');
    r.sync.select('m2');
    await answers([]);
    expect(r.store.getState().list.ids).toEqual([]);
    expect(r.store.getState().selectedId).toBeUndefined();
    await answers([market('m3'), market('m2'), market('m1')]);
    expect(r.store.getState().selectedId).toBe('m2');
    // rows back without it: the first row, and the pick is over (it does not come back later)
    await answers([]);
    await answers([market('m1'), market('m3')]);
    expect(r.store.getState().selectedId).toBe('m1');
    await answers(LIST);
    expect(r.store.getState().selectedId).toBe('m1');
    await r.sync.stop();
  });

  it('one who never moved the cursor gets the first row the rows bring back', async () => {
    const { r, answers } = venue();
    r.sync.start();
    await r.run(2_000);
    expect(r.store.getState().selectedId).toBe('m1');
    await answers([]);
    await answers([market('m3'), market('m1'), market('m2')]);
    expect(r.store.getState().selectedId).toBe('m3');
    await r.sync.stop();
  });
});
