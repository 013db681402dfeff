import { Box, useApp, useWindowSize } from 'ink';
import { twinsOf } from '../venues/across/twins.js';
import { budgetWait, quoteBudgetWait } from './budgetWait.js';
import { useCallback, useMemo, type JSX } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { StoreView } from '../store/store.js';
import type { SyncIntents } from '../sync/types.js';
import { systemClock, type Clock } from '../util/clock.js';
import { Banner, boardBanner } from './components/Banner.js';
import { Body } from './components/Body.js';
import { ChangesPane, ChangesTicker } from './components/Changes.js';
import { DetailPane, detailWantedLines } from './components/DetailPane.js';
import { EventPane } from './components/EventPane.js';
import { Footer } from './components/Footer.js';
import { Header } from './components/Header.js';
import { HelpOverlay, helpMetrics } from './components/HelpOverlay.js';
import { Notices, noticeLine, noticeLines, shownFlash } from './components/Notices.js';
import { QuoteFormPane } from './components/QuoteForm.js';
import { SearchBar } from './components/SearchBar.js';
import { CopyAddress, copyLineCount, GoToBar } from './components/GoToBar.js';
import { useGoToArrived } from './hooks/useGoToArrived.js';
import { useViewShown } from './hooks/useViewShown.js';
import { shownPages } from './pages.js';
import type { OpenResult } from '../links/open.js';
import { TabRow } from './components/TabRow.js';
import { TooSmall, tooSmall } from './components/TooSmall.js';
import { AlertForm, alertFormLines } from './components/AlertForm.js';
import { AlertLog } from './components/AlertLog.js';
import { listRefreshIntervalMs, shownDataAt } from './viewModel.js';
import { useKeys } from './hooks/useKeys.js';
import { keyContext, viewById } from './key/dispatch.js';
import { useNow } from './hooks/useNow.js';
import { usePacedStore } from './hooks/usePacedStore.js';
import { useUiState } from './hooks/useUiState.js';
import { computeLayout } from './layout.js';
import { DEFAULT_MOVERS_THRESHOLD } from './moves.js';
import { keepVisible } from './uiState.js';
import { VIEWS } from './views/index.js';
import { eventDataAt } from './views/events.js';
import { useCurrentMarket } from './hooks/useCurrentMarket.js';
import { chromeState, currentMarketIn, rowCursor, viewEntries, viewState } from './views/state.js';

export interface AppProps {
  /** Read only: the UI changes data through `sync`'s intents. */
  store: StoreView;
  sync: SyncIntents;
  /** Display clock (countdowns, ages); default systemClock. */
  clock?: Clock;
  /** The masked key ('…abcd') or ''. */
  keyHint?: string;
  demo?: boolean;
  /** Movers lists moves of at least this much (0..1 points; default 2¢). */
  moversThreshold?: number;
  onQuit?: () => void;
  /** Ctrl-Z: the dashboard passes src/cli/suspend.ts's suspendSelf. */
  onSuspend?: () => void;
  /** `o`: opens a platform page in the browser (the dashboard passes src/links/open.ts); absent: shown to copy. */
  openPage?: (address: string, failed?: (reason: string) => void) => OpenResult;
  /** The config file the dashboard read at its start (`x` on one of its alerts names it). */
  configPath?: string;
  /**
   * Pace frames (the dashboard does): while nobody types, store changes wait
   * for the next clock tick, so answers and the clock share one frame a second.
   */
  paced?: boolean;
}

/** Fixed lines around the body: the header, the tab row and the footer. */
const CHROME_LINES = 3;
/** The body's rows a long notice leaves (the list's header and two rows). */
const MIN_BODY_ROWS = 3;

