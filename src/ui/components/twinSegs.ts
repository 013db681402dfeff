/** A twin's price as drawn beside a market's own (the list row, the detail pane): `⇄P 68.5¢`, `⇄P NO↺ 31.5¢`. */
import type { Twin } from '../../venues/across/twins.js';
import { sanitize } from '../../util/sanitize.js';
import { formatPrice } from '../format.js';
import type { Seg } from './Line.js';
import { VENUE_MARKS } from './venueMark.js';
import type { SourceId } from '../../sources/types.js';
import { G } from '../glyphs.js';

export function twinSegs(t: Twin): Seg[] {
  const mark = VENUE_MARKS[t.venue as SourceId];
  return [
    { text: G.pair, color: 'cyan' },
    { text: mark?.letter ?? '?', ...(mark ? { color: mark.color } : {}), bold: true },
    { text: ` ${t.flipped ? `NO${G.flipped} ` : ''}${formatPrice(t.price)} `, color: 'cyan' },
  ];
}

/** The detail pane's line: the twin's venue, price and currency, and how the pair was confirmed. */
export function twinLine(t: Twin): Seg[] {
  const mark = VENUE_MARKS[t.venue as SourceId];
  return [
    { text: 'Twin ', dim: true },
    ...twinSegs(t),
    { text: `${mark?.name ?? t.venue}${t.currency ? ` (${t.currency})` : ''}`, dim: true },
    {
      text: t.flipped
        ? ` ${G.dot} complement: its NO, flipped${t.differs ? `; the rules differ: ${sanitize(t.differs)}` : ''}`
        : t.differs
          ? ` ${G.dot} confirmed by you; the rules differ: ${sanitize(t.differs)}`
          : ` ${G.dot} confirmed by you as the same question`,
      dim: true,
      priority: -1,
      // a difference is cut with '…' where the line is narrow (80 columns), not dropped with what says it is one
      ...(t.differs ? { minCut: 20 } : {}),
    },
  ];
}
