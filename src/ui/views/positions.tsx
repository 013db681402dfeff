/**
 * The Positions view (issue #28): the person's real positions on every configured venue, as each venue's sync last read
 * them (src/sync/positions.ts), and the paper positions kept from previews (`p` in the quote form) — each row marked
 * real or paper, one row per market (a line per position in it): outcome, shares, average price, current price, value,
 * P&L in money and percent, in the venue's currency. Prices are the ones the dashboard already refreshes where the
 * board has the market (else the venue reader's own); a closed market awaiting settlement says so, a resolved one what
 * it paid. The title line carries the totals per venue, each in its currency (never added across currencies), and says
 * when a venue's reading failed (a refused signature, a 404) — never the venue's connection state; with no rows the
 * empty line says it instead (once). Rows: positionsModel.ts.
 */
import type { Position } from '../../positions/types.js';
import { formatAmount, formatPct } from '../../positions/format.js';
import { soldOut } from '../../positions/pnl.js';
import { VENUE_LETTERS } from '../../sources/names.js';
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, fitWidth, formatPrice, formatShares, padStartWidth } from '../format.js';
import { colors } from '../theme.js';
import { paneTitle, type Seg } from '../components/Line.js';
import { marketHead, markerSeg, rangeText, type RowAge } from '../components/rowParts.js';
import { rowMark } from '../components/venueMark.js';
import { ListPane } from './ListPane.js';
import { heldPositions, positionRowIds, readingNotes, stateText, venueTotals, warns } from './positionsModel.js';
import type { ViewImpl, ViewListProps } from './types.js';
import { G } from '../glyphs.js';

/** One row per market, keyed as the store keys it; a market with several positions draws a line for each. */
export const positionRows = positionRowIds;

export const positionsView: ViewImpl = {
  id: 'positions',
  title: 'Positions',
  short: 'Pos',
  source: 'own',
  filters: false,
  rows: (st) => ({ kind: 'markets', ids: positionRows(st) }),
  List: PositionsList,
};

const W = { kind: 6, state: 9, outcome: 9, shares: 10, avg: 7, price: 7, value: 11, pnl: 11, pct: 8 } as const;
/** This view's titles may get shorter than other lists' before a figure is left out. */
const TITLE_MIN = 14;
/** The fewest cells a title keeps before the value column gives way (a narrower row cut its P&L: "−$5.1…"). */
const TITLE_TIGHT = 8;
const OPTIONAL = [
  ['price', W.price],
  ['outcome', W.outcome],
  ['pct', W.pct],
  ['shares', W.shares],
  ['avg', W.avg],
] as const;
type Col = (typeof OPTIONAL)[number][0];

/** The widths of the figure columns that can outgrow W's (a M$5,000 trade's P&L, −M$1,957.75, is 11 cells). */
export interface FigureWidths {
  shares: number;
  value: number;
  pnl: number;
  /**
   * The widest venue letter and ★ before a title among the list's rows: whether the value column gives way is decided
   * on it, the same for every row (a watched row gave it up alone, its P&L a column left of the others').
   */
  mark?: number;
  /** The state column's width with its words in full, and with the short ones (oversold as `ovr`): stateText. */
  state?: number;
  stateShort?: number;
}

/** The cells a row's venue letter and ★ take before its title. */
export const markWidth = (id: string, watched: boolean): number => 2 * rowMark(id).length + (watched ? 2 : 0);

/** The row's P&L: what is held against its cost; a paper position sold out, what its sales realized. */
const rowPnl = (p: Position): number | undefined => (soldOut(p) ? p.realized : p.pnl);

const pnlColor = (p: Position): string | undefined => {
  const v = rowPnl(p);
  return v === undefined || v === 0 ? undefined : v > 0 ? colors.up : colors.down;
};

/** Money in a row: USD as $, mana as M$, USDC bare (the title names the currency). */
function money(v: number | undefined, p: Position, signed = false): string {
  const t = formatAmount(v, p.currency, signed);
  return p.currency === 'USDC' ? t.replace(/ USDC$/, '') : t;
}

/**
 * Each figure column as wide as its widest figure among the rows, at least W's: a cell never cuts a figure (it drew
 * `−M$1,957.…` for the P&L of a M$5,000 paper trade, `$517,184.…` for a value), and the columns still line up.
 */
