import type { AlertDraft } from '../store/alertRules.js';
import type { AppState, ListQuery, QuoteForm } from '../store/types.js';
import type { HistoryRange } from '../api/types.js';
import type { ParsedTarget } from '../links/types.js';
import type { GoToStart } from './goTo.js';
import type { ExtraRequest } from './extraJobs.js';
import type { SourceId } from '../sources/types.js';
import type { PaperKeep } from '../store/paperSlice.js';

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
   * The quote form changed (typing, another outcome, buy/sell). The form and its verdict are stored:
   * an invalid form shows its message and sends nothing; a valid one is coalesced while typing, then
   * sent at top priority, unless the same form was answered a moment ago or is on its way (`current`).
   */
  editQuote(marketId: string, patch: Partial<QuoteForm>): QuoteSubmit;
  /** ⏎ in the form: ask now. `current` when the same form was just answered or is on its way (nothing sent). */
  submitQuote(marketId: string): QuoteSubmit;
  /** The form opened: the leading outcome is chosen when none is; a filled-in form is quoted again when stale. */
  openQuote(marketId: string): void;
  /**
   * Manual refresh of what the shown view draws and of the selected market: `ok` when queued now, else when the budget
   * allows it.
   */
  refreshNow(): RefreshResult;

  // ── the watchlist and alerts (docs/watcher.md) ──
  /**
   * `w`: watch or unwatch a market; true when it is watched now. Watched markets outside the list get a share of the
   * background budget.
   */
  toggleWatch(marketId: string): boolean;
  /** The alert form's ⏎: the draft checked and, when valid, set (it survives restarts). */
  addAlert(draft: AlertDraft): AlertAddResult;
  removeAlert(ruleId: string): void;
  /**
   * The quote form's `p`: its answered preview kept as a paper trade (issue #28); its market is followed in the
   * background from then on, like a watched one, so the paper position is marked to market and settled.
   */
  keepPaper(marketId: string): PaperKeep;

  // ── views (docs/views.md) ──
  /**
   * A view is shown: what it draws (the market list, the closing-soon list, the events list or the open event) is
   * what the background refreshes from now on, and it is fetched at once — after a short quiet time, so flicking
   * through views costs nothing — when it is older than `viewFreshMs`. `drawn`, from the UI: the market the view draws
   * as selected; from then on the selection is kept that market (none when it draws none), so what is polled is what
   * is drawn (docs/views.md § The selection).
   */
  show(source: ViewSource, drawn?: DrawnMarket): void;
  /**
   * Open an event in the Events view (its nested markets, /events/{id}, fetched unless fresh) or close it (undefined).
   */
  openEvent(id: string | undefined): void;
  /**
   * The market list's next (+1) or previous (−1) page: offset ± limit, refused past the last page and past offset
   * 10000.
   */
  page(delta: 1 | -1): PageResult;

  // ── links (docs/links.md) ──
  /**
   * `g`: go to what was pasted (src/links/parse.ts). The readings of the board's venue are looked up one request at a
   * time in the interactive budget; `goTo` in the store says how it went (a market found is pinned in Markets and
   * selected; an event found is loaded for the screen to open). Readings of another venue: refused with its name.
   */
  goTo(target: ParsedTarget): GoToStart;

  // ── the trader's view (docs/sources.md) ──
  /** `h`: the price history's range; the selected market's history in it is fetched unless known. */
  setHistoryRange(range: HistoryRange): void;

  // ── several venues (src/venues/; absent with one) ──
  /** `v`: the lists narrowed to the next venue, or after the last to every venue (undefined). */
  cycleVenue?(): SourceId | undefined;
  /** `P`: a market's candidates on the other venues shown, each venue searched in its own budget (issue #29). */
  findPairs?(marketId: string): { ok: true; words: string } | { ok: false; message: string };
  /** `y` / `n`: a pair confirmed or rejected, kept in pairs.json (a rejected one is never proposed again). */
  decidePair?(a: string, b: string, decision: 'confirm' | 'reject'): { ok: true } | { ok: false; message: string };
  /** ⏎ / Esc in the Across view: both venues' rules of a pair (its key: `pairKeyOf`) side by side, or closed. */
  pairRules?(key: string | undefined): void;
}

/** What `addAlert` did: set (`ruleId`), or why not (one line, shown in the form). */
export type AlertAddResult = { ok: true; ruleId: string } | { ok: false; message: string };

/**
 * What a view draws from the service (the open event is the Events view's, once one is open). `own`: a view of its own
 * rows from the board's markets (Watchlist, Movers, Positions): the market list is what is refreshed, but its first row
 * is not the view's, so neither sync nor the board selects it (the UI selects the view's own rows).
 */
export type ViewSource = 'markets' | 'closing' | 'events' | 'own';

/**
 * The market a view draws as selected in a state: the selected one when the view lists it, else its first row; none
 * when it draws none (an empty view, the events list). The UI's own rule (`currentMarketIn`, src/ui/views/state.ts).
 */
export type DrawnMarket = (st: AppState) => string | undefined;

/**
 * Why a page cannot be turned: the last answer was not a full page, offset 0, offset 10000, or a page is on its way.
 */
export type PageRefusal = 'last_page' | 'first_page' | 'offset_max' | 'loading';

export type PageResult = { ok: true; page: number } | { ok: false; reason: PageRefusal };

/**
 * What a quote intent did: `sent` — a quote is queued; `current` — the same form's answer is fresh or on its way;
 * `invalid` — nothing sent, the form says why.
 */
export type QuoteSubmit = 'sent' | 'current' | 'invalid';

/**
 * Why a manual refresh cannot go out now. (A rejected key or a failing server is tried at once:
 * `r` is how a person checks whether it is back.)
 */
export type RefreshRefusal = 'budget' | 'rate_limited' | 'stopped';

export type RefreshResult =
  | {
      ok: true;
      /** Several venues: those that refused while the others refresh (each with when it may, and why not now). */
      held?: { venue: SourceId; retryAt: number; reason?: RefreshRefusal }[];
    }
  | { ok: false; retryAt: number; reason?: RefreshRefusal };

export interface SyncController extends SyncIntents {
  start(): void;
  /** Clears every timer and aborts in-flight requests. */
  stop(): Promise<void>;
}

/** What one request on its way out looks like, for hooks and benchmarks. */
export interface RequestInfo {
  kind:
    | 'list'
    | 'detail'
    | 'quote'
    | 'events'
    | 'closing'
    | 'event'
    | 'categories'
    | 'book'
    | 'history'
    | 'lookup'
    | 'positions'
    | 'extra';
  /** 'quote' may use the whole budget; 'interactive' keeps one slot free for quotes; 'background' keeps more. */
  cls: 'quote' | 'interactive' | 'background';
  at: number;
  marketId?: string;
  eventId?: string;
}

/** The controller createSync returns: the contract plus what a driver of a virtual clock needs. */
export interface RateAwareSync extends SyncController {
  /** Requests currently on the wire. */
  inFlight(): number;
  /** Resolves once no request is in flight (including ones sent by the handlers of those that settled). */
  settled(): Promise<void>;
  /** A request beside the screen's data (a pair's candidates or books), sent in this venue's budget (extraJobs.ts). */
  extra(req: ExtraRequest): void;
}
