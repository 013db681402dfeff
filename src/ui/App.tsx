import { Box, useApp, useWindowSize } from 'ink';
import { useCallback, type JSX } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { OddsStore } from '../store/store.js';
import type { SyncIntents } from '../sync/types.js';
import { systemClock, type Clock } from '../util/clock.js';
import { Banner, bannerLines } from './components/Banner.js';
import { Body } from './components/Body.js';
import { ChangesPane, ChangesTicker } from './components/Changes.js';
import { DetailPane, detailWantedLines } from './components/DetailPane.js';
import { Footer, type KeyContext } from './components/Footer.js';
import { Header } from './components/Header.js';
import { HelpOverlay, helpMetrics } from './components/HelpOverlay.js';
import { MarketList } from './components/MarketList.js';
import { Notices, noticeLine } from './components/Notices.js';
import { QuoteFormPane } from './components/QuoteForm.js';
import { SearchBar } from './components/SearchBar.js';
import { currentMarketId, cursorIndex, listRefreshIntervalMs, shownDataAt } from './viewModel.js';
import { useKeys } from './hooks/useKeys.js';
import { useNow } from './hooks/useNow.js';
import { usePacedStore } from './hooks/usePacedStore.js';
import { useUiState } from './hooks/useUiState.js';
import { computeLayout } from './layout.js';
import { keepVisible } from './uiState.js';

export interface AppProps {
  store: OddsStore;
  sync: SyncIntents;
  /** Display clock (countdowns, ages); default systemClock. */
  clock?: Clock;
  /** The masked key ('…abcd') or ''. */
  keyHint?: string;
  demo?: boolean;
  onQuit?: () => void;
  /**
   * Pace frames (the dashboard does): while nobody types, store changes wait
   * for the next clock tick, so answers and the clock share one frame a second.
   */
  paced?: boolean;
}

export function App({ store, sync, clock = systemClock, keyHint = '', demo = false, onQuit, paced = false }: AppProps): JSX.Element {
  const { exit } = useApp();
  const { columns, rows } = useWindowSize();
  const [ui, dispatch, readUi] = useUiState();
  const pacedStore = usePacedStore(store, clock, paced);
  const now = useNow(clock, 1000, true, pacedStore.refresh);
  // Only what is drawn: the current market's history, quote and event title, so an answer about
  // another market (its history, a stale quote, the events list) does not re-render the screen.
  const s = useStore(
    pacedStore.api,
    useShallow((st) => {
      const marketId = currentMarketId(st);
      const eventId = marketId ? st.markets[marketId]?.market.eventId : undefined;
      return {
        list: st.list,
        markets: st.markets,
        selectedId: st.selectedId,
        marketId,
        history: marketId ? st.history[marketId] : undefined,
        quote: marketId ? st.quotes[marketId] : undefined,
        eventTitle: eventId ? st.events.byId[eventId]?.title : undefined,
        connection: st.connection,
        rate: st.rate,
        notices: st.notices,
        transitions: st.transitions,
      };
    }),
  );

  const quit = useCallback(() => {
    onQuit?.();
    exit();
  }, [exit, onQuit]);

  const banner = bannerLines({ connection: s.connection, rate: s.rate, keyHint, now });
  const notice = noticeLine(s.notices, ui.flash, now);
  const chrome = 2 + banner.length + (notice ? 1 : 0) + (ui.search ? 1 : 0);
  const marketId = s.marketId;
  const entry = marketId ? s.markets[marketId] : undefined;
  const eventTitle = s.eventTitle;
  const detailLines = detailWantedLines({ entry, history: undefined, eventTitle, now, width: 0, focused: false });
  const layout = computeLayout(columns, rows, chrome, ui.focus, { detailLines, changes: s.transitions.length });
  const help = helpMetrics(layout.columns, layout.bodyHeight);
  useKeys({ readUi, dispatch, store, sync, clock, listRows: layout.listRows, helpLines: help.lines, helpRows: help.rows, quit }, pacedStore.touch);

  const ids = s.list.ids;
  const cursor = cursorIndex(ids, s.selectedId);
  const top = keepVisible(ui.listTop, Math.max(0, cursor), layout.listRows, ids.length);
  const context: KeyContext = ui.helpOpen ? 'help' : ui.search ? 'search' : ui.focus === 'quote' ? 'quote' : 'browse';

  // Boxes clip rows only (overflowY): every Line is already cut to its width, and a horizontal clip
  // makes Ink measure and re-tokenize every line under it on every frame (string-width, ansi-tokenize).
  return (
    <Box flexDirection="column" width={layout.columns} height={layout.rows} overflowY="hidden">
      <Header
        mode={s.rate.mode}
        demo={demo}
        keyHint={keyHint}
        rate={s.rate}
        connection={s.connection}
        newestAt={shownDataAt(s)}
        now={now}
        width={layout.columns}
      />
      <Banner lines={banner} width={layout.columns} />
      <Notices line={notice} width={layout.columns} />
      {ui.search ? <SearchBar state={ui.search} width={layout.columns} /> : null}
      {ui.helpOpen ? (
        <HelpOverlay width={layout.columns} height={layout.bodyHeight} top={ui.helpTop} />
      ) : (
        <Body
          layout={layout}
          list={
            <MarketList
              ids={ids}
              markets={s.markets}
              cursor={cursor}
              top={top}
              rows={layout.listRows}
              width={layout.listWidth}
              height={layout.listHeight}
              focused={ui.focus === 'list'}
              loading={s.list.loading}
              loaded={s.list.loadedAt !== undefined}
              query={s.list.query}
              now={now}
              intervalMs={listRefreshIntervalMs(s.rate, s.list.loadedAt)}
              clock={clock}
            />
          }
          detail={
            <DetailPane
              entry={entry}
              history={s.history}
              eventTitle={eventTitle}
              now={now}
              width={layout.sideWidth}
              height={layout.detailHeight}
              focused={ui.focus === 'detail'}
            />
          }
          quote={
            <QuoteFormPane
              market={entry?.market}
              entry={s.quote}
              tradeState={entry?.tradeState}
              focused={ui.focus === 'quote'}
              detailFocused={ui.focus === 'detail'}
              field={ui.field}
              amountCursor={ui.amountCursor}
              width={layout.sideWidth}
              height={layout.quoteHeight}
              collapsed={layout.quoteCollapsed}
            />
          }
          changes={<ChangesPane transitions={s.transitions} now={now} width={layout.sideWidth} height={layout.changesHeight} />}
          ticker={<ChangesTicker transitions={s.transitions} now={now} width={layout.columns} />}
        />
      )}
      <Footer context={context} width={layout.columns} />
    </Box>
  );
}
