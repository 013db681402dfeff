import { SOURCE_NAMES } from '../../sources/names.js';
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, fitWidth, formatChange, formatPrice, padStartWidth } from '../format.js';
import { largestOwn24h, moverOf, rankMovers, type Move, type MoveWindow, type Mover } from '../moves.js';
import { colors } from '../theme.js';
import { fitSegments, paneTitle, type Seg } from '../components/Line.js';
import {
  BADGE_COL_W,
  MARKER_W,
  PRICE_TITLE,
  fitColumns,
  marketHead,
  rangeText,
  type RowAge,
} from '../components/rowParts.js';
import { ListPane } from './ListPane.js';
import { onShownVenue, onVenueWords } from './state.js';
import type { ViewImpl, ViewListProps } from './types.js';
import { G, inQuotes } from '../glyphs.js';

/**
 * Markets seen (the narrowed venue's, after `v`), ranked by the size of their move over the chosen window (1 h or
 * 24 h), at least the threshold; with several venues shown, on our own history (no venue's 24 h figure).
 */
export const moversView: ViewImpl = {
  id: 'movers',
  title: 'Movers',
  short: 'Move',
  source: 'own',
  filters: false,
  rows: (st, env) => ({
    kind: 'markets',
    // several venues shown: ranked by the move we measured, the same measure for every venue (docs/views.md)
    ids: rankMovers(st, env.now, env.moversWindow, env.moversThreshold, (id) => onShownVenue(st, id), st.together).map(
      (m) => m.id,
    ),
  }),
  List: MoversList,
};

const W = { lead: 8, price: 7, move: 9 } as const;
const cents = (x: number) => `${(x * 100).toFixed(1)}${G.cent}`;
const other = (w: MoveWindow): MoveWindow => (w === '1h' ? '24h' : '1h');
const label = (w: MoveWindow) => (w === '1h' ? '1 h' : '24 h');

/**
 * A move as "▲2.1¢" (measured on our history) or "△2.1¢" (the service's own 24 h change: hollow, as the Markets list
 * draws it), with "~" when our history is shorter than the window; coloured by direction unless partial.
 */
export function moveSeg(mv: Move, width: number): Seg {
  const ch = formatChange(mv.value, mv.source === 'service' ? '24h' : 'seen');
  const text = padStartWidth(mv.partial && mv.value !== undefined ? `${ch.text}~` : ch.text, width - 1) + ' ';
  const color = ch.dir === 'up' ? colors.up : ch.dir === 'down' ? colors.down : undefined;
  return mv.partial || !color ? { text, dim: true } : { text, color };
}

/** The columns beside the title at this width: the ranked move first, then the price, the other move, the outcome. */
function columns(width: number, window: MoveWindow) {
  // the ranked move and the price stay down to 40 columns, the title cut (PRICE_TITLE)
  return fitColumns(width, MARKER_W + BADGE_COL_W, [
    [window, W.move, PRICE_TITLE],
    ['price', W.price, PRICE_TITLE],
    [other(window), W.move],
    ['lead', W.lead],
  ] as const);
}

/** The title line: name, count and threshold on the left, the labels of the columns above them on the right. */
export function moversTitle(
  p: Pick<ViewListProps, 'focused' | 'width' | 'env'>,
  count: number,
  range: string,
  ours = false,
): Seg[] {
  const { moversWindow: window } = p.env;
  const cols = columns(p.width, window);
  const labels: Seg[] = [];
  // no row, no column to head: the room goes to the title (at 60 columns it was cut at "we s…" for them)
  if (count === 0) return fitSegments(titleSegs(p, count, range, ours), p.width);
  if (cols.keep.has('lead')) labels.push({ text: ' '.repeat(W.lead) });
  if (cols.keep.has('price')) labels.push({ text: padStartWidth('now', W.price - 1) + ' ', dim: true });
  for (const w of ['1h', '24h'] as const)
    if (cols.keep.has(w))
      labels.push({
        text: padStartWidth(label(w), W.move - 1) + ' ',
        ...(w === window ? { bold: true } : { dim: true }),
      });
  const labelsW = labels.reduce((n, x) => n + displayWidth(x.text), 0);
  const left = fitSegments(titleSegs(p, count, range, ours), Math.max(0, p.width - labelsW));
  const pad = Math.max(0, p.width - labelsW - left.reduce((n, x) => n + displayWidth(x.text), 0));
  return [...left, { text: ' '.repeat(pad) }, ...labels];
}

