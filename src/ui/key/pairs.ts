/**
 * `P`, `y`, `n` (issue #29, docs/pairs.md § The dashboard): `P` on a market asks for its candidates on the other
 * venues shown and shows the Across view; there `y` confirms the pair under the cursor and `n` rejects it (a confirmed
 * pair too: it is then never proposed again).
 */
import type { KeyCtx } from './dispatch.js';
import { flash, noMarket, showView } from './moves.js';
import { VIEWS } from '../views/index.js';
import { rowsOf } from '../views/across.js';
import { viewState } from '../views/state.js';
import { pairKeyOf, type AcrossRow } from '../../venues/across/rows.js';

/**
 * The Across row under the cursor, as the view draws it (narrowed by `v`, a row is its leg on the venue shown, and one
 * market may head several rows: the cursor tells them apart by the pair's key).
 */
export function acrossRowAtCursor(ctx: KeyCtx): AcrossRow | undefined {
  const row = rowsOf(viewState(ctx.store.getState()))[ctx.cursor];
  return row && row.id === ctx.marketId ? row : undefined;
}

export function pairsKey(ctx: KeyCtx, cmd: 'pairs' | 'pairYes' | 'pairNo' | 'rules' | 'close'): void {
  const sync = ctx.sync;
  if (!sync.findPairs || !sync.decidePair)
    return flash(ctx, 'Pairs need several venues: start with --source kalshi,polymarket (or all)');
  if (cmd === 'close') return sync.pairRules?.(undefined);
  if (cmd === 'rules') {
    const row = acrossRowAtCursor(ctx);
    return row && sync.pairRules?.(pairKeyOf(row));
  }
  if (cmd === 'pairs') {
    // worded as `w`, `a`, `o` and the others are with no market under the cursor
    if (!ctx.marketId) return noMarket(ctx, 'P');
    const r = sync.findPairs(ctx.marketId);
    if (!r.ok) return flash(ctx, r.message);
    flash(
      ctx,
      r.words ? `Candidates: searching the other venues for "${r.words}"` : 'Candidates: reading the other venues',
      // gone with the search: the list then says what it found
      { candidatesOf: ctx.marketId },
    );
    return showView(
      ctx,
      VIEWS.findIndex((v) => v.id === 'across'),
    );
  }
  if (ctx.view.id !== 'across') return flash(ctx, 'y / n decide a pair in the Across view (P on a market)');
  const row = acrossRowAtCursor(ctx);
  if (!row) return flash(ctx, 'No pair under the cursor: P on a market lists its candidates');
  const r = sync.decidePair(row.a, row.b, cmd === 'pairYes' ? 'confirm' : 'reject');
  if (!r.ok) return flash(ctx, r.message);
  flash(ctx, cmd === 'pairYes' ? 'Pair confirmed (kept in pairs.json)' : 'Pair rejected: never proposed again');
}
