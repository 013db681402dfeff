/** The watchlist and the alerts as the store keeps them (persisted by src/watch/, evaluated by alerts.ts). */
import type { MarketStatus } from '../api/types.js';

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

export type AlertKind = 'above' | 'below' | 'move' | 'status';
export const ALERT_KINDS: readonly AlertKind[] = ['above', 'below', 'move', 'status'];

/** An alert someone set: with `a` in the dashboard (`form`) or in the config file (`config`). */
export interface AlertRule {
  id: string;
  marketId: string;
  kind: AlertKind;
  /** The outcome whose price is watched; undefined = the leading outcome ("Yes" on a binary market). */
  outcome?: string;
  /** In cents: the level for above/below, the least move for move. */
  cents?: number;
  /** move: the window, in minutes. */
  minutes?: number;
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
