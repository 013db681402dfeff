/** Pieces the list rows of the views share: the cursor marker, the status badge and title, and which columns fit. */
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth } from '../format.js';
import { colors } from '../theme.js';
import type { Seg } from './Line.js';
import { rowBadge } from './MarketRow.js';
import { rowMark } from './venueMark.js';
import { G } from '../glyphs.js';

export const MARKER_W = 2;
export const BADGE_COL_W = 9;
/** The title keeps at least this many cells; optional columns go before it gets shorter. */
export const MIN_TITLE = 20;

export function markerSeg(selected: boolean): Seg {
  return { text: selected ? `${G.sel} ` : '  ', color: colors.accent, bold: true };
}

/** The clock and the list's refresh period a row's data ages against (the Markets list's rule: rowBadge). */
export interface RowAge {
  now: number;
  intervalMs: number;
}

/**
 * Marker, status badge and title cut to `titleW` cells (padded), as every market row starts; a watched market's title
 * has its ★, as in the Markets list. A stale row's badge reads STALE (by `age`), as in a Markets list too narrow for
 * its age column (the badge keeps its width: no figure moves).
 */
export function marketHead(
  entry: MarketEntry,
  selected: boolean,
  titleW: number,
  watched: boolean,
  age: RowAge,
): Seg[] {
  // several venues: the row's venue, a letter before the title
  const mark = rowMark(entry.market.id);
  const star = watched ? 2 : 0;
  return [
    markerSeg(selected),
    rowBadge(entry, age.now, age.intervalMs),
    { text: ' ' },
    ...mark,
    ...(watched ? [{ text: `${G.star} `, color: colors.warn, bold: true }] : []),
    {
      text:
        fitWidth(sanitize(entry.market.title) || '(untitled)', Math.max(1, titleW - 1 - 2 * mark.length - star), true) +
        ' ',
      bold: selected,
    },
  ];
}

/** The fewest cells a title keeps beside a row's price, which a narrow row keeps before its title (40 columns). */
export { PRICE_TITLE } from './MarketRow.js';

/**
 * Which optional columns fit beside a title of at least MIN_TITLE cells: the
 * least important (last listed) go first. A column may name a smaller title it keeps to (a row's price, PRICE_TITLE:
 * the title is cut for it). Returns the kept ones and the title's width.
 */
export function fitColumns<K extends string>(
  width: number,
  fixed: number,
  optional: readonly (readonly [K, number] | readonly [K, number, number])[],
): { keep: ReadonlySet<K>; title: number } {
  const kept = [...optional];
  const used = () => fixed + kept.reduce((n, [, w]) => n + w, 0);
  while (kept.length > 0 && width - used() < (kept.at(-1)![2] ?? MIN_TITLE)) kept.pop();
  return { keep: new Set(kept.map(([k]) => k)), title: Math.max(1, width - used()) };
}

/** "1–20 of 50" when some rows are scrolled out of sight, else the count. */
export function rangeText(count: number, top: number, shown: number): string {
  return count > shown && shown > 0 ? ` ${top + 1}${G.endash}${top + shown} of ${count}` : ` ${count}`;
}