/** Name, count and threshold (the title's left part). */
function titleSegs(p: Pick<ViewListProps, 'focused' | 'env'>, count: number, range: string, ours: boolean): Seg[] {
  const { moversWindow: window, moversThreshold: threshold } = p.env;
  return [
    paneTitle('Movers', p.focused),
    { text: count > 0 ? range : ' 0', dim: true },
    { text: ` ${G.dot} ${G.ge} ${cents(threshold)} over ${label(window)}`, bold: true },
    // several venues shown: ranked on our own history, not on the venues' own 24 h figures Markets shows
    ...(ours ? [{ text: ' we saw' }] : []),
    { text: ` ${G.dot} s: by ${label(other(window))}`, dim: true, priority: -1 },
    { text: ` ${G.dot} ~ less history than that`, dim: true, priority: -2 },
  ];
}

export function moverSegs(
  entry: MarketEntry,
  mv: Mover,
  window: MoveWindow,
  selected: boolean,
  width: number,
  watched: boolean,
  age: RowAge,
): Seg[] {
  const cols = columns(width, window);
  const segs = marketHead(entry, selected, cols.title, watched, age);
  if (cols.keep.has('lead'))
    segs.push({ text: fitWidth(sanitize(mv.outcome) || G.dash, W.lead - 1, true) + ' ', dim: true });
  if (cols.keep.has('price')) segs.push({ text: padStartWidth(formatPrice(mv.price), W.price - 1) + ' ' });
  for (const w of ['1h', '24h'] as const) if (cols.keep.has(w)) segs.push(moveSeg(w === '1h' ? mv.h1 : mv.h24, W.move));
  return segs;
}

/**
 * On a board, what the Markets list's `△` is and why Movers does not rank it, with the largest such figure (the venue's
 * own 24 h change): the two lists then never seem to contradict each other.
 */
function ownBeside(p: ViewListProps): string {
  const top = largestOwn24h({ markets: p.markets }, (id) => onShownVenue(p.state, id));
  if (!top) return '';
  const venue = p.state.venues?.find((v) => top.id.startsWith(`${v.id}:`))?.id;
  const title = fitWidth(sanitize(p.markets[top.id]?.market.title ?? top.id), 40);
  return (
    ` Markets' ${G.ownUp} is each venue's own 24 h change, not ranked here (one measure for every venue): ` +
    'the largest, ' +
    `${formatChange(top.value, '24h').text}, ${inQuotes(title)}` +
    `${venue ? ` on ${SOURCE_NAMES[venue]}` : ''}.`
  );
}

function MoversList(p: ViewListProps) {
  const { moversWindow: window, moversThreshold: threshold, now } = p.env;
  const ids = p.rows.ids;
  // the markets seen (the narrowed venue's), counted only for the empty line
  const seen = () => Object.keys(p.markets).filter((id) => onShownVenue(p.state, id)).length;
  const moved = `moved ${cents(threshold)} or more over ${label(window)}`;
  const ours = p.state.together;
  const empty = () =>
    ours
      ? `No market has ${moved} in the prices oddsboard recorded since it started (${seen()} seen).${ownBeside(p)}`
      : `No market has ${moved} (${seen()} seen${onVenueWords(p.state)}).`;
  return (
    <ListPane
      view={p}
      title={(shown) => moversTitle(p, ids.length, rangeText(ids.length, p.top, shown), ours)}
      empty={ids.length ? '' : empty()}
      row={(id, selected) => {
        const entry = p.markets[id];
        const mv = entry && moverOf(entry, p.state.history[id], now, p.state.together);
        const watched = p.state.watchById[id] !== undefined;
        const age = { now, intervalMs: p.intervalMs };
        return entry && mv && moverSegs(entry, mv, window, selected, p.width, watched, age);
      }}
    />
  );
}
