import { memo } from 'react';
import type { Twin } from '../../venues/across/twins.js';
import { twinSegs } from './twinSegs.js';
import { leadingOutcome, priceChange } from '../../store/outcomes.js';
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { effectiveStatus, isStale, outcomesAwaited, rawStatusOf } from '../viewModel.js';
import { fitWidth, formatChange, formatCoarseAge, formatPrice, formatVolume, padStartWidth } from '../format.js';
import { colors } from '../theme.js';
import { Line, type Seg } from './Line.js';
import { badgeSeg } from './badge.js';
import { rowMark } from './venueMark.js';
import { G } from '../glyphs.js';

export interface RowProps {
  entry: MarketEntry;
  selected: boolean;
  focused: boolean;
  now: number;
  /** List refresh interval estimate (for STALE). */
  intervalMs: number;
  width: number;
  /** On the watchlist: a ★ before the title. */
  watched?: boolean;
  /** In a confirmed pair: the twin's price after the title (src/venues/across/twins.ts). */
  twin?: Twin;
}

const W = { marker: 2, badge: 9, leadName: 7, leadPrice: 7, change: 7, volume: 7, age: 8 } as const;
const MIN_TITLE = 20;
const AGE_TITLE = 30;
/** The leading outcome's name grows to this (incl. its trailing space) once the title has ROOMY_TITLE cells. */
const LEAD_NAME_MAX = 15;
const ROOMY_TITLE = 36;
/**
 * The fewest cells a title keeps beside the price (a 40-column row had no figure at all: its price went first); the
 * views with columns of their own keep theirs to it too (rowParts.ts fitColumns).
 */
export const PRICE_TITLE = 8;
/** The fewest cells a title keeps beside a twin's price (`⇄P NO↺ 31.5¢`), which gives way first. */
const TWIN_TITLE = 6;

/**
 * Which optional columns fit next to a title of at least MIN_TITLE cells, and
 * how wide the leading outcome's name is: 6 cells, up to 14 when the title
 * keeps ROOMY_TITLE ("Progressive", "4% or higher" instead of "Progr…"). The
 * price is the one figure a narrow row keeps: the outcome's name goes before
 * it, and then the title gives way (cut with …) down to PRICE_TITLE cells.
 */
export function rowColumns(width: number) {
  const base = baseColumns(width);
  const extra = base.name ? Math.max(0, Math.min(LEAD_NAME_MAX - W.leadName, base.title - ROOMY_TITLE)) : 0;
  return { ...base, leadName: W.leadName + extra, title: base.title - extra };
}

function baseColumns(width: number) {
  let cols = { name: true, change: true, volume: true, age: true };
  const fixed = (c: typeof cols) =>
    W.marker +
    W.badge +
    W.leadPrice +
    (c.name ? W.leadName : 0) +
    (c.change ? W.change : 0) +
    (c.volume ? W.volume : 0) +
    (c.age ? W.age : 0);
  for (const drop of ['age', 'volume', 'change', 'name'] as const) {
    // The age column goes first, while the title is still short of AGE_TITLE: STALE moves into the badge then.
    if (width - fixed(cols) >= (drop === 'age' ? AGE_TITLE : MIN_TITLE)) break;
    cols = { ...cols, [drop]: false };
  }
  const price = width - fixed(cols) >= PRICE_TITLE;
  return { ...cols, price, title: Math.max(1, width - fixed(cols) + (price ? 0 : W.leadPrice)) };
}

