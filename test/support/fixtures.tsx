/** Shared test fixtures: markets, a fake sync that records intents, a rendered App over a real store and a manual clock. */
import type { Market } from '../../src/api/types.js';
import { createOddsStore, type OddsStore } from '../../src/store/store.js';
import type { ListQuery, QuoteForm } from '../../src/store/types.js';
import type { SyncIntents } from '../../src/sync/types.js';
import { ManualClock } from '../../src/util/clock.js';
import { App } from '../../src/ui/App.js';
import { renderTerminal, type TestTerminal } from './terminal.js';

export function makeMarket(n: number, over: Partial<Market> = {}): Market {
  const yes = 0.3 + ((n * 7) % 50) / 100;
  return {
    id: `m${n}`,
    title: `Market number ${n}`,
    category: n % 2 ? 'politics' : 'sports',
    status: 'active',
    outcomes: [
      { id: 'y', name: 'Yes', price: yes },
      { id: 'n', name: 'No', price: 1 - yes },
    ],
    volume: 1000 * n + 500,
    liquidity: 200 * n,
    closesAt: Date.UTC(2026, 11, 1),
    updatedAt: 0,
    raw: {},
    ...over,
  };
}

const LONG_NAMES = ['Progressive Alliance', 'Civic Union', 'Green Front', 'National Renewal', 'Liberty', 'Others', 'Undecided'];

/** 50 markets; the first has seven outcomes with long names (layout tests at common sizes). */
export function fiftyMarkets(): Market[] {
  return [
    makeMarket(1, { title: 'Largest party in the parliament', outcomes: LONG_NAMES.map((name, i) => ({ name, price: (7 - i) / 28 })) }),
    ...Array.from({ length: 49 }, (_, i) => makeMarket(i + 2)),
  ];
}

/** Outcome lines of the detail pane for fiftyMarkets()'s first market ("Civic Union   21.4¢ …"), wherever the pane sits. */
export function outcomeLines(frame: string): string[] {
  return frame.split('\n').filter((l) => /(^|│ )(Progressive|Civic|Green|National|Liberty|Others|Undecided)\S*\s.*\d+\.\d¢/.test(l));
}

export class FakeSync implements SyncIntents {
  selects: (string | undefined)[] = [];
  searches: Partial<ListQuery>[] = [];
  quotes: { marketId: string; form: QuoteForm }[] = [];
  refreshes = 0;
  refreshAnswer: ReturnType<SyncIntents['refreshNow']> = { ok: true };
  select(id: string | undefined) {
    this.selects.push(id);
  }
  search(patch: Partial<ListQuery>) {
    this.searches.push(patch);
  }
  requestQuote(marketId: string, form: QuoteForm) {
    this.quotes.push({ marketId, form: { ...form } });
  }
  refreshNow() {
    this.refreshes++;
    return this.refreshAnswer;
  }
}

export interface Harness {
  store: OddsStore;
  sync: FakeSync;
  clock: ManualClock;
  term: TestTerminal;
  quits: number[];
}

export interface HarnessOptions {
  markets?: Market[];
  columns?: number;
  rows?: number;
  mode?: 'demo' | 'anon' | 'key';
  keyHint?: string;
  /** Fill the store before rendering. */
  prepare?: (store: OddsStore, clock: ManualClock) => void;
  /** The App's frame pacing, as the dashboard runs it (store changes while idle wait for the clock tick). */
  paced?: boolean;
}

/** A real store (`key` mode, limit 30) filled via its actions at a fixed time, and the App rendered over it. */
export function renderApp(opts: HarnessOptions = {}): Harness {
  const clock = new ManualClock();
  const store = createOddsStore({ mode: opts.mode ?? 'key', limit: 30 });
  const markets = opts.markets ?? Array.from({ length: 8 }, (_, i) => makeMarket(i + 1));
  if (markets.length) {
    store.getState().listLoaded(markets, clock.now());
    store.getState().requestSucceeded(clock.now());
  }
  opts.prepare?.(store, clock);
  const sync = new FakeSync();
  const quits: number[] = [];
  const term = renderTerminal(
    <App store={store} sync={sync} clock={clock} keyHint={opts.keyHint ?? '…abcd'} onQuit={() => quits.push(1)} paced={opts.paced ?? false} />,
    { columns: opts.columns ?? 120, rows: opts.rows ?? 30 },
  );
  return { store, sync, clock, term, quits };
}
