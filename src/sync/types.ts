import type { ListQuery, QuoteForm } from '../store/types.js';

/**
 * What the UI may ask of the sync layer. The UI never calls the API client;
 * sync decides when (and whether) a request goes out.
 */
export interface SyncIntents {
  /** The user moved the selection; bursts coalesce into one detail request after a short quiet time. */
  select(id: string | undefined): void;
  /** Search / filter / sort change: updates the store's query and refreshes the list soon. */
  search(patch: Partial<ListQuery>): void;
  /**
   * The quote form changed. Validates first (an invalid form sets an inline message and
   * sends nothing); a valid one is coalesced while typing, then sent at top priority.
   */
  requestQuote(marketId: string, form: QuoteForm): void;
  /** Manual refresh: `ok` when it is queued now, else when the budget allows it. */
  refreshNow(): RefreshResult;
}

/**
 * Why a manual refresh cannot go out now. (A rejected key or a failing server is tried at once:
 * `r` is how a person checks whether it is back.)
 */
export type RefreshRefusal = 'budget' | 'rate_limited' | 'stopped';

export type RefreshResult = { ok: true } | { ok: false; retryAt: number; reason?: RefreshRefusal };

export interface SyncController extends SyncIntents {
  start(): void;
  /** Clears every timer and aborts in-flight requests. */
  stop(): Promise<void>;
}

/** What one request on its way out looks like, for hooks and benchmarks. */
export interface RequestInfo {
  kind: 'list' | 'detail' | 'quote' | 'events';
  /** 'quote' may use the whole budget; 'interactive' keeps one slot free for quotes; 'background' keeps more. */
  cls: 'quote' | 'interactive' | 'background';
  at: number;
  marketId?: string;
}

/** The controller createSync returns: the contract plus what a driver of a virtual clock needs. */
export interface RateAwareSync extends SyncController {
  /** Requests currently on the wire. */
  inFlight(): number;
  /** Resolves once no request is in flight (including ones sent by the handlers of those that settled). */
  settled(): Promise<void>;
}
