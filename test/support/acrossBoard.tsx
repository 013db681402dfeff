/**
 * A board of two venues for the Across view's component tests: Kalshi and Polymarket stores (the real ones, refKeys),
 * the real desk and joined layer, the App in a test terminal, on a ManualClock. Kalshi's list holds the recorded Fed
 * decision market H0 (test/fixtures/real/pairs/, SOURCES.md); `answer()` answers what the desk asked for — searches
 * with the recorded candidates, details with the board's copy, books with `book(id)` (hand-built: their shape, not
 * their prices, is what such tests pin). `realAlerts`: the sync's `addAlert` is the real intent (addAlertTo) instead
 * of the recording sync's yes. `columns` × `rows`: the terminal's size (200 × 30).
 */
import type { Market, OrderBook } from '../../src/api/types.js';
import { KALSHI_CAPS } from '../../src/sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../src/sources/polymarket/query.js';
import type { SourceId } from '../../src/sources/types.js';
import type { AlertDraft } from '../../src/store/alertRules.js';
import { createOddsStore } from '../../src/store/store.js';
import { addAlertTo } from '../../src/sync/alertIntent.js';
import type { ExtraRequest } from '../../src/sync/extraJobs.js';
import { App } from '../../src/ui/App.js';
import { ManualClock } from '../../src/util/clock.js';
import { AcrossDesk } from '../../src/venues/across/desk.js';
import { joinVenues } from '../../src/venues/joined.js';
import { press, waitForFrame } from './wait.js';
import { pairMarkets } from './pairsFixtures.js';
import { renderTerminal, type TestTerminal } from './terminal.js';
import { recordingSync } from './venues.js';

const real = pairMarkets();
/** A recorded pair market under its board id (`venue:id`). */
export const board = (key: string): Market => ({ ...real.get(key)!, id: key });
export const H0 = 'kalshi:KXFEDDECISION-26SEP-H0';
export const SAME = 'polymarket:2252244';
export const JULY = 'polymarket:1654958';

/** A one-level book of 50 a side: `bid` and `ask` for Kalshi's H0, `other` for every other market. */
export function bookOf(h0: { bid: number; ask: number }, other: { bid: number; ask: number }) {
  return (id: string): OrderBook => {
    const p = id === H0 ? h0 : other;
    return {
      marketId: id,
      outcome: 'Yes',
      bids: [{ price: p.bid, size: 50 }],
      asks: [{ price: p.ask, size: 50 }],
      raw: {},
    };
  };
}

export interface AcrossBoard {
  term: TestTerminal;
  clock: ManualClock;
  desk: AcrossDesk;
  joined: ReturnType<typeof joinVenues>;
  stacks: { id: SourceId; store: ReturnType<typeof createOddsStore> }[];
  extras: ExtraRequest[];
  /** Answers every request waiting (books only while `books(true)`). */
  answer(): void;
  books(on: boolean): void;
}

export function startAcrossBoard(
  dir: string,
  opts: { book: (id: string) => OrderBook; realAlerts?: boolean; columns?: number; rows?: number },
): AcrossBoard {
  const clock = new ManualClock();
  const extras: ExtraRequest[] = [];
  const mk = (id: SourceId, caps: typeof KALSHI_CAPS) => {
    const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, prefixed: true });
    const sync = recordingSync(store, [], extras);
    return {
      id,
      store,
      sync: opts.realAlerts ? { ...sync, addAlert: (d: AlertDraft) => addAlertTo(store, d, clock.now()) } : sync,
    };
  };
  const stacks = [mk('kalshi', KALSHI_CAPS), mk('polymarket', POLYMARKET_CAPS)];
  stacks[0]!.store.getState().listLoaded([board(H0)], clock.now());
  const desk = new AcrossDesk(stacks, dir, clock);
  const joined = joinVenues(stacks, desk);
  const term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, {
    columns: opts.columns ?? 200,
    rows: opts.rows ?? 30,
  });
  let books = true;
  const answer = () => {
    for (const r of extras.splice(0)) {
      if (r.key === 'pairs:search') r.answered([board(SAME), board(JULY)], clock.now());
      else if (r.key.startsWith('pairs:detail:')) {
        // a round's batch names its legs `a,b,…` and is answered as a list (pairRefresh.ts)
        const ids = r.key.slice('pairs:detail:'.length).split(',');
        r.answered(ids.length === 1 ? board(ids[0]!) : ids.map(board), clock.now());
      } else if (r.key.startsWith('pairs:book:') && books)
        r.answered(opts.book(r.key.slice('pairs:book:'.length)), clock.now());
    }
  };
  return { term, clock, desk, joined, stacks, extras, answer, books: (on) => (books = on) };
}

/** `P` on the board's first market (H0) once it is drawn, the candidates answered: the frame that shows `shown`. */
export async function askCandidates(b: AcrossBoard, shown: string): Promise<string> {
  await waitForFrame(b.term, 'Fed');
  await press(b.term, 'P');
  b.answer();
  return waitForFrame(b.term, shown);
}

/** `y` on the pair under the cursor, the requests it makes answered. */
export async function confirmPair(b: AcrossBoard): Promise<void> {
  await press(b.term, 'y');
  b.answer();
}
