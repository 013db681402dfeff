/**
 * Paper positions on a board of several venues: kept through the venue the market's id names, held by that venue's
 * store under its bare id, shown on the joined board under `venue:id`, settled from that venue's answers, and one
 * paper.json for every venue with the positions of venues not open carried over unchanged.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { EMPTY_PAPER, keepPaper } from '../positions/paper.js';
import { PAPER_FILE, savePaper } from '../positions/paperFile.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import type { SourceId } from '../sources/types.js';
import { createOddsStore } from '../store/store.js';
import { positionRows } from '../ui/views/positions.js';
import { viewState } from '../ui/views/state.js';
import { ManualClock } from '../util/clock.js';
import { recordingSync } from '../../test/support/venues.js';
import { joinVenues } from './joined.js';
import { startVenuePaper } from './paper.js';

const root = mkdtempSync(join(tmpdir(), 'oddsboard-venue-paper-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const AT = Date.parse('2026-11-26T17:00:00Z');

const mkt = (id: string, price: number, status: Market['status'] = 'active'): Market => ({
  id,
  title: `Market ${id}`,
  status,
  outcomes: [
    { name: 'Yes', price },
    { name: 'No', price: 1 - price },
  ],
  ...(status === 'resolved' ? { resolvedOutcome: 'Yes' } : {}),
  raw: {},
});

function board() {
  const calls: string[] = [];
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    return { id, store, sync: recordingSync(store, calls) };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  stacks[0]!.store.getState().listLoaded([mkt('kalshi:K1', 0.4)], AT);
  stacks[1]!.store.getState().listLoaded([mkt('polymarket:7', 0.6)], AT);
  return { stacks, joined: joinVenues(stacks) };
}

describe('paper positions with several venues', () => {
  it('keeps a preview through its venue, shows every venue, settles from the venue, writes one file', () => {
    const dir = join(root, 'a');
    // a Manifold position kept in an earlier session: Manifold is not on this board, so it is carried over
    const earlier = keepPaper(EMPTY_PAPER, {
      ref: { venue: 'manifold', id: 'm1' },
      title: 'Manifold question',
      outcome: 'Yes',
      currency: 'mana',
      quote: { action: 'buy', shares: 10, averagePrice: 0.5, fee: 0, total: 5, raw: {} },
      at: AT - 1,
    });
    if ('problem' in earlier) throw new Error(earlier.problem);
    savePaper(dir, earlier.book);

    const { stacks, joined } = board();
    const clock = new ManualClock(AT);
    const keeper = startVenuePaper({ venues: stacks, joined: joined.store, clock, dir });
    const kalshi = stacks[0]!.store;
    const form = { outcome: 'Yes', amount: '10', action: 'buy' as const };
    kalshi
      .getState()
      .quoteLoaded(
        'kalshi:K1',
        form,
        { action: 'buy', shares: 24, averagePrice: 0.41, fee: 0.17, total: 10, raw: {} },
        AT,
      );
    const kept = joined.sync.keepPaper('kalshi:K1');
    expect(kept.ok).toBe(true);
    // the venue's store holds it under (kalshi, K1); the board shows it as kalshi:K1, the Manifold one is not shown
    expect(kalshi.getState().paper.positions.map((p) => p.ref)).toEqual([{ venue: 'kalshi', id: 'K1' }]);
    expect(stacks[1]!.store.getState().paper.positions).toEqual([]);
    expect(positionRows(viewState(joined.store.getState()))).toEqual(['kalshi:K1']);

    // the market resolves on Kalshi: the position is settled there
    kalshi.getState().listLoaded([mkt('kalshi:K1', 1, 'resolved')], AT + 60_000);
    expect(kalshi.getState().paper.positions[0]!.settled).toBeDefined();

    keeper.stop();
    const saved = JSON.parse(readFileSync(join(dir, PAPER_FILE), 'utf8')) as { positions: { market: string }[] };
    expect(saved.positions.map((p) => p.market).sort()).toEqual(['kalshi:K1', 'manifold:m1']);
    joined.dispose();
  });

  it('v narrows the Positions view to one venue', () => {
    const { stacks, joined } = board();
    const book = keepPaper(EMPTY_PAPER, {
      ref: { venue: 'polymarket', id: '7' },
      title: 'Polymarket question',
      outcome: 'Yes',
      currency: 'USDC',
      quote: { action: 'buy', shares: 10, averagePrice: 0.6, fee: 0, total: 6, raw: {} },
      at: AT,
    });
    if ('problem' in book) throw new Error(book.problem);
    stacks[1]!.store.getState().restorePaper(book.book);
    expect(positionRows(viewState(joined.store.getState()))).toEqual(['polymarket:7']);
    joined.sync.cycleVenue!(); // kalshi only
    expect(positionRows(viewState(joined.store.getState()))).toEqual([]);
    joined.dispose();
  });
});
