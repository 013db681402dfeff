/**
 * Alerts on a position's P&L (issue #28): above or below an amount, or a move of at least an amount within N
 * minutes — money in the position's own currency (USD, USDC, mana; never converted, never a percent: a percent of a
 * cost that every buy changes would fire on trades, not on prices, and a position without a cost has none). The
 * position is the Positions view's row — (market, outcome, real or paper) — valued as the view values it: at the
 * board's copy of its market when there is one, else at its venue's reading (src/positions/settle.ts `onBoard`).
 *
 * - Unknown P&L (no price, no cost, the venue not read yet since the start) holds nothing and fires nothing.
 * - A move is the held shares × the outcome's largest price move in the window, from the board's price history (as
 *   a price `move` alert reads it): a position valued only at its venue's reading has no history and never moves.
 * - A position settled (resolved, or a Polymarket winner to redeem) writes one last entry with its final P&L and
 *   the rule ends; one no longer held (sold, a paper position sold out, a venue's reading without it) writes one
 *   "no longer held" entry and ends. An ended rule stays in the list (A) until removed, and never fires again.
 */
import { formatAmount } from '../positions/format.js';
import { paperPosition, type PaperBook } from '../positions/paper.js';
import { findOutcome, onBoard } from '../positions/settle.js';
import type { Currency, Position } from '../positions/types.js';
import { SOURCE_NAMES } from '../sources/names.js';
import type { SourceId } from '../sources/types.js';
import { paperHere, paperMarketId, paperRefOf } from './paperSlice.js';
import type { RealPositions } from './positionsSlice.js';
import { largestMove } from './samples.js';
import { quoted } from './transitions.js';
import type { AppState, MarketEntry, PriceHistory } from './types.js';
import type { AlertRule } from './watchTypes.js';
import type { Verdict } from './alerts.js';

/** What a P&L alert reads of a venue's store (all optional: a store without positions holds none). */
export interface PositionInput {
  realPositions?: RealPositions;
  paper?: PaperBook;
  rate?: Pick<AppState['rate'], 'mode'>;
  prefixed?: true;
}

const prefixedOf = (s: PositionInput) => (s.prefixed ? { prefixed: true as const } : {});

type Found = { pos: Position } | 'gone' | 'unknown';

const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** The position a rule names, as the Positions view shows it; 'gone': no longer held; 'unknown': not read. */
export function heldFor(rule: AlertRule, s: PositionInput & { markets: Readonly<Record<string, MarketEntry>> }): Found {
  const market = s.markets[rule.marketId]?.market;
  if (rule.paper) {
    if (!s.paper || !s.rate) return 'unknown';
    const form = {
      rate: s.rate as AppState['rate'],
      paper: s.paper,
      ...(s.prefixed ? { prefixed: true as const } : {}),
    };
    const pp = paperHere(form).find(
      (p) => paperMarketId(p.ref, form) === rule.marketId && same(rule.outcome, p.outcome),
    );
    const pos = pp && paperPosition(pp, market);
    return pos ? { pos } : 'gone';
  }
  const data = s.realPositions?.data;
  if (!data || !s.rate) return 'unknown';
  const form = { rate: s.rate as AppState['rate'], ...(s.prefixed ? { prefixed: true as const } : {}) };
  const pos = data.positions.find((p) => paperMarketId(p.ref, form) === rule.marketId && same(rule.outcome, p.outcome));
  if (pos) return { pos: onBoard(pos, market) };
  // beyond the pages read is not "sold"
  return data.more ? 'unknown' : 'gone';
}

/** "Kalshi “Fed holds” Yes (paper)": the venue, market, outcome and which kind of position. */
function named(rule: AlertRule, pos: Position | undefined, venue: SourceId | undefined, title: string): string {
  const v = pos?.ref.venue ?? venue;
  return `${v ? `${SOURCE_NAMES[v]} ` : ''}${quoted(pos?.title ?? title)} ${pos?.outcome ?? rule.outcome ?? ''} (${
    rule.paper ? 'paper' : 'real'
  })`;
}

const cents2 = (x: number) => Math.round(x * 100) / 100;