export function figureWidths(ps: readonly Position[]): FigureWidths {
  const widest = (min: number, text: (p: Position) => string) =>
    ps.reduce((n, p) => Math.max(n, displayWidth(text(p)) + 1), min);
  return {
    shares: widest(W.shares, (p) => formatShares(p.shares)),
    value: widest(W.value, (p) => money(p.value, p)),
    pnl: widest(W.pnl, (p) => money(rowPnl(p), p, true)),
    state: widest(W.state, (p) => stateText(p)),
    stateShort: widest(W.state, (p) => stateText(p, true)),
  };
}

/** Whether the state column is drawn: only when a position has a word for it (all open: its cells go to the titles). */
export const hasStateColumn = (ps: readonly Position[]): boolean => ps.some((p) => stateText(p) !== '');

/**
 * The row of one position: badge and title, real or paper, then the figures that fit (the P&L always, the value but on
 * the narrowest rows, the state when `stateCol`: the same for every row, so that the columns line up).
 */
export function positionSegs(
  p: Position,
  entry: MarketEntry | undefined,
  /** A further position of the market drawn on the line above: no marker, badge or title, its figures alone. */
  further: boolean,
  selected: boolean,
  width: number,
  real: boolean,
  stateCol: boolean,
  watched: boolean,
  age: RowAge,
  fig: FigureWidths = W,
): Seg[] {
  const base = 2 + 9 + W.kind + fig.value + fig.pnl;
  // the state's words in full where the title keeps TITLE_MIN beside them (the optional figures gone), else short
  const full = width - base - (fig.state ?? W.state) >= TITLE_MIN;
  const stateW = stateCol ? ((full ? fig.state : fig.stateShort) ?? W.state) : 0;
  const fixed = base + stateW;
  const kept: (readonly [Col, number])[] = OPTIONAL.map(([k, w]) => [k, k === 'shares' ? fig.shares : w] as const);
  const used = () => fixed + kept.reduce((n, [, w]) => n + w, 0);
  while (kept.length > 0 && width - used() < TITLE_MIN) kept.pop();
  const keep = new Set(kept.map(([k]) => k));
  // narrower still (a 40-column terminal): the value (in the title's totals too) goes, the P&L is read whole
  const markW = fig.mark ?? (entry ? markWidth(entry.market.id, watched) : 0);
  const noValue = width - used() < TITLE_TIGHT + markW;
  const titleW = Math.max(1, width - used() + (noValue ? fig.value : 0));
  const segs: Seg[] = further
    ? [{ text: fitWidth('', 11) }, { text: fitWidth(`  ${G.under} same market`, titleW - 1, true) + ' ', dim: true }]
    : entry
      ? marketHead(entry, selected, titleW, watched, age)
      : [
          markerSeg(selected),
          { text: fitWidth(VENUE_LETTERS[p.ref.venue], 9, true), dim: true },
          { text: fitWidth(sanitize(p.title), titleW - 1, true) + ' ' },
        ];
  segs.push(real ? { text: 'real  ', color: colors.up } : { text: 'paper ', dim: true });
  if (keep.has('outcome'))
    segs.push({
      text: fitWidth(sanitize(p.outcome), W.outcome - 1, true) + ' ',
      dim: true,
    });
  if (keep.has('shares')) segs.push({ text: padStartWidth(formatShares(p.shares), fig.shares - 1) + ' ' });
  if (keep.has('avg')) segs.push({ text: padStartWidth(formatPrice(p.avgPrice), W.avg - 1) + ' ', dim: true });
  if (keep.has('price')) segs.push({ text: padStartWidth(formatPrice(p.price), W.price - 1) + ' ' });
  if (!noValue) segs.push({ text: padStartWidth(money(p.value, p), fig.value - 1) + ' ' });
  const color = pnlColor(p);
  segs.push({ text: padStartWidth(money(rowPnl(p), p, true), fig.pnl - 1) + ' ', ...(color ? { color } : {}) });
  if (keep.has('pct'))
    segs.push({ text: padStartWidth(formatPct(p.pnlPct), W.pct - 1) + ' ', ...(color ? { color } : {}) });
  if (stateCol)
    segs.push({
      text: fitWidth(stateText(p, !full), stateW, true),
      ...(warns(p) ? { color: colors.warn } : { dim: true }),
    });
  return segs;
}

/**
 * The title (name, range, then what a reading lacks and every venue's totals) when it fits the width; else the name and
 * range (with the notes when they fit) and, under it, the notes and totals packed into as few lines as hold them, each
 * whole where the width allows, a venue's totals wider than that on at their ` · ` — so every venue's totals are seen
 * at 80 columns too, and no figure is cut at 40. At most `maxUnder` lines under.
 */
