import { CLOSING_HORIZON_MS } from '../../sources/caps.js';
import { leadingOutcome } from '../../store/outcomes.js';
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth, formatClock, formatClosesIn, formatPrice, padStartWidth } from '../format.js';
import { colors } from '../theme.js';
import { effectiveStatus } from '../viewModel.js';
import { paneTitle, type Seg } from '../components/Line.js';
import { BADGE_COL_W, MARKER_W, PRICE_TITLE, fitColumns, marketHead, rangeText } from '../components/rowParts.js';
import { ListPane } from './ListPane.js';
import { onShownVenue, onVenueWords } from './state.js';
import type { ViewImpl, ViewListProps, ViewState } from './types.js';
import { G } from '../glyphs.js';

/** Closing soon lists what closes within this long (24 h: the close window Kalshi's closing list asks for too)… */
export const CLOSING_WINDOW_MS = CLOSING_HORIZON_MS;
/** …and keeps a market this long after it closed (marked), until the next answer leaves it out. */
export const CLOSED_GRACE_MS = 5 * 60_000;
/** Under this the countdown is drawn in the warning colour. */
const URGENT_MS = 10 * 60_000;

/**
 * The markets closing within 24 h, soonest first: the closing-soon answer (active markets, sort=closing) and any
 * other market seen that closes in that time; one that closed a moment ago stays a few minutes, marked. On a board
 * narrowed to one venue (`v`), that venue's only: the cache holds every venue's markets (the joined `closing` is the
 * shown venues' answers already), and a market seen on another venue is not this venue's closing soon.
 */
export function closingRows(st: Pick<ViewState, 'closing' | 'markets' | 'venueFilter'>, now: number): string[] {
  const rows: { id: string; at: number }[] = [];
  for (const id of new Set([...st.closing.ids, ...Object.keys(st.markets)])) {
    if (!onShownVenue(st, id)) continue;
    const e = st.markets[id];
    const at = e?.market.closesAt;
    if (!e || at === undefined || at > now + CLOSING_WINDOW_MS || at <= now - CLOSED_GRACE_MS) continue;
    const status = effectiveStatus(e);
    if (status === 'resolved' || (at > now && status !== 'active' && status !== 'unknown')) continue;
    rows.push({ id, at });
  }
  return rows.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => r.id);
}

export const closingView: ViewImpl = {
  id: 'closing',
  title: 'Closing soon',
  short: 'Closing',
  source: 'closing',
  filters: false,
  rows: (st, env) => ({ kind: 'markets', ids: closingRows(st, env.now) }),
  List: ClosingList,
};

const W = { lead: 8, price: 7, countdown: 12, clock: 6 } as const;

/**
 * Marker, badge, title, leading outcome and price, the live countdown ("in 5h 12m", "3m ago") and the local closing
 * time. Given the list's refresh period, a stale row's badge reads STALE (rowParts' marketHead).
 */
export function closingSegs(
  entry: MarketEntry,
  selected: boolean,
  now: number,
  width: number,
  watched: boolean,
  intervalMs: number,
): Seg[] {
  const m = entry.market;
  // the price stays down to 40 columns, its title cut (PRICE_TITLE)
  const cols = fitColumns(width, MARKER_W + BADGE_COL_W + W.countdown, [
    ['price', W.price, PRICE_TITLE],
    ['clock', W.clock],
    ['lead', W.lead],
  ] as const);
  const lead = leadingOutcome(m);
  const segs = marketHead(entry, selected, cols.title, watched, { now, intervalMs });
  if (cols.keep.has('lead'))
    segs.push({ text: fitWidth(lead ? sanitize(lead.name) : G.dash, W.lead - 1, true) + ' ', dim: true });
  if (cols.keep.has('price')) segs.push({ text: padStartWidth(formatPrice(lead?.price), W.price - 1) + ' ' });
  const left = (m.closesAt ?? now) - now;
  const countdown = padStartWidth(formatClosesIn(m.closesAt, now), W.countdown - 1) + ' ';
  segs.push(
    left <= 0
      ? { text: countdown, dim: true }
      : left < URGENT_MS
        ? { text: countdown, color: colors.warn, bold: true }
        : { text: countdown },
  );
  if (cols.keep.has('clock'))
    segs.push({
      text: padStartWidth(m.closesAt === undefined ? G.dash : formatClock(m.closesAt).slice(0, 5), W.clock),
      dim: true,
    });
  return segs;
}

function ClosingList(p: ViewListProps) {
  const ids = p.rows.ids;
  const loaded = p.state.closing.loadedAt !== undefined;
  return (
    <ListPane
      view={p}
      title={(shown) => [
        paneTitle('Closing soon', p.focused),
        { text: rangeText(ids.length, p.top, shown), dim: true },
        { text: ` ${G.dot} within 24 h, soonest first`, dim: true, priority: -1 },
        { text: loaded ? '' : ` ${G.dot} loading${G.ell}`, color: 'yellow' },
      ]}
      empty={
        loaded
          ? `Nothing${onVenueWords(p.state)} closes in the next 24 hours.`
          : `Asking which markets close first${G.ell}`
      }
      row={(id, selected) => {
        const entry = p.markets[id];
        const watched = p.state.watchById[id] !== undefined;
        return entry && closingSegs(entry, selected, p.env.now, p.width, watched, p.intervalMs);
      }}
    />
  );
}
