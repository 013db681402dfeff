/**
 * Values the screen derives from the store: the badge a row shows, how fresh
 * data is, the list refresh interval estimate, the filter cycles.
 */
import type { Market, MarketStatus } from '../api/types.js';
import type { AppState, MarketEntry, RateState } from '../store/types.js';
import { formatClosesIn } from './format.js';

export type Badge = MarketStatus | 'stale';

/** A trading state learned from a 409/410/423 quote wins over the market's own (older) status. */
export function effectiveStatus(entry: MarketEntry): MarketStatus {
  return entry.tradeState ?? entry.market.status;
}

/** The source's status word, for the badge of a market whose status is unknown. */
export function rawStatusOf(entry: MarketEntry): string | undefined {
  return entry.tradeState ? undefined : entry.market.rawStatus;
}

/**
 * Whether a market's outcomes are still to come with its detail: its list entry names none although it has some
 * (Manifold's multiple-choice markets in lists) and no detail has answered yet. Once one has, what it listed is what
 * the service has (a recorded detail may carry no `answers` either): nothing is on its way any more.
 */
export function outcomesAwaited(entry: MarketEntry): boolean {
  return entry.market.outcomesPending === true && entry.detailAt === undefined;
}

/**
 * When the market closes or closed, in words: a countdown only while it trades ("closes in 3d 4h");
 * "closed 2h ago" once it stopped (its own close time, else the scheduled one if passed); just
 * "closed" when the source does not say when. A market the source still calls active after its close time
 * (Polymarket keeps `closed: false` past `endDate` until it resolves) reads "close time passed 2h ago", never
 * "ACTIVE · closed".
 */
export function closingText(entry: MarketEntry, now: number): string {
  return marketClosingText(entry.market, effectiveStatus(entry), now);
}

/**
 * closingText of a market in `status` (the one-shot `market`, which has no board entry, says it the same way).
 * `column`: the same in a table's CLOSES column (`oddsboard markets`), whose heading says "closes": `in 3d 4h`,
 * `passed 121d ago`, `120d ago`, `closed` — at most 16 cells below 10,000 days.
 */
export function marketClosingText(m: Market, status: MarketStatus, now: number, column = false): string {
  const passed = m.closesAt !== undefined && m.closesAt <= now ? m.closesAt : undefined;
  if (status === 'active' || status === 'unknown')
    return passed !== undefined
      ? `${column ? 'passed' : 'close time passed'} ${formatClosesIn(passed, now)}`
      : `${column ? '' : 'closes '}${formatClosesIn(m.closesAt, now)}`;
  const at = m.closedAt !== undefined && m.closedAt <= now ? m.closedAt : passed;
  return at !== undefined ? `${column ? '' : 'closed '}${formatClosesIn(at, now)}` : 'closed';
}

/**
 * Background request kinds sharing the budget (list + selected market's detail), for the estimate without sync's word.
 */
export const BACKGROUND_KINDS = 2;
/** Never call a row stale sooner than three times this. */
export const MIN_LIST_INTERVAL_MS = 10_000;
export const STALE_FACTOR = 3;
/**
 * How often the list refreshes when nothing is wrong: the period sync publishes
 * for the current limit (a limit cut after a 429 lengthens it; a pause does not),
 * else 60 s / effectiveLimit × BACKGROUND_KINDS; at least 10 s. Rows age against
 * this, so during an outage they turn STALE on time however far the next try
 * has moved.
 */
export function listRefreshIntervalMs(rate: RateState): number {
  const limit = rate.effectiveLimit > 0 ? rate.effectiveLimit : rate.limit > 0 ? rate.limit : 1;
  const normal =
    rate.listEveryMs !== undefined && Number.isFinite(rate.listEveryMs) && rate.listEveryMs > 0
      ? rate.listEveryMs
      : (60_000 / limit) * BACKGROUND_KINDS;
  return Math.max(MIN_LIST_INTERVAL_MS, normal);
}

/** A row is stale when its data is older than three refresh intervals. */
export function isStale(receivedAt: number, now: number, intervalMs: number): boolean {
  return now - receivedAt > STALE_FACTOR * intervalMs;
}

/**
 * The time the header's data age counts from: the list's last answer. Every
 * listed row came with it or later, so a row that shows no age of its own (it
 * is not stale) is at most this old. Before the first list answer, the newest
 * data of any kind.
 */
export function shownDataAt(s: Pick<AppState, 'list' | 'connection'>): number | undefined {
  return s.list.loadedAt ?? s.connection.lastSuccessAt;
}

/** The row the cursor is on: the selected market when listed, else the first row (or -1 when empty). */
export function cursorIndex(ids: readonly string[], selectedId: string | undefined): number {
  if (ids.length === 0) return -1;
  const i = selectedId === undefined ? -1 : ids.indexOf(selectedId);
  return i >= 0 ? i : 0;
}

/** The value after `current` in `values` (wrapping); the first one when `current` is not among them. */
export function nextInCycle(values: readonly string[], current: string): string {
  const i = values.indexOf(current);
  return values[(i + 1) % values.length] ?? '';
}
