/**
 * The store's paper positions (issue #28; pure logic in src/positions/paper.ts, the file in src/positions/paperFile.ts
 * and src/watch/paper.ts): the book, keeping the quote form's answered preview as a paper trade, and settling the
 * positions whose market the data shows resolved. Markets are named by (venue, id): the venue is the source this
 * dashboard reads (its mode), so the one book serves every venue.
 */
import type { StoreApi } from 'zustand/vanilla';
import { formatTradeMoney, formatTradeShares } from '../positions/format.js';
import { EMPTY_PAPER, keepPaper, PAPER_MAX, settlePaper, type PaperBook } from '../positions/paper.js';
import { CURRENCY_OF } from '../positions/types.js';
import { formatPrice } from '../util/price.js';
import { G, inQuotes } from '../util/glyphs.js';
import type { SourceId } from '../sources/types.js';
import type { Store } from './store.js';
import type { AppState, Mode } from './types.js';
import { parseRefKey, refKey, type MarketRef } from '../venue/ref.js';

export { EMPTY_PAPER };

export type PaperKeep = { ok: true; text: string } | { ok: false; message: string };

export interface PaperActions {
  /** Put back the saved book (at start), or the book another dashboard wrote merged with this one's (at `at`). */
  restorePaper(book: PaperBook, at?: number): void;
  /** The quote form's answered preview kept as a paper trade (its shares, average price, fee and total). */
  keepPaper(marketId: string, at: number): PaperKeep;
  /** Stamp the paper positions whose market now reads resolved (done after every answer). */
  settlePaper(at: number): void;
}

/** The venue a dashboard in this mode reads. */
export const venueOfMode = (mode: Mode): SourceId =>
  mode === 'demo' || mode === 'anon' || mode === 'key' ? 'public' : mode;

type IdForm = Pick<AppState, 'rate'> & Partial<Pick<AppState, 'prefixed'>>;

/** A paper position's market as the store keys it: `venue:id` on a board of several venues, else the bare id. */
export const paperMarketId = (ref: MarketRef, st: IdForm): string => (st.prefixed ? refKey(ref) : ref.id);

/** The (venue, id) of a market the store names; undefined for an id of no venue. */
export function paperRefOf(marketId: string, st: IdForm): MarketRef | undefined {
  if (!st.prefixed) return { venue: venueOfMode(st.rate.mode), id: marketId };
  return parseRefKey(marketId);
}

/** The paper positions a store shows: every venue's on a joined board (or the narrowed one's), else this venue's. */
export function paperHere(
  st: IdForm & Pick<AppState, 'paper'> & Partial<Pick<AppState, 'venueFilter'>>,
): PaperBook['positions'] {
  if (st.prefixed) {
    const only = st.venueFilter;
    return only ? st.paper.positions.filter((p) => p.ref.venue === only) : st.paper.positions;
  }
  const venue = venueOfMode(st.rate.mode);
  return st.paper.positions.filter((p) => p.ref.venue === venue);
}

type Set = StoreApi<Store>['setState'];
type Get = StoreApi<Store>['getState'];

/** The oldest preview `p` keeps (decision): older, the price it shows may be gone; ⏎ asks again at once. */
export const PREVIEW_KEEP_MS = 60_000;

const ageText = (ms: number): string =>
  ms < 3_600_000 ? `${Math.floor(ms / 60_000)} min` : `${Math.floor(ms / 3_600_000)} h`;

export function paperActions(set: Set, get: Get): PaperActions {
  return {
    restorePaper(book, at = 0) {
      set({ paper: book });
      get().settlePaper(at);
    },

    keepPaper(marketId, at) {
      const s = get();
      const entry = s.quotes[marketId];
      const market = s.markets[marketId]?.market;
      const quote = entry?.result;
      const form = entry?.answeredForm;
      if (!market || !quote || !form || entry.status !== 'ok')
        return { ok: false, message: `No preview to keep: ask for a quote first (${G.ret}).` };
      // a preview from minutes ago is a price that may be gone: kept, it would book that price as a trade made now
      const age = entry.receivedAt === undefined ? 0 : at - entry.receivedAt;
      if (age > PREVIEW_KEEP_MS)
        return {
          ok: false,
          message: `This preview is ${ageText(age)} old: ${G.ret} for a fresh one, then p to keep it.`,
        };
      // a preview answered while the market traded, kept after the board saw it stop: no trade at that price exists
      // (a resolved one would settle at once, a 7¢ buy of the winner worth 100¢ a share)
      const halted = s.markets[marketId]?.tradeState ?? (market.status === 'active' ? undefined : market.status);
      if (halted && halted !== 'unknown')
        return { ok: false, message: `No trade to keep: the market is ${halted} now, no longer trading.` };
      const ref = paperRefOf(marketId, s);
      if (!ref) return { ok: false, message: 'No preview to keep: this market names no venue.' };
      const venue = ref.venue;
      // the outcome the person chose in the form (one of the market's), not the answer's echo of it
      const outcome = form.outcome || quote.outcome || '';
      const currency = CURRENCY_OF[venue];
      const r = keepPaper(s.paper, {
        ref,
        title: market.title,
        outcome,
        currency,
        quote: { ...quote, action: quote.action ?? form.action },
        at,
      });
      if ('problem' in r) return { ok: false, message: r.problem };
      set({ paper: r.book });
      // a sale may end a P&L alert on the position (src/store/positionAlerts.ts)
      get().checkAlerts(at);
      const t = r.position.trades[r.position.trades.length - 1]!;
      return {
        ok: true,
        text:
          `Kept as a paper trade: ${t.action} ${formatTradeShares(t.shares)} ${inQuotes(outcome)} ` +
          `at ${formatPrice(t.avgPrice)}, ` +
          `fee ${formatTradeMoney(t.fee, currency)}, ${t.action === 'buy' ? 'cost' : 'got'} ` +
          `${formatTradeMoney(t.total, currency)}${r.soldAll ? ` ${G.dash} all the paper shares held` : ''} ` +
          '(Positions view)' +
          (r.madeRoom
            ? `; ${PAPER_MAX} are kept at most: ${inQuotes(r.madeRoom.title)} (${r.madeRoom.outcome}), ` +
              'closed longest ago, left the book to make room'
            : ''),
      };
    },

    settlePaper(at) {
      const s = get();
      if (s.paper.positions.length === 0) return;
      const here = s.prefixed ? undefined : venueOfMode(s.rate.mode);
      const book = settlePaper(
        s.paper,
        (ref) => (here === undefined || ref.venue === here ? s.markets[paperMarketId(ref, s)]?.market : undefined),
        at,
      );
      if (book !== s.paper) set({ paper: book });
    },
  };
}
