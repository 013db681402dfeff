/**
 * Several venues on one screen (design.md §7, docs/architecture.md § Several venues): each venue is the stack it is
 * alone — its client (ids written `venue:id`, prefixClient.ts), store, sync (scheduler, budget, ledger, backoff,
 * connection) — and this joins them for the UI: one read-only store (join.ts) and one set of intents, each routed to
 * the venue its market or event id names, or to every venue shown. A venue in trouble is only its own sync's business:
 * the others are never waited for.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OddsStore } from '../store/store.js';
import type { AppState, ListQuery, QuoteForm } from '../store/types.js';
import type { AlertDraft } from '../store/alertRules.js';
import type { HistoryRange } from '../api/types.js';
import type { SourceId } from '../sources/types.js';
import type {
  AlertAddResult,
  DrawnMarket,
  PageResult,
  QuoteSubmit,
  RateAwareSync,
  RefreshResult,
  SyncController,
  ViewSource,
} from '../sync/types.js';
import { createJoiner, venueOf, type JoinInput } from './join.js';
import { sameFields } from '../util/sameData.js';
import { firstRowDrawn, KeptPick } from '../sync/drawn.js';
import type { ParsedTarget } from '../links/types.js';
import type { GoToStart } from '../sync/goTo.js';
import { SOURCE_NAMES } from '../sources/names.js';
import type { AcrossDesk } from './across/desk.js';
import { watchGapAlerts } from './across/gapAlerts.js';

export interface VenueStack {
  id: SourceId;
  store: OddsStore;
  sync: RateAwareSync;
}

export interface Joined {
  /** What the UI reads (a StoreView). */
  store: StoreApi<AppState>;
  sync: SyncController;
  /** Stops listening to the venues' stores (the syncs are stopped through `sync.stop`). */
  dispose(): void;
}

