/**
 * The Positions view (issue #28): every paper position of this venue kept from a preview (`p` in the quote form),
 * one row per market — outcome, shares, average price, current price, value, P&L in money and percent, in the venue's
 * currency — marked to market from the data the dashboard already refreshes (a paper position's market is followed in
 * the background like a watched one) and settled when its market resolves ("paid"). A closed market awaiting
 * settlement says so. The title line carries the totals per currency (never added across currencies).
 */
import { paperPosition, type PaperPosition } from '../../positions/paper.js';
import { totalsByCurrency } from '../../positions/pnl.js';
import { formatAmount, formatPct } from '../../positions/format.js';
import type { Position } from '../../positions/types.js';
import { paperHere, paperMarketId } from '../../store/paperSlice.js';
import type { AppState, MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth, formatPrice, formatShares, padStartWidth } from '../format.js';
import { colors } from '../theme.js';
import { paneTitle, type Seg } from '../components/Line.js';
import { marketHead, markerSeg, rangeText } from '../components/rowParts.js';
import { ListPane } from './ListPane.js';
import type { ViewImpl, ViewListProps, ViewState } from './types.js';

type Here = Pick<ViewState, 'paper' | 'mode' | 'prefixed' | 'venueFilter'>;
/** The store's form of a view state (paperSlice.ts reads the mode from `rate`). */
const idForm = (st: Here) => ({
  rate: { mode: st.mode } as AppState['rate'],
  paper: st.paper,
  ...(st.prefixed ? { prefixed: true as const } : {}),
  ...(st.venueFilter ? { venueFilter: st.venueFilter } : {}),
});

/** The paper positions shown: this venue's, or on a board of several every venue's (the narrowed one's), as kept. */
function positionsHere(st: Here): PaperPosition[] {
  return paperHere(idForm(st));
}

/** One row per market, keyed as the store keys it (its first paper position is drawn; the others are counted). */
export function positionRows(st: Here): string[] {
  const form = idForm(st);
  return [...new Set(positionsHere(st).map((p) => paperMarketId(p.ref, form)))];
}

export const positionsView: ViewImpl = {
  id: 'positions',
  title: 'Positions',
  short: 'Pos',
  source: 'markets',
  filters: false,
  rows: (st) => ({ kind: 'markets', ids: positionRows(st) }),
  List: PositionsList,
};

const W = { state: 9, outcome: 9, shares: 10, avg: 7, price: 7, value: 11, pnl: 11, pct: 8 } as const;
/** This view's titles may get shorter than other lists' before a figure is left out. */
const TITLE_MIN = 14;
const OPTIONAL = [
  ['price', W.price],
  ['outcome', W.outcome],
  ['pct', W.pct],
  ['shares', W.shares],
  ['avg', W.avg],
] as const;
type Col = (typeof OPTIONAL)[number][0];

const pnlColor = (p: Position): string | undefined =>
  p.pnl === undefined || p.pnl === 0 ? undefined : p.pnl > 0 ? colors.up : colors.down;

/** Money in a row: USD as $, mana as M$, USDC bare (the title names the currency). */
function money(v: number | undefined, p: Position, signed = false): string {
  const t = formatAmount(v, p.currency, signed);
  return p.currency === 'USDC' ? t.replace(/ USDC$/, '') : t;
}

/** What a row says of its state: nothing while open, "awaiting" settlement once closed, "paid" once resolved. */
const STATE_TEXT: Record<Position['state'], string> = {
  open: '',
  closed: 'awaiting',
  resolved: 'paid',
  redeemable: 'redeem',
};

/** The row of one paper position: badge and title, then the figures that fit (value, P&L and state always). */
export function positionSegs(
  p: Position,
  entry: MarketEntry | undefined,
  more: number,
  selected: boolean,
  width: number,
): Seg[] {
  const fixed = 2 + 9 + W.value + W.pnl + W.state;
  const kept: (readonly [Col, number])[] = [...OPTIONAL];
  const used = () => fixed + kept.reduce((n, [, w]) => n + w, 0);
  while (kept.length > 0 && width - used() < TITLE_MIN) kept.pop();
  const keep = new Set(kept.map(([k]) => k));
  const titleW = Math.max(1, width - used());
  const segs: Seg[] = entry
    ? marketHead(entry, selected, titleW)
    : [
        markerSeg(selected),
        { text: 'PAPER    ', dim: true },
        { text: fitWidth(sanitize(p.title), titleW - 1, true) + ' ' },
      ];
  if (keep.has('outcome'))
    segs.push({
      text: fitWidth(`${sanitize(p.outcome)}${more > 0 ? ` +${more}` : ''}`, W.outcome - 1, true) + ' ',
      dim: true,
    });
  if (keep.has('shares')) segs.push({ text: padStartWidth(formatShares(p.shares), W.shares - 1) + ' ' });
  if (keep.has('avg')) segs.push({ text: padStartWidth(formatPrice(p.avgPrice), W.avg - 1) + ' ', dim: true });
  if (keep.has('price')) segs.push({ text: padStartWidth(formatPrice(p.price), W.price - 1) + ' ' });
  segs.push({ text: padStartWidth(money(p.value, p), W.value - 1) + ' ' });
  const color = pnlColor(p);
  segs.push({ text: padStartWidth(money(p.pnl, p, true), W.pnl - 1) + ' ', ...(color ? { color } : {}) });
  if (keep.has('pct'))
    segs.push({ text: padStartWidth(formatPct(p.pnlPct), W.pct - 1) + ' ', ...(color ? { color } : {}) });
  segs.push({
    text: fitWidth(STATE_TEXT[p.state], W.state, true),
    ...(p.state === 'closed' ? { color: colors.warn } : { dim: true }),
  });
  return segs;
}

function PositionsList(p: ViewListProps) {
  const here = positionsHere(p.state);
  const form = idForm(p.state);
  const valued = here
    .map((pp) => ({
      pp,
      id: paperMarketId(pp.ref, form),
      pos: paperPosition(pp, p.markets[paperMarketId(pp.ref, form)]?.market),
    }))
    .filter((x): x is { pp: PaperPosition; id: string; pos: Position } => x.pos !== undefined);
  const totals = totalsByCurrency(valued.map((x) => x.pos))
    .map(
      (t) => `${t.currency} value ${formatAmount(t.value, t.currency)} · P&L ${formatAmount(t.pnl, t.currency, true)}`,
    )
    .join(' · ');
  return (
    <ListPane
      view={p}
      title={(shown) => [
        paneTitle('Positions · paper', p.focused),
        { text: rangeText(p.rows.ids.length, p.top, shown), dim: true },
        ...(totals ? [{ text: `  ${totals}` }] : []),
      ]}
      empty="No paper positions yet: p in the quote form keeps the previewed trade here."
      row={(id, selected) => {
        const mine = valued.filter((x) => x.id === id);
        const first = mine[0];
        if (!first) return undefined;
        return positionSegs(first.pos, p.markets[id], mine.length - 1, selected, p.width);
      }}
    />
  );
}