export function rowSegs({ entry, selected, now, intervalMs, width, watched, twin }: RowProps): Seg[] {
  const m = entry.market;
  const cols = rowColumns(width);
  const lead = leadingOutcome(m);
  const ch = priceChange(entry.firstPrices, lead);
  const change = formatChange(ch?.value, ch?.basis);
  const stale = isStale(entry.receivedAt, now, intervalMs);
  // several venues: the row's venue, a letter before the title
  const mark = rowMark(m.id);
  const markW = mark.length ? 2 : 0;
  // a twin's price beside the title while the title keeps TWIN_TITLE cells, else it gives way to the row's own price
  // (the detail pane and Across still show it)
  const room = cols.title - 1 - markW - (watched ? 2 : 0);
  const both = twin ? twinSegs(twin) : [];
  const pair = room - both.reduce((n, s) => n + s.text.length, 0) >= TWIN_TITLE ? both : [];
  const pairW = pair.reduce((n, s) => n + s.text.length, 0);
  const segs: Seg[] = [
    { text: selected ? `${G.sel} ` : '  ', color: colors.accent, bold: true },
    rowBadge(entry, now, intervalMs, cols.age),
    { text: ' ' },
    ...mark,
    ...(watched ? [{ text: `${G.star} `, color: colors.warn, bold: true }] : []),
    { text: fitWidth(sanitize(m.title) || '(untitled)', Math.max(1, room - pairW), true) + ' ', bold: selected },
    ...pair,
  ];
  if (cols.name) {
    // '…' while the outcomes are still to come with the market's detail, '—' when it has no price at all
    const name = lead ? sanitize(lead.name) : outcomesAwaited(entry) ? G.ell : G.dash;
    segs.push({ text: fitWidth(name, cols.leadName - 1, true) + ' ', dim: true });
  }
  if (cols.price) segs.push({ text: padStartWidth(formatPrice(lead?.price), W.leadPrice - 1) + ' ' });
  if (cols.change) {
    const color = change.dir === 'up' ? colors.up : change.dir === 'down' ? colors.down : undefined;
    segs.push({ text: padStartWidth(change.text, W.change - 1) + ' ', ...(color ? { color } : { dim: true }) });
  }
  if (cols.volume) segs.push({ text: padStartWidth(formatVolume(m.volume), W.volume - 1) + ' ', dim: true });
  if (cols.age) {
    // A fresh row shows no age: the header carries the list's age, and every listed row is at most that old.
    // A stale one says how old it is, in steps that change every 10 s at most ("30s ago", "2m ago").
    segs.push({
      text: padStartWidth(timeText(entry, now, intervalMs), W.age),
      ...(stale ? { color: colors.warn, bold: true } : { dim: true }),
    });
  }
  return segs;
}

/**
 * The badge a market row starts with: STALE when its data is stale (isStale: older than three list refresh periods)
 * and the row has no age column to say how old, else its status. Every list of markets marks a stale row by it, so a
 * stale price looks the same in Markets, Movers, Closing soon and an open event.
 */
export function rowBadge(entry: MarketEntry, now: number, intervalMs: number, ageShown = false): Seg {
  return isStale(entry.receivedAt, now, intervalMs) && !ageShown
    ? badgeSeg('stale', true)
    : quietBadge(effectiveStatus(entry), rawStatusOf(entry));
}

/** In rows, the usual ACTIVE is plain green; only the states that need a look are bold (50 bold green badges shout). */
export function quietBadge(status: ReturnType<typeof effectiveStatus>, raw?: string): Seg {
  const seg = badgeSeg(status, true, raw);
  return status === 'active' ? { ...seg, bold: false } : seg;
}

/**
 * The selected row is one even inverse bar while the list has focus (colour
 * dropped; the arrows still tell the direction), and bold (with ▸) when another pane
 * has it, so it stays easy to find without colour.
 */
export function highlightRow(segs: readonly Seg[], selected: boolean, focused: boolean): Seg[] {
  if (!selected) return [...segs];
  if (focused) return segs.map((s): Seg => ({ text: s.text, bold: true, inverse: true }));
  return segs.map((s): Seg => ({ ...s, bold: true, dim: false }));
}

function MarketRowView(props: RowProps) {
  return <Line width={props.width} segs={highlightRow(rowSegs(props), props.selected, props.focused)} />;
}

/** What `now` changes in a row: nothing while it is fresh; once stale, its coarse age. */
function timeText(entry: MarketEntry, now: number, intervalMs: number): string {
  return isStale(entry.receivedAt, now, intervalMs) ? `${formatCoarseAge(now - entry.receivedAt)} ago` : '';
}

/**
 * The row draws the same: same data, place and width, and the clock moved
 * less than it shows (a fresh row shows no age; a stale one's changes every
 * 10 s at most, once a minute after the first minute).
 */
export function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.entry === b.entry &&
    a.selected === b.selected &&
    a.focused === b.focused &&
    a.watched === b.watched &&
    a.twin === b.twin &&
    a.width === b.width &&
    a.intervalMs === b.intervalMs &&
    (a.now === b.now || timeText(a.entry, a.now, a.intervalMs) === timeText(b.entry, b.now, b.intervalMs))
  );
}

/** One market row, re-rendered only when something it shows changed (a quote answer or a clock tick does not). */
export const MarketRow = memo(MarketRowView, sameRow);
