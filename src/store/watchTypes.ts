/** The watchlist and the alerts as the store keeps them (persisted by src/watch/, evaluated by alerts.ts). */
import type { MarketStatus } from '../api/types.js';
import type { Currency } from '../positions/types.js';
import type { SourceId } from '../sources/types.js';

/** One watched market: what is remembered of it when it is not in the cache (after a restart, or dropped). */
export interface WatchedMarket {
  id: string;
  /** Its title when last seen (shown until its data arrives again). */
  title?: string;
  /** The status last announced for it: a change from this one fires its implicit status alert. */
  status?: MarketStatus;
  addedAt: number;
  /** The service answered 404 for it at this time (private, under review or removed); it is asked for again later. */
  goneAt?: number;
}

export interface WatchState {
  /** Watched market ids, in the order they were added. */
  ids: string[];
  byId: Record<string, WatchedMarket>;
}

/**
 * What an alert watches: a market's price (`above`, `below`, `move`) or status; a position's P&L in its currency
 * (`pnlAbove`, `pnlBelow`, `pnlMove`: issue #28); a pair's gap after fees (`gap`: issue #29).
 */
export type AlertKind = 'above' | 'below' | 'move' | 'status' | 'pnlAbove' | 'pnlBelow' | 'pnlMove' | 'gap';
export const ALERT_KINDS: readonly AlertKind[] = [
  'above',
  'below',
  'move',
  'status',
  'pnlAbove',
  'pnlBelow',
  'pnlMove',
  'gap',
];
/** The kinds the form offers per thing the alert is on: a market, a position (Positions view), a pair (Across). */
export type AlertScope = 'market' | 'position' | 'pair';
export const SCOPE_KINDS: Readonly<Record<AlertScope, readonly AlertKind[]>> = {
  market: ['above', 'below', 'move', 'status'],
  position: ['pnlAbove', 'pnlBelow', 'pnlMove'],
  pair: ['gap'],
};
export const scopeOf = (kind: AlertKind): AlertScope =>
  kind === 'gap' ? 'pair' : kind.startsWith('pnl') ? 'position' : 'market';

/** An alert someone set: with `a` in the dashboard (`form`) or in the config file (`config`). */
export interface AlertRule {
  id: string;
  marketId: string;
  kind: AlertKind;
  /** The outcome whose price is watched; undefined = the leading outcome ("Yes" on a binary market). */
  outcome?: string;
  /** In cents: the level for above/below, the least move for move; gap: the gap after fees it must exceed. */
  cents?: number;
  /** move, pnlMove: the window, in minutes. */
  minutes?: number;
  /** pnlAbove/pnlBelow: the P&L level (may be negative); pnlMove: the least move — money in `currency`. */
  amount?: number;
  /** P&L kinds: the position's currency (the amount is in it; never converted). */
  currency?: Currency;
  /** P&L kinds: a paper position (true) or a real one (absent). */
  paper?: true;
  /** gap: the pair's other leg (the rule's `marketId` is the Across row's first leg). */
  pairId?: string;
  /** P&L and gap kinds: the title when set (a position's market may not be on the board). */
  title?: string;
  source: 'form' | 'config';
  createdAt: number;
}

/** Where an alert stands between checks (persisted, so a restart neither repeats nor loses a crossing). */
export interface AlertRuleState {
  /** The condition was false when last checked (or never checked): the next time it holds is a crossing. */
  armed: boolean;
  firedAt?: number;
  /** status alerts: the status last seen. */
  status?: MarketStatus;
  /** P&L alerts: the position was sold or settled at this time; its last entry is written and it never fires again. */
  ended?: number;
  /** config alerts: the config files that name it (tags of their paths) in alerts.json (watch/configState.ts). */
  configs?: string[];
  /** config alerts: when a dashboard whose config file names it last wrote it (watch/configState.ts). */
  seenAt?: number;
}

/** The highest number a log gave out (0 for none): the next alert is numbered after it. */
export function topSeq(log: readonly Pick<AlertFired, 'seq'>[] | undefined): number {
  let top = 0;
  for (const e of log ?? []) if (e.seq > top) top = e.seq;
  return top;
}

/** One alert that fired, as the log, the notice line, the bell and alertCommand see it. */
export interface AlertFired {
  /** Increasing over the life of the log (survives restarts). */
  seq: number;
  at: number;
  /** The rule's id, or `watch:<marketId>` for a watched market's implicit status alert. */
  ruleId: string;
  source: 'watch' | 'form' | 'config';
  kind: AlertKind;
  marketId: string;
  title: string;
  outcome?: string;
  /** The price when it fired (0..1). */
  price?: number;
  /** move: the move seen, in cents (signed). */
  moveCents?: number;
  from?: MarketStatus;
  to?: MarketStatus;
  /** A resolution's winning outcome. */
  winner?: string;
  /** P&L kinds: the position's venue, P&L and currency, and whether it is a paper one. */
  venue?: SourceId;
  pnl?: number;
  currency?: Currency;
  paper?: boolean;
  /** P&L kinds: the position is gone (sold or no longer read) or settled; this is the rule's last entry. */
  ended?: 'closed' | 'settled';
  /** gap: the other leg, the gap after fees in cents and the size (contracts) it is stated for. */
  pairId?: string;
  gapCents?: number;
  size?: number;
  /** The one line the notice and the log show. */
  text: string;
}

export interface AlertsState {
  rules: AlertRule[];
  /** By rule id (`watch:<id>` rules keep their state in WatchedMarket.status instead). */
  state: Record<string, AlertRuleState>;
  /** Newest first, at most ALERT_LOG_CAP. */
  log: AlertFired[];
  /** The last seq given out. */
  seq: number;
}