/** Money with its currency named: "+$3.33 USD", "−1.50 USDC", "M$20.00 mana". */
export function moneyIn(x: number | undefined, currency: Currency, signed = true): string {
  const t = formatAmount(x, currency, signed);
  return currency === 'USDC' ? t : `${t} ${currency}`;
}

export function positionVerdict(
  rule: AlertRule,
  s: PositionInput & {
    markets: Readonly<Record<string, MarketEntry>>;
    history: Readonly<Record<string, PriceHistory>>;
  },
  at: number,
): Verdict | undefined {
  const found = heldFor(rule, s);
  if (found === 'unknown' || rule.amount === undefined || !rule.currency) return undefined;
  const form = { rate: (s.rate ?? { mode: 'demo' }) as AppState['rate'], ...prefixedOf(s) };
  const venue: SourceId | undefined = paperRefOf(rule.marketId, form)?.venue;
  const title = s.markets[rule.marketId]?.market.title ?? rule.title ?? rule.marketId;
  const base = {
    ...(rule.outcome ? { outcome: rule.outcome } : {}),
    ...(venue ? { venue } : {}),
    currency: rule.currency,
    paper: !!rule.paper,
    title,
  };
  if (found === 'gone')
    return {
      holds: false,
      ended: true,
      fired: {
        ...base,
        ended: 'closed',
        text:
          `${named(rule, undefined, venue, title)} no longer held ` +
          "(sold, or not in its venue's reading): alert ended",
      },
    };
  const { pos } = found;
  if (pos.currency !== rule.currency || pos.pnl === undefined) return undefined;
  const money = (x: number, signed = true) => moneyIn(x, pos.currency, signed);
  const fired = {
    ...base,
    outcome: pos.outcome,
    venue: pos.ref.venue,
    pnl: pos.pnl,
    title: pos.title,
    ...(pos.price !== undefined ? { price: pos.price } : {}),
  };
  if (pos.state === 'resolved' || pos.state === 'redeemable') {
    const paid = pos.paid !== undefined ? `, paid ${money(pos.paid, false)}` : '';
    return {
      holds: true,
      ended: true,
      fired: {
        ...fired,
        ended: 'settled',
        text: `${named(rule, pos, venue, title)} settled: P&L ${money(pos.pnl)}${paid} (alert ended)`,
      },
    };
  }
  if (rule.kind === 'pnlAbove' || rule.kind === 'pnlBelow') {
    // compared to the cent, as shown
    const shown = cents2(pos.pnl);
    const holds = rule.kind === 'pnlAbove' ? shown >= rule.amount : shown <= rule.amount;
    const word = rule.kind === 'pnlAbove' ? 'above' : 'below';
    return {
      holds,
      fired: {
        ...fired,
        text: `${named(rule, pos, venue, title)} P&L ${money(pos.pnl)} (${word} ${money(rule.amount)})`,
      },
    };
  }
  const market = s.markets[rule.marketId]?.market;
  const o = market && findOutcome(market, pos.outcome);
  if (!o || o.price === undefined) return { holds: false };
  const move = largestMove(s.history[rule.marketId], o.name, o.price, rule.minutes ?? 0, at);
  if (move === undefined) return { holds: false };
  const moved = cents2(pos.shares * move);
  return {
    holds: Math.abs(moved) >= rule.amount,
    fired: {
      ...fired,
      text:
        `${named(rule, pos, venue, title)} P&L moved ${money(moved)} in ${rule.minutes} min ` +
        `(now ${money(pos.pnl)})`,
    },
  };
}

/** A P&L rule in words: "Yes (paper) P&L at or above +$5.00". */
export function pnlRuleText(rule: AlertRule): string {
  const who = `${rule.outcome ?? 'position'} (${rule.paper ? 'paper' : 'real'})`;
  const money = (x: number | undefined, signed = true) =>
    rule.currency ? moneyIn(x, rule.currency, signed) : String(x);
  switch (rule.kind) {
    case 'pnlAbove':
      return `${who} P&L at or above ${money(rule.amount)}`;
    case 'pnlBelow':
      return `${who} P&L at or below ${money(rule.amount)}`;
    default:
      return `${who} P&L moves ${money(rule.amount, false)} within ${rule.minutes} min`;
  }
}