export function App({
  store,
  sync,
  clock = systemClock,
  keyHint = '',
  demo = false,
  moversThreshold = DEFAULT_MOVERS_THRESHOLD,
  onQuit,
  onSuspend,
  openPage,
  configPath,
  paced = false,
}: AppProps): JSX.Element {
  const { exit } = useApp();
  const { columns, rows } = useWindowSize();
  const [ui, dispatch, readUi] = useUiState();
  const pacedStore = usePacedStore(store, clock, paced);
  const now = useNow(clock, 1000, true, pacedStore.refresh);
  const view = viewById(ui.view);
  // What the views read (each the store's own object: an unrelated answer leaves them alone) and the chrome.
  const vs = useStore(pacedStore.api, useShallow(viewState));
  const s = useStore(pacedStore.api, useShallow(chromeState));
  const wait = budgetWait(s, now);
  const env = useMemo(
    () => ({ now, moversThreshold, moversWindow: ui.moversWindow, budgetWait: wait, unwatched: ui.unwatched }),
    [now, moversThreshold, ui.moversWindow, wait, ui.unwatched],
  );
  const listed = useMemo(() => view.rows(vs, env), [view, vs, env]);
  const markets = useMemo(() => viewEntries(view, vs), [view, vs]);
  const marketId = currentMarketIn(view, listed, vs, markets);
  const cur = useCurrentMarket(pacedStore.api, marketId, markets);

  const quit = useCallback(() => {
    onQuit?.();
    exit();
  }, [exit, onQuit]);

  const cursor = rowCursor(listed, vs.selectedId, ui);
  const event = listed.kind === 'events' ? vs.events.byId[listed.ids[Math.max(0, cursor)] ?? ''] : undefined;
  const banner = boardBanner(s, shownDataAt({ list: vs.list, connection: s.connection }), keyHint, now, rows);
  const others =
    CHROME_LINES +
    banner.length +
    (ui.search || ui.goTo ? 1 : 0) +
    alertFormLines(ui.alertForm, columns) +
    copyLineCount(ui.copy, columns);
  // a notice takes the lines its words need, leaving the body a few rows (src/ui/components/Notices.tsx)
  const flash = shownFlash(ui.flash, vs.across);
  const notice = noticeLines(noticeLine(s.notices, flash, now), columns, rows - others - MIN_BODY_ROWS);
  const chrome = others + notice.length;
  const entry = marketId ? markets[marketId] : undefined;
  const { market: page, event: eventPageAt } = shownPages(s.rate.mode, entry, vs.events.byId, event);
  const detailLines = event
    ? (eventPageAt ? 4 : 3) + event.markets.length
    : detailWantedLines({
        entry,
        // a position's market not on the board: its heading's lines (two in a narrow pane), not "no market selected"'s
        ...(marketId && !entry ? { offBoard: true } : {}),
        history: undefined,
        eventTitle: cur.eventTitle,
        ...(page ? { page } : {}),
        now,
        width: 0,
        focused: false,
        book: cur.book,
        series: cur.series,
        showBook: cur.showBook,
      });
  const layout = computeLayout(columns, rows, chrome, ui.focus, {
    detailLines,
    changes: s.transitions.length + s.outages.length,
    ...(listed.ids.length > 0 ? { listLines: 1 + listed.ids.length } : {}),
  });
  const help = helpMetrics(layout.columns, layout.bodyHeight);
  const keyDeps = {
    readUi,
    dispatch,
    store,
    sync,
    clock,
    listRows: layout.listRows,
    helpLines: help.lines,
    helpRows: help.rows,
    moversThreshold,
    quit,
    ...(onSuspend ? { suspend: onSuspend } : {}),
    ...(openPage ? { openPage } : {}),
    ...(configPath ? { configPath } : {}),
  };
  useKeys(keyDeps, pacedStore.touch);
  useGoToArrived(store, keyDeps);
  useViewShown(keyDeps);

  const top = keepVisible(ui.listTop, Math.max(0, cursor), layout.listRows, listed.ids.length);
  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;

  return (
    // Boxes clip rows only (overflowY): every Line is already cut to its width, and a horizontal clip
    // makes Ink measure and re-tokenize every line under it on every frame (string-width, ansi-tokenize).
    <Box flexDirection="column" width={layout.columns} height={layout.rows} overflowY="hidden">
      <Header
        mode={s.rate.mode}
        demo={demo}
        keyHint={keyHint}
        rate={s.rate}
        connection={s.connection}
        newestAt={shownDataAt({ list: vs.list, connection: s.connection })}
        now={now}
        width={layout.columns}
        venues={s.venues}
        venueFilter={s.venueFilter}
      />
      <TabRow active={VIEWS.indexOf(view)} width={layout.columns} />
      <Banner lines={banner} width={layout.columns} />
      <Notices lines={notice} width={layout.columns} />
      {ui.search ? <SearchBar state={ui.search} width={layout.columns} /> : null}
      {ui.goTo ? <GoToBar state={ui.goTo} width={layout.columns} /> : null}
      {ui.copy !== undefined ? <CopyAddress address={ui.copy} width={layout.columns} /> : null}
      {ui.alertForm ? (
        <AlertForm
          form={ui.alertForm}
          // the market's current title; the one saved with the watchlist while it is not loaded
          title={markets[ui.alertForm.marketId]?.market.title ?? s.watch.byId[ui.alertForm.marketId]?.title}
          width={layout.columns}
          several={vs.prefixed === true}
        />
      ) : null}
      {ui.helpOpen ? (
        <HelpOverlay width={layout.columns} height={layout.bodyHeight} top={ui.helpTop} />
      ) : ui.alertLog ? (
        <AlertLog
          alerts={s.alerts}
          titleOf={(id) => vs.markets[id]?.market.title ?? s.watch.byId[id]?.title}
          entryOf={(id) => vs.markets[id]}
          watchedStatus={(id) => s.watch.byId[id]?.status}
          cursor={ui.alertLog.cursor}
          {...(ui.alertLog.logTop !== undefined ? { logTop: ui.alertLog.logTop } : {})}
          now={now}
          width={layout.columns}
          height={layout.bodyHeight}
        />
      ) : (
        <Body
          layout={layout}
          list={
            <view.List
              state={vs}
              rows={listed}
              env={env}
              markets={markets}
              cursor={cursor}
              top={top}
              visible={layout.listRows}
              width={layout.listWidth}
              height={layout.listHeight}
              focused={ui.focus === 'list' && !ui.alertForm}
              intervalMs={listRefreshIntervalMs(s.rate)}
              clock={clock}
            />
          }
          detail={
            listed.kind === 'events' ? (
              <EventPane
                event={event}
                markets={vs.markets}
                receivedAt={event ? eventDataAt(vs, event.id) : undefined}
                {...(event && vs.events.sentAt?.[event.id] !== undefined ? { sentAt: vs.events.sentAt[event.id] } : {})}
                {...(eventPageAt ? { page: eventPageAt } : {})}
                now={now}
                width={layout.sideWidth}
                height={layout.detailHeight}
                focused={ui.focus === 'detail'}
              />
            ) : (
              <DetailPane
                entry={entry}
                {...(marketId && !entry ? { offBoard: true } : {})}
                history={cur.history}
                series={cur.series}
                book={cur.book}
                bookError={cur.bookError}
                showBook={cur.showBook}
                eventTitle={cur.eventTitle}
                {...(page ? { page } : {})}
                {...(entry && twinsOf(vs.across, vs.markets)[entry.market.id]
                  ? { twin: twinsOf(vs.across, vs.markets)[entry.market.id] }
                  : {})}
                now={now}
                width={layout.sideWidth}
                height={layout.detailHeight}
                focused={ui.focus === 'detail'}
              />
            )
          }
          quote={
            <QuoteFormPane
              market={entry?.market}
              entry={cur.quote}
              currency={cur.currency}
              tradeState={entry?.tradeState}
              focused={ui.focus === 'quote'}
              detailFocused={ui.focus === 'detail'}
              field={ui.field}
              amountCursor={ui.amountCursor}
              width={layout.sideWidth}
              height={layout.quoteHeight}
              collapsed={layout.quoteCollapsed}
              budgetWait={quoteBudgetWait(s, entry?.market.id, now)}
            />
          }
          changes={
            <ChangesPane
              transitions={s.transitions}
              outages={s.outages}
              now={now}
              width={layout.sideWidth}
              height={layout.changesHeight}
            />
          }
          ticker={<ChangesTicker transitions={s.transitions} outages={s.outages} now={now} width={layout.columns} />}
        />
      )}
      <Footer context={keyContext(ui)} width={layout.columns} />
    </Box>
  );
}
