import type { SyncClient } from './jobs.js';
import { RATE_MARGIN_MS, type SendLedger } from '../ledger/types.js';
import type { OddsStore } from '../store/store.js';
import type { Clock } from '../util/clock.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import type { RequestInfo } from './types.js';
import type { PositionsSetup } from './positions.js';

export interface SyncOptions {
  client: SyncClient;
  /** The base URL was the person's: a list route's 404 says it may be wrong (src/cli/baseHint.ts). */
  baseHint?: string;
  store: OddsStore;
  clock: Clock;
  /** The mode's limit per window (10 anonymous, 30 with a key). */
  limit: number;
  /** Source of jitter; Math.random by default, seeded in tests and benchmarks. */
  random?: () => number;
  /** The server's window (default 60 s). */
  windowMs?: number;
  /**
   * Added to the window when counting sends, against the spread of the delay from a claim to its request's arrival
   * (default RATE_MARGIN_MS, 1 s: src/ledger/types.ts).
   */
  marginMs?: number;
  /**
   * Slots kept free: from interactive work for quotes (default 1), from background work (default 1, 2 from a limit of
   * 20).
   */
  reserve?: { interactive?: number; background?: number };
  /** Quiet time before a burst of intents costs a request. */
  quietMs?: { select?: number; search?: number; quote?: number };
  /** A newly selected market whose detail is younger than this is not fetched again (default 2 s). */
  selectFreshMs?: number;
  /** A view shown (or an event opened) whose data is younger than this is not fetched again at once (default 15 s). */
  viewFreshMs?: number;
  /** A quote answered less than this long ago for the same form is not asked for again (default 5 s). */
  quoteFreshMs?: number;
  /** How often the events list is refreshed in the background (default 10 min). */
  eventsEveryMs?: number;
  /** Share of background slots that refresh the selected market's detail (default 2/3; the rest refresh the list). */
  detailShare?: number;
  /**
   * Share of background slots for watched markets outside the list, taken first while there are any (default 1/3;
   * docs/watcher.md).
   */
  watchShare?: number;
  /** Abandon a request after this long (default 15 s). */
  requestTimeoutMs?: number;
  backoff?: Partial<BackoffOptions>;
  /**
   * After a 401 nothing is sent but one probe now and then, so a restored key resumes by itself:
   * the first `first` after the rejection (default 10 s), doubling up to `max` (default 3 min).
   */
  authProbeMs?: { first?: number; max?: number };
  /** A market whose detail answered 403 is not polled in the background for this long (default 5 min). */
  forbiddenRetryMs?: number;
  /** After an unexpected 429: limit × factor (default 0.7), then +1 per recoverMs (default 60 s). */
  aimd?: { factor?: number; recoverMs?: number };
  /**
   * One venue of several on one board (src/venues/joined.ts): the board picks the one market selected, so this venue
   * selects nothing by itself; and while none of its markets is selected, its background sends only what is due —
   * the list at the period it has alone with a market selected — and leaves the selected market's share of the slots
   * (its detail and book) unsent, rather than spending it on more list refreshes. Default false.
   */
  onBoard?: boolean;
  /** Ask the source once for its groupings (`listCategories`: a platform's tags, categories, topics). Default false. */
  categories?: boolean;
  /** Called for every request as it goes out. */
  onRequest?: (info: RequestInfo) => void;
  /**
   * The budget shared with other oddsboard processes on the same service and key (src/ledger):
   * their sends count against the window, and every send is claimed in it first. Default: none.
   */
  ledger?: SendLedger;
  /**
   * Told once when the ledger cannot be read or written at a send (the own budget alone is then in charge) and once
   * when it held entries from the future that were ignored; a line for a notice. Default: nothing is said.
   */
  onLedgerProblem?: (text: string) => void;
  /** The person's real positions on this venue, read at their own slow cadence (positions.ts). Default: none. */
  positions?: PositionsSetup;
}

export interface ResolvedOptions {
  limit: number;
  /** SyncOptions.baseHint. */
  baseHint?: string;
  random: () => number;
  windowMs: number;
  spanMs: number;
  reserveInteractive: number;
  reserveBackground: number;
  quietSelect: number;
  quietSearch: number;
  quietQuote: number;
  selectFreshMs: number;
  viewFreshMs: number;
  quoteFreshMs: number;
  eventsEveryMs: number;
  detailShare: number;
  watchShare: number;
  requestTimeoutMs: number;
  backoff: BackoffOptions;
  authProbeFirstMs: number;
  authProbeMaxMs: number;
  forbiddenRetryMs: number;
  aimdFactor: number;
  aimdRecoverMs: number;
  onBoard: boolean;
  categories: boolean;
  positions?: PositionsSetup;
}

function num(v: number | undefined, fallback: number, min: number, max: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

export function resolveOptions(o: SyncOptions): ResolvedOptions {
  const limit = Math.floor(num(o.limit, 10, 1, 100_000));
  const windowMs = num(o.windowMs, 60_000, 1_000, 3_600_000);
  return {
    limit,
    ...(o.baseHint !== undefined ? { baseHint: o.baseHint } : {}),
    random: o.random ?? Math.random,
    windowMs,
    spanMs: windowMs + num(o.marginMs, RATE_MARGIN_MS, 0, 10_000),
    reserveInteractive: Math.floor(num(o.reserve?.interactive, 1, 0, limit)),
    reserveBackground: Math.floor(num(o.reserve?.background, limit >= 20 ? 2 : 1, 0, limit)),
    quietSelect: num(o.quietMs?.select, 300, 0, 10_000),
    quietSearch: num(o.quietMs?.search, 400, 0, 10_000),
    quietQuote: num(o.quietMs?.quote, 250, 0, 10_000),
    selectFreshMs: num(o.selectFreshMs, 2_000, 0, 3_600_000),
    viewFreshMs: num(o.viewFreshMs, 15_000, 0, 3_600_000),
    quoteFreshMs: num(o.quoteFreshMs, 5_000, 0, 3_600_000),
    eventsEveryMs: num(o.eventsEveryMs, 10 * 60_000, 1_000, 24 * 3_600_000),
    detailShare: num(o.detailShare, 2 / 3, 0.05, 0.95),
    watchShare: num(o.watchShare, 1 / 3, 0.05, 0.9),
    requestTimeoutMs: num(o.requestTimeoutMs, 15_000, 100, 600_000),
    backoff: {
      baseMs: num(o.backoff?.baseMs, DEFAULT_BACKOFF.baseMs, 1, 3_600_000),
      capMs: num(o.backoff?.capMs, DEFAULT_BACKOFF.capMs, 1, 3_600_000),
      probeCapMs: num(o.backoff?.probeCapMs, DEFAULT_BACKOFF.probeCapMs, 1, 3_600_000),
    },
    authProbeFirstMs: num(o.authProbeMs?.first, 10_000, 1, 3_600_000),
    authProbeMaxMs: num(o.authProbeMs?.max, 3 * 60_000, 1, 24 * 3_600_000),
    forbiddenRetryMs: num(o.forbiddenRetryMs, 5 * 60_000, 1, 24 * 3_600_000),
    aimdFactor: num(o.aimd?.factor, 0.7, 0.1, 0.95),
    aimdRecoverMs: num(o.aimd?.recoverMs, 60_000, 1, 3_600_000),
    onBoard: o.onBoard ?? false,
    categories: o.categories ?? false,
    ...(o.positions ? { positions: o.positions } : {}),
  };
}