export function positionsTitle(
  head: (shown: number, top: number) => Seg[],
  notes: readonly string[],
  totals: readonly string[],
  width: number,
  count: number,
  maxUnder: number,
): { title: (shown: number, top: number) => Seg[]; under: Seg[][] } {
  const noteSeg: Seg[] = notes.length ? [{ text: `  ${notes.join(` ${G.dot} `)}`, color: colors.warn }] : [];
  const totalSeg: Seg[] = totals.length ? [{ text: `  ${totals.join(` ${G.dot} `)}` }] : [];
  // the widest the range can be ("12–24 of 24"), so that scrolling never moves the totals from line to line
  const headW = segsWidth(head(count, Math.max(0, count - 1)));
  if (headW + segsWidth(noteSeg) + segsWidth(totalSeg) <= width)
    return { title: (shown, top) => [...head(shown, top), ...noteSeg, ...totalSeg], under: [] };
  const notesUp = notes.length > 0 && headW + segsWidth(noteSeg) <= width;
  const noteItems: Seg[] = notesUp ? [] : notes.map((text) => ({ text, color: colors.warn }));
  // a venue's totals wider than a line go on at their ` · `, so that no figure is cut (`P&L −$696,9…` at 40) — where
  // the pane has the lines for it: else a line of figures would be left out unseen, where a cut one shows its `…`
  const split = packLines(
    [
      ...noteItems,
      ...totals.flatMap((text) =>
        (2 + displayWidth(text) > width ? text.split(` ${G.dot} `) : [text]).map((t) => ({ text: t })),
      ),
    ],
    width,
  );
  // else each whole (packed only then: a frame packs once where the split fits)
  const lines =
    split.length <= maxUnder ? split : packLines([...noteItems, ...totals.map((text) => ({ text }))], width);
  return {
    title: (shown, top) => [...head(shown, top), ...(notesUp ? noteSeg : [])],
    under: lines.slice(0, Math.max(0, maxUnder)),
  };
}

const segsWidth = (segs: readonly Seg[]) => segs.reduce((n, s) => n + displayWidth(s.text), 0);

/** Items packed into as few lines of the width as hold them, ` · ` between two on a line. */
function packLines(items: readonly Seg[], width: number): Seg[][] {
  const lines: Seg[][] = [];
  let used = width;
  for (const item of items) {
    const w = displayWidth(item.text);
    const line = lines[lines.length - 1];
    if (line && used + 3 + w <= width) {
      line.push({ text: ` ${G.dot} `, dim: true }, item);
      used += 3 + w;
    } else {
      lines.push([{ text: '  ' }, item]);
      used = 2 + w;
    }
  }
  return lines;
}

function PositionsList(p: ViewListProps) {
  const held = heldPositions(p.state, p.markets);
  const notes = readingNotes(p.state);
  const stateCol = hasStateColumn(held.map((x) => x.pos));
  const mark = Math.max(0, ...held.map((x) => markWidth(x.id, p.state.watchById[x.id] !== undefined)));
  const fig = { ...figureWidths(held.map((x) => x.pos)), mark };
  const { title, under } = positionsTitle(
    (shown, top) => [paneTitle('Positions', p.focused), { text: rangeText(p.rows.ids.length, top, shown), dim: true }],
    // a failed reading first: it is what the figures after it lack; with no rows the empty line says it, once
    p.rows.ids.length ? notes : [],
    venueTotals(held),
    p.width,
    p.rows.ids.length,
    // the title and at least one row (or the line saying there are none) stay
    p.height - 2,
  );
  return (
    <ListPane
      view={p}
      title={title}
      under={under}
      empty={
        notes.length
          ? notes.join(` ${G.dot} `)
          : // the reference kept whole (no-break spaces: it broke after the section sign at 80 columns)
            `No positions: p in the quote form keeps a paper trade; real ones: README\u00a0${G.section}\u00a0Positions`
      }
      row={(id, selected) => {
        // every position held in the market, a line each (both sides of one market, real and paper): the first
        // with the market's title, the others under it
        const mine = held.filter((x) => x.id === id);
        if (mine.length === 0) return undefined;
        const watched = p.state.watchById[id] !== undefined;
        return mine.map((x, i) =>
          positionSegs(
            x.pos,
            p.markets[id],
            i > 0,
            selected,
            p.width,
            x.real,
            stateCol,
            watched,
            // a market whose data went stale reads STALE, as in Markets, Movers and Closing soon
            { now: p.env.now, intervalMs: p.intervalMs },
            fig,
          ),
        );
      }}
    />
  );
}
