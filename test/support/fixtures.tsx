/** Shared test fixtures: markets, a fake sync that records intents, a rendered App over a real store and a manual clock. */
import type { ParsedTarget } from '../../src/links/types.js';
import type { GoToStart } from '../../src/sync/goTo.js';
import type { HistoryRange, Market, Quote } from '../../src/api/types.js';
import { makeMarket } from './markets.js';
import { createOddsStore, type OddsStore } from '../../src/store/store.js';
import type { ListQuery, Mode, QuoteForm } from '../../src/store/types.js';
import type { SourceCaps } from '../../src/sources/types.js';
import { createSync } from '../../src/sync/sync.js';
import type {
  AlertAddResult,
  DrawnMarket,
  PageResult,
  QuoteSubmit,
  RefreshResult,
  SyncIntents,
  ViewSource,
} from '../../src/sync/types.js';
import type { AlertDraft } from '../../src/store/alertRules.js';
import { FakeClient } from './syncHarness.js';
import { ManualClock } from '../../src/util/clock.js';
import { App } from '../../src/ui/App.js';
import { ThemeContext } from '../../src/ui/components/ThemeContext.js';
import type { Palette } from '../../src/ui/theme.js';
import { renderTerminal, type TestTerminal } from './terminal.js';
import { KEYS, press, waitForFrame } from './wait.js';

export { makeMarket } from './markets.js';

const LONG_NAMES = [
  'Progressive Alliance',
  'Civic Union',
  'Green Front',
  'National Renewal',
  'Liberty',
  'Others',
  'Undecided',
];

/** 50 markets; the first has seven outcomes with long names (layout tests at common sizes). */
export function fiftyMarkets(): Market[] {
  return [
    makeMarket(1, {
      title: 'Largest party in the parliament',
      outcomes: LONG_NAMES.map((name, i) => ({ name, price: (7 - i) / 28 })),
    }),
    ...Array.from({ length: 49 }, (_, i) => makeMarket(i + 2)),
  ];
}

/** Outcome lines of the detail pane for fiftyMarkets()'s first market ("Civic Union   21.4¢ …"), wherever the pane sits. */
export function outcomeLines(frame: string): string[] {
  return frame
    .split('\n')
    .filter((l) => /(^|│ )(Progressive|Civic|Green|National|Liberty|Others|Undecided)\S*\s.*\d+\.\d¢/.test(l));
}

/**
 * The real sync over a fake client, never started (nothing is sent), with every intent recorded: the UI's intents
 * do what they do in the app (select, store the quote form and its verdict), and tests read what was asked.
 */
export class RecordingSync implements SyncIntents {
  selects: (string | undefined)[] = [];
  searches: Partial<ListQuery>[] = [];
  /** Every form sync decided to ask a quote for (it stored it as 'waiting'). */
  quotes: { marketId: string; form: QuoteForm }[] = [];
  submits: { marketId: string; result: QuoteSubmit }[] = [];
  refreshes = 0;
  watches: string[] = [];
  alerts: { draft: AlertDraft; result: AlertAddResult }[] = [];
  /** What `r` gets back; the real answer (sync is not started: 'stopped') when unset. */
  refreshAnswer: RefreshResult | undefined;
  /** Views shown, events opened (undefined: closed), pages turned and what sync answered. */
  shows: ViewSource[] = [];
  opens: (string | undefined)[] = [];
  pages: { delta: 1 | -1; result: PageResult }[] = [];
  ranges: HistoryRange[] = [];
  /** Every `g` sent to sync, and what it answered at once. */
  goTos: { target: ParsedTarget; result: GoToStart }[] = [];
  private readonly real: SyncIntents;
  private readonly store: OddsStore;

  constructor(store: OddsStore, clock: ManualClock) {
    this.real = createSync({ store, clock, client: new FakeClient(clock), limit: 30 });
    this.store = store;
  }
  select(id: string | undefined) {
    this.selects.push(id);
    this.real.select(id);
  }
  search(patch: Partial<ListQuery>) {
    this.searches.push(patch);
    this.real.search(patch);
  }
  editQuote(marketId: string, patch: Partial<QuoteForm>) {
    const result = this.real.editQuote(marketId, patch);
    if (result === 'sent') this.quotes.push({ marketId, form: { ...this.store.getState().quotes[marketId]!.form } });
    return result;
  }
  submitQuote(marketId: string) {
    const result = this.real.submitQuote(marketId);
    this.submits.push({ marketId, result });
    if (result === 'sent') this.quotes.push({ marketId, form: { ...this.store.getState().quotes[marketId]!.form } });
    return result;
  }
  openQuote(marketId: string) {
    const before = this.store.getState().quotes[marketId];
    this.real.openQuote(marketId);
    const after = this.store.getState().quotes[marketId];
    if (
      after?.status === 'waiting' &&
      after.requestedAt !== undefined &&
      after !== before &&
      after.form !== before?.form
    ) {
      this.quotes.push({ marketId, form: { ...after.form } });
    }
  }
  refreshNow() {
    this.refreshes++;
    return this.refreshAnswer ?? this.real.refreshNow();
  }
  goTo(target: ParsedTarget) {
    const result = this.real.goTo(target);
    this.goTos.push({ target, result });
    return result;
  }
  toggleWatch(marketId: string) {
    this.watches.push(marketId);
    return this.real.toggleWatch(marketId);
  }
  addAlert(draft: AlertDraft) {
    const result = this.real.addAlert(draft);
    this.alerts.push({ draft: { ...draft }, result });
    return result;
  }
  removeAlert(ruleId: string) {
    this.real.removeAlert(ruleId);
  }
  keepPaper(marketId: string) {
    return this.real.keepPaper(marketId);
  }
  show(source: ViewSource, drawn?: DrawnMarket) {
    this.shows.push(source);
    this.real.show(source, drawn);
  }
  openEvent(id: string | undefined) {
    this.opens.push(id);
    this.real.openEvent(id);
  }
  page(delta: 1 | -1) {
    const result = this.real.page(delta);
    this.pages.push({ delta, result });
    return result;
  }
  setHistoryRange(range: HistoryRange) {
    this.ranges.push(range);
    this.real.setHistoryRange(range);
  }
}