export function joinVenues(stacks: readonly VenueStack[], desk?: AcrossDesk): Joined {
  const ids = stacks.map((s) => s.id);
  /**
   * One joiner for the state with nothing selected (what a view would draw: `firstShown`) and the screen's: it answers
   * both from one join of the venues' states, each field the same object in both (join.ts).
   */
  const join = createJoiner();
  let filter: SourceId | undefined;
  let selectedId: string | undefined;
  let goToVenue: SourceId | undefined;
  /** The view on screen, and the one each venue was last shown (a venue hidden by `v` is not told). */
  let view: ViewSource = 'markets';
  /**
   * The market the view on screen draws as selected (the UI's rule, given with each `show`, the first at mount; with no
   * screen, firstRowDrawn): the board keeps it selected.
   */
  let drawn: DrawnMarket = firstRowDrawn('markets');
  const pick = new KeptPick();
  const of = (id: string | undefined): VenueStack | undefined => {
    const v = venueOf(id, ids);
    return v ? stacks.find((s) => s.id === v) : undefined;
  };
  /**
   * The first row of the view shown on the venues shown (what the detail pane draws with none chosen): the market its
   * view draws (`drawn`, over the rows it draws); none beside the events list or a view with no rows (nothing is
   * fetched for a market not on screen).
   */
  const inputNow = (): JoinInput => {
    const states = stacks.map((s) => s.store.getState());
    return { ids, states, filter, selectedId, goToVenue, across: desk?.store.getState() };
  };
  const firstShown = (input: JoinInput) => drawn(join({ ...input, selectedId: undefined }));
  const compute = (): AppState => {
    const input = inputNow();
    if (selectedId !== undefined) return join(input);
    // none chosen yet: the market drawn is the first row of the view shown, selected as a venue alone selects its
    // first row
    return join({ ...input, selectedId: firstShown(input) });
  };
  const store = createStore<AppState>()(() => compute());
  let following = false;
  /**
   * Only the venue of the selected market polls a selection (its detail, its book), as that venue alone does; the
   * others select nothing (their syncs are `onBoard`: they select nothing by themselves either).
   */
  const follow = () => {
    if (following) return;
    following = true;
    try {
      const id = store.getState().selectedId;
      const target = of(id);
      for (const s of stacks) {
        const own = s.store.getState().selectedId;
        if (s === target) {
          if (own !== id) s.sync.select(id);
        } else if (own !== undefined) s.sync.select(undefined);
      }
    } finally {
      following = false;
    }
  };
  /**
   * A `g` whose readings are on several venues (a bare slug may be Polymarket's, Manifold's or a Kalshi ticker): the
   * venues in the order the readings are tried, each asked once the one before found nothing.
   */
  const shown = () => (filter ? stacks.filter((s) => s.id === filter) : stacks);
  /** The view each venue was last shown (a venue hidden by `v` is not told). */
  const told = new Map<SourceId, ViewSource>();
  /** Venues shown again (by `v`, or by a find on a hidden one) are shown the view on screen if it changed meanwhile. */
  const catchUp = () => {
    for (const s of shown())
      if ((told.get(s.id) ?? 'markets') !== view) {
        s.sync.show(view);
        told.set(s.id, view);
      }
  };

  let chain:
    { target: Extract<ParsedTarget, { ok: true }>; venue: VenueStack; seq: number; rest: VenueStack[] } | undefined;
  const ask = (stack: VenueStack, target: Extract<ParsedTarget, { ok: true }>): GoToStart => {
    goToVenue = stack.id;
    return stack.sync.goTo({ ...target, readings: target.readings.filter((x) => x.venue === stack.id) });
  };
  /** The venue asked found nothing: the next one is asked before anyone hears "nothing found" (run before a join). */
  const goOn = () => {
    const g = chain?.venue.store.getState().goTo;
    if (!chain || !g || g.seq !== chain.seq || g.status === 'looking') return;
    // found on a venue the board is not narrowed to (v): every venue shown again, or the screen would not show it
    if (g.status === 'found' && filter !== undefined && chain.venue.id !== filter) {
      filter = undefined;
      catchUp();
    }
    const next = g.status === 'none' ? chain.rest.shift() : undefined;
    if (!next) {
      chain = undefined;
      return;
    }
    chain.venue = next;
    ask(next, chain.target);
    chain.seq = next.store.getState().goTo?.seq ?? -1;
  };
  const refresh = () => {
    goOn();
    const next = compute();
    // the market chosen is not drawn any more (unwatched, out of Movers): the one drawn is selected, or none; none
    // chosen (the rows were gone a moment): the market picked before, if the rows list it again (KeptPick)
    const back = (id: string) => drawn(of(id)?.store.getState() ?? next) !== undefined;
    const shownNow = selectedId !== undefined ? drawn(next) : pick.restore(next, drawn, selectedId, back);
    // a new query awaited (`/`, `f`, `c`) without the market chosen: none chosen, so its answer's first row (views.md)
    const afresh = selectedId !== undefined && shownNow !== undefined && next.list.pending === true;
    if (shownNow !== selectedId) return sync.select(afresh ? undefined : shownNow);
    if (!sameFields(store.getState(), next)) store.setState(next, true);
    if (selectedId === undefined) follow();
  };
  const unsubscribe = [
    ...stacks.map((s) => s.store.subscribe(refresh)),
    ...(desk ? [desk.store.subscribe(refresh)] : []),
    // a pair's gap alerts, judged over both venues (gapAlerts.ts)
    ...(desk ? [watchGapAlerts(stacks, store, () => desk.now()).stop] : []),
  ];
  follow();

  const sync: SyncController = {
    start: () => (stacks.forEach((s) => s.sync.start()), desk?.start()),
    stop: async () => {
      desk?.stop();
      await Promise.all(stacks.map((s) => s.sync.stop()));
    },
    ...(desk
      ? {
          findPairs: (id: string) => desk.find(id),
          decidePair: (a: string, b: string, d: 'confirm' | 'reject') => desk.decide(a, b, d),
          pairRules: (id: string | undefined) => desk.showRules(id),
        }
      : {}),
    select(id) {
      pick.chose(id, store.getState(), drawn);
      const target = of(id);
      selectedId = target ? id : undefined;
      // the venue of the selection polls its detail; the others stop polling theirs
      for (const s of stacks)
        if (s === target) s.sync.select(id);
        else if (s.store.getState().selectedId !== undefined) s.sync.select(undefined);
      refresh();
    },
    search(patch: Partial<ListQuery>) {
      const several = !filter && stacks.length > 1;
      for (const s of shown()) {
        const p = { ...patch };
        // paging is one venue's; a venue without text search keeps its list (hidden while a search is typed)
        if (several) delete p.offset;
        if (p.q !== undefined && !s.store.getState().caps.search) delete p.q;
        if (Object.keys(p).length) s.sync.search(p);
      }
      refresh();
    },
    editQuote: (marketId: string, patch: Partial<QuoteForm>): QuoteSubmit =>
      of(marketId)?.sync.editQuote(marketId, patch) ?? 'invalid',
    submitQuote: (marketId: string): QuoteSubmit => of(marketId)?.sync.submitQuote(marketId) ?? 'invalid',
    openQuote: (marketId: string) => of(marketId)?.sync.openQuote(marketId),
    refreshNow(): RefreshResult {
      const venues = shown();
      const results = venues.map((s) => s.sync.refreshNow());
      if (results.some((r) => r.ok)) {
        // the others refresh; a venue paused (a 429) or out of budget says so, not hidden behind them
        const held = results.flatMap((r, i) =>
          r.ok ? [] : [{ venue: venues[i]!.id, retryAt: r.retryAt, ...(r.reason ? { reason: r.reason } : {}) }],
        );
        return held.length ? { ok: true, held } : { ok: true };
      }
      const refused = results as Extract<RefreshResult, { ok: false }>[];
      return refused.reduce((a, b) => (b.retryAt < a.retryAt ? b : a));
    },
    toggleWatch: (marketId: string) => of(marketId)?.sync.toggleWatch(marketId) ?? false,
    keepPaper: (marketId: string) =>
      of(marketId)?.sync.keepPaper(marketId) ?? { ok: false, message: 'this market belongs to no venue shown' },
    addAlert(draft: AlertDraft): AlertAddResult {
      const s = of(draft.marketId);
      return s ? s.sync.addAlert(draft) : { ok: false, message: 'this market belongs to no venue shown' };
    },
    removeAlert(ruleId: string) {
      for (const s of stacks)
        if (s.store.getState().alerts.rules.some((r) => r.id === ruleId)) s.sync.removeAlert(ruleId);
    },
    show(source: ViewSource, drawnBy?: DrawnMarket) {
      // a venue hidden by `v` fetches nothing for a view it is not on: it is shown the view when `v` shows it again
      [view, drawn] = [source, drawnBy ?? firstRowDrawn(source)];
      pick.forget();
      for (const s of shown()) {
        s.sync.show(source);
        told.set(s.id, source);
      }
      // none chosen: the market selected is the new view's first row
      refresh();
    },
    openEvent(id: string | undefined) {
      const target = of(id);
      for (const s of stacks)
        if (s === target) s.sync.openEvent(id);
        else if (s.store.getState().events.openId !== undefined) s.sync.openEvent(undefined);
    },
    page(delta: 1 | -1): PageResult {
      const one = shown();
      return one.length === 1 ? one[0]!.sync.page(delta) : { ok: false, reason: 'last_page' };
    },
    setHistoryRange(range: HistoryRange) {
      for (const s of stacks) s.sync.setHistoryRange(range);
    },
    goTo(target: ParsedTarget): GoToStart {
      if (!target.ok) return { ok: false, message: target.message };
      // the venues of its readings on this board, in the order the readings are tried: the first looks it up
      const asked = [...new Set(target.readings.map((r) => r.venue))]
        .map((v) => stacks.find((s) => s.id === v))
        .filter((s): s is VenueStack => s !== undefined);
      const stack = asked[0];
      if (!stack) {
        const theirs = [...new Set(target.readings.map((r) => r.venue))];
        const names = theirs.map((v) => SOURCE_NAMES[v]).join(' or ');
        const shown = ids.map((v) => SOURCE_NAMES[v]).join(', ');
        const add = [...ids, theirs[0]].join(',');
        return {
          ok: false,
          message: `${target.understood} is on ${names}; this board shows ${shown} (add it: --source ${add}).`,
        };
      }
      chain = undefined;
      const r = ask(stack, target);
      if (r.ok) chain = { target, venue: stack, seq: stack.store.getState().goTo?.seq ?? -1, rest: asked.slice(1) };
      refresh();
      return r;
    },
    cycleVenue() {
      const i = filter === undefined ? 0 : ids.indexOf(filter) + 1;
      filter = ids[i];
      // an event open on a venue hidden now is closed there: its rows are not drawn, and it would still poll the
      // event, its selected market and book (the Events view shows the narrowed venue's events list)
      for (const s of stacks)
        if (filter !== undefined && s.id !== filter && s.store.getState().events.openId !== undefined)
          s.sync.openEvent(undefined);
      catchUp();
      // the selected market's venue hidden: the selection moves to the first row shown (what the detail pane draws),
      // or to none, so the hidden venue stops polling it; every venue shown again keeps what is selected then
      if (filter !== undefined && selectedId !== undefined && venueOf(selectedId, ids) !== filter)
        sync.select(firstShown(inputNow()));
      else refresh();
      return filter;
    },
  };
  return {
    store,
    sync,
    dispose: () => unsubscribe.forEach((u) => u()),
  };
}
