import type { MarketEvent } from '../../api/types.js';
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth, formatVolume, padStartWidth } from '../format.js';
import { paneTitle, type Seg } from '../components/Line.js';
import { marketListProps } from './state.js';
import { MarketList } from '../components/MarketList.js';
import { MARKER_W, fitColumns, markerSeg, rangeText } from '../components/rowParts.js';
import { rowMark } from '../components/venueMark.js';
import { ListPane } from './ListPane.js';
import { sourceName } from '../../sources/names.js';
import type { ViewImpl, ViewListProps, ViewState } from './types.js';
import { G } from '../glyphs.js';

/** The open event, if any. */
export function openEvent(st: Pick<ViewState, 'events'>): MarketEvent | undefined {
  const id = st.events.openId;
  return id === undefined ? undefined : st.events.byId[id];
}

/** Total volume of an event's nested markets (undefined when none says). */
export function eventVolume(e: MarketEvent): number | undefined {
  const vs = e.markets.map((m) => m.volume).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return vs.length ? vs.reduce((a, b) => a + b, 0) : undefined;
}

/**
 * When the copy of an event held arrived (EventsState.receivedAt: its own detail's answer or the list's, whichever
 * brought it); not known, its own detail's answer, else the list's that brought it (its venue's).
 */
export function eventDataAt(st: Pick<ViewState, 'events'>, id: string): number | undefined {
  return st.events.receivedAt?.[id] ?? st.events.detailAt[id] ?? st.events.listedAt?.[id] ?? st.events.loadedAt;
}

const transient = new WeakMap<MarketEvent, Record<string, MarketEntry>>();

/**
 * The cache, plus the open event's nested markets that are not cached yet (their copy in the event, as old as the
 * answer that brought it), so its rows and the detail pane have something to draw until the event's own detail lands.
 */
export function eventEntries(st: Pick<ViewState, 'events' | 'markets'>): Readonly<Record<string, MarketEntry>> {
  const e = openEvent(st);
  if (!e || e.markets.every((m) => st.markets[m.id])) return st.markets;
  let copies = transient.get(e);
  if (!copies) {
    const at = eventDataAt(st, e.id) ?? 0;
    copies = Object.fromEntries(
      e.markets.map((m) => [m.id, { market: m, receivedAt: at, firstSeenAt: at, firstPrices: {} }]),
    );
    transient.set(e, copies);
  }
  return { ...copies, ...st.markets };
}

/** The events list; once one is opened (⏎), its nested markets, fetched by id and refreshed while it is open. */
export const eventsView: ViewImpl = {
  id: 'events',
  title: 'Events',
  short: 'Events',
  source: 'events',
  filters: false,
  rows: (st) => {
    const id = st.events.openId;
    if (id === undefined) return { kind: 'events', ids: st.events.ids };
    return { kind: 'markets', ids: (st.events.byId[id]?.markets ?? []).map((m) => m.id) };
  },
  entries: eventEntries,
  List: EventsList,
};

const W = { category: 14, count: 9, volume: 8 } as const;

/** One event row: marker, title, category, how many markets, their volume. */
export function eventSegs(e: MarketEvent, selected: boolean, width: number): Seg[] {
  const cols = fitColumns(width, MARKER_W + W.count, [
    ['category', W.category],
    ['volume', W.volume],
  ] as const);
  const n = e.markets.length;
  const mark = rowMark(e.id);
  const segs: Seg[] = [
    markerSeg(selected),
    ...mark,
    {
      text: fitWidth(sanitize(e.title) || '(untitled)', Math.max(1, cols.title - 1 - 2 * mark.length), true) + ' ',
      bold: selected,
    },
  ];
  if (cols.keep.has('category'))
    segs.push({ text: fitWidth(sanitize(e.category) || G.dash, W.category - 1, true) + ' ', dim: true });
  segs.push({ text: padStartWidth(`${n} mkt${n === 1 ? '' : 's'}`, W.count - 1) + ' ' });
  if (cols.keep.has('volume'))
    segs.push({ text: padStartWidth(formatVolume(eventVolume(e)), W.volume - 1) + ' ', dim: true });
  return segs;
}

function EventsList(p: ViewListProps) {
  const open = openEvent(p.state);
  return p.state.events.openId !== undefined ? <OpenEvent {...p} event={open} /> : <EventRows {...p} />;
}

function EventRows(p: ViewListProps) {
  const ev = p.state.events;
  const ids = p.rows.ids;
  const loaded = ev.loadedAt !== undefined;
  return (
    <ListPane
      view={p}
      title={(shown) => [
        paneTitle('Events', p.focused),
        { text: rangeText(ids.length, p.top, shown), dim: true },
        { text: ids.length ? ` ${G.dot} ${G.ret} opens one` : '', dim: true, priority: -1 },
        { text: loaded || !p.state.caps.events ? '' : ` ${G.dot} loading${G.ell}`, color: 'yellow' },
      ]}
      empty={
        !p.state.caps.events
          ? `${sourceName(p.state.mode)} has no events: its markets stand alone (see Markets).`
          : loaded
            ? 'The service lists no events.'
            : `Asking for the events${G.ell}`
      }
      row={(id, selected) => {
        const e = ev.byId[id];
        return e && eventSegs(e, selected, p.width);
      }}
    />
  );
}

function OpenEvent(p: ViewListProps & { event: MarketEvent | undefined }) {
  const e = p.event;
  const ids = p.rows.ids;
  const loading = e === undefined || p.state.events.detailAt[e.id] === undefined;
  return (
    <MarketList
      {...marketListProps(p)}
      ids={ids}
      title={(shown) => [
        paneTitle('Event', p.focused),
        { text: ` ${e ? sanitize(e.title) || '(untitled)' : G.ell}`, bold: true },
        { text: ` ${G.dot}${rangeText(ids.length, p.top, shown)} market${ids.length === 1 ? '' : 's'}`, dim: true },
        { text: loading ? ` ${G.dot} loading${G.ell}` : '', color: 'yellow' },
        { text: ` ${G.dot} Esc: all events`, dim: true, priority: -1 },
        { text: e?.category ? ` ${G.dot} ${sanitize(e.category)}` : '', dim: true, priority: -2 },
      ]}
      {...(loading ? { loading: `Loading the event${G.ell}` } : {})}
      empty="This event lists no markets."
    />
  );
}
