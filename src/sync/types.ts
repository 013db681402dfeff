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
  refreshNow(): { ok: true } | { ok: false; retryAt: number };
}

export interface SyncController extends SyncIntents {
  start(): void;
  /** Clears every timer and aborts in-flight requests. */
  stop(): Promise<void>;
}
