/**
 * `a` on the Positions and Across views (issues #28, #29): the alert form opened on the row's position (its P&L)
 * or on the row's pair (its gap after fees). Elsewhere `a` opens it on the market's price (alertForm.ts).
 */
import { soldOut } from '../../positions/pnl.js';
import { quoted } from '../../store/transitions.js';
import { heldPositions } from '../views/positionsModel.js';
import { viewState } from '../views/state.js';
import type { HeldChoice } from '../alertUi.js';
import { endedOn, openAlertForm } from './alertForm.js';
import type { KeyCtx } from './dispatch.js';
import { flash } from './moves.js';
import { acrossRowAtCursor } from './pairs.js';
import { G } from '../glyphs.js';

/** The row's positions: the first is watched; ←/→ on the Position field picks another (real or paper). */
export function openPositionAlert(ctx: KeyCtx, marketId: string): void {
  const vs = viewState(ctx.store.getState());
  const row = heldPositions(vs, vs.markets).filter((h) => h.id === marketId);
  // a paper position sold out holds nothing: its P&L is realized and cannot move
  const held = row.filter((h) => !soldOut(h.pos));
  const first = held[0];
  if (!first)
    return flash(
      ctx,
      row.length ? 'Nothing held on this row (sold): no P&L to alert on' : 'No position on this row to set an alert on',
    );
  const ended = endedOn(ctx.store.getState(), 'pnlAbove', marketId);
  if (ended) return flash(ctx, ended);
  const choices: HeldChoice[] = held.map((h) => ({ outcome: h.pos.outcome, paper: !h.real, currency: h.pos.currency }));
  ctx.dispatch({
    type: 'openAlertForm',
    marketId,
    outcome: first.pos.outcome,
    extra: {
      kind: 'pnlAbove',
      held: choices,
      paper: !first.real,
      currency: first.pos.currency,
      title: first.pos.title,
    },
  });
}

/** The row's pair (a confirmed one: the person decided it is the same question) and its gap after fees. */
export function openPairAlert(ctx: KeyCtx): void {
  const st = ctx.store.getState();
  const row = acrossRowAtCursor(ctx);
  if (!row) return;
  if (!row.confirmed) return flash(ctx, 'Confirm the pair first (y): a gap alert is set on a confirmed pair');
  const ended = endedOn(st, 'gap', row.a) ?? endedOn(st, 'gap', row.b);
  if (ended) return flash(ctx, ended);
  const t = (id: string) => quoted(st.markets[id]?.market.title ?? id);
  ctx.dispatch({
    type: 'openAlertForm',
    marketId: row.a,
    outcome: '',
    extra: { kind: 'gap', pairId: row.b, title: `${t(row.a)} ${G.pair} ${t(row.b)}` },
  });
}

/** `a`: the form for what the view's row is (a position, a pair, else the market). */
export function openAlertFor(ctx: KeyCtx, marketId: string): void {
  if (ctx.view.id === 'positions') return openPositionAlert(ctx, marketId);
  if (ctx.view.id === 'across') return openPairAlert(ctx);
  openAlertForm(ctx, marketId);
}