export interface Harness {
  store: OddsStore;
  sync: RecordingSync;
  clock: ManualClock;
  term: TestTerminal;
  quits: number[];
}

export interface HarnessOptions {
  markets?: Market[];
  columns?: number;
  rows?: number;
  mode?: Mode;
  keyHint?: string;
  /** Fill the store before rendering. */
  prepare?: (store: OddsStore, clock: ManualClock) => void;
  /** The colours (default: the dark palette). */
  palette?: Palette;
  /** The list query; its limit is 100 by default, so the rows given are not a full page (no next page) unless said so. */
  query?: Partial<ListQuery>;
  /** Movers' threshold for the App (0..1 points). */
  moversThreshold?: number;
  /** The App's frame pacing, as the dashboard runs it (store changes while idle wait for the clock tick). */
  paced?: boolean;
  /** The source's capabilities (default: the interface's). */
  caps?: SourceCaps;
  /** The config file the App names (`x` on a config alert). */
  configPath?: string;
}

/** A real store (`key` mode, limit 30) filled via its actions at a fixed time, and the App rendered over it. */
export function renderApp(opts: HarnessOptions = {}): Harness {
  const clock = new ManualClock();
  const store = createOddsStore({
    mode: opts.mode ?? 'key',
    limit: 30,
    query: { limit: 100, ...opts.query },
    ...(opts.caps ? { caps: opts.caps } : {}),
  });
  const markets = opts.markets ?? Array.from({ length: 8 }, (_, i) => makeMarket(i + 1));
  if (markets.length) {
    store.getState().listLoaded(markets, clock.now());
    store.getState().requestSucceeded(clock.now());
  }
  opts.prepare?.(store, clock);
  const sync = new RecordingSync(store, clock);
  const quits: number[] = [];
  const app = (
    <App
      store={store}
      sync={sync}
      clock={clock}
      keyHint={opts.keyHint ?? '…abcd'}
      onQuit={() => quits.push(1)}
      paced={opts.paced ?? false}
      {...(opts.moversThreshold !== undefined ? { moversThreshold: opts.moversThreshold } : {})}
      {...(opts.configPath !== undefined ? { configPath: opts.configPath } : {})}
    />
  );
  const term = renderTerminal(
    opts.palette ? <ThemeContext.Provider value={opts.palette}>{app}</ThemeContext.Provider> : app,
    { columns: opts.columns ?? 120, rows: opts.rows ?? 30 },
  );
  return { store, sync, clock, term, quits };
}

/** The App rendered (renderApp) with the first market's quote form open: ⏎ opens the market, ⏎ again its form. */
export async function onQuoteForm(opts: HarnessOptions = {}): Promise<Harness> {
  const h = renderApp(opts);
  await waitForFrame(h.term, 'Market number 1');
  await press(h.term, [KEYS.enter, KEYS.enter]);
  await waitForFrame(h.term, 'Type an amount to get a quote.');
  return h;
}

/**
 * A preview as the quote form shows it: 10 USD of Yes → 25 contracts at 40¢, fee 0.42, total 10.42 (the Kalshi preview
 * pinned on a recorded book in src/cli/oneshot/sources.test.ts).
 */
export const PREVIEW_25_AT_40: Quote = {
  action: 'buy',
  outcome: 'Yes',
  amount: 10,
  shares: 25,
  averagePrice: 0.4,
  fee: 0.42,
  total: 10.42,
  raw: {},
};

/** The demo's market m1 with Yes at `yes` (No at 1 − yes). */
export const m1YesAt = (yes: number, over: Partial<Market> = {}): Market =>
  makeMarket(1, {
    outcomes: [
      { id: 'y', name: 'Yes', price: yes },
      { id: 'n', name: 'No', price: 1 - yes },
    ],
    ...over,
  });
