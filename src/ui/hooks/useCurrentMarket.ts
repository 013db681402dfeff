import { useStore } from 'zustand';
import type { StoreView } from '../../store/store.js';
import { useShallow } from 'zustand/react/shallow';
import { CURRENCY_OF } from '../../positions/types.js';
import { paperRefOf, venueOfMode } from '../../store/paperSlice.js';
import { seriesKey } from '../../store/traderSlice.js';
import type { MarketEntry } from '../../store/types.js';

/**
 * What the side shows of the current market: only its history, quote, book, series, event title and its venue's money
 * (the quote form's currency), so an answer about another market does not redraw the side.
 */
export function useCurrentMarket(
  api: StoreView,
  marketId: string | undefined,
  markets: Readonly<Record<string, MarketEntry>>,
) {
  return useStore(
    api,
    useShallow((st) => {
      const current = marketId ? (st.markets[marketId] ?? markets[marketId])?.market : undefined;
      const eventId = current?.eventId;
      return {
        history: marketId ? st.history[marketId] : undefined,
        quote: marketId ? st.quotes[marketId] : undefined,
        // the trader's view: the market's book and its history in the range `h` shows (a platform's own)
        book: marketId ? st.books[marketId]?.book : undefined,
        bookError: marketId ? st.bookErrors[marketId] : undefined,
        series: marketId ? st.series[seriesKey(marketId, st.historyRange)] : undefined,
        showBook: st.caps.book === true,
        // the event as loaded, else the title the market names inline (Polymarket's events[0])
        eventTitle: (eventId ? st.events.byId[eventId]?.title : undefined) ?? current?.eventTitle,
        currency: CURRENCY_OF[(marketId ? paperRefOf(marketId, st)?.venue : undefined) ?? venueOfMode(st.rate.mode)],
      };
    }),
  );
}
