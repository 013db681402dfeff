/**
 * Quoted titles (“…”, `quoted` in src/store/transitions.ts) fitted to the line a message is drawn on. The store quotes
 * a title whole; a message that fits its line is drawn whole, a longer one cuts its titles to the room the line has —
 * never to fewer than SHORT_TITLE cells (where the line is short, the message wraps instead, each title cut to that)
 * and never wider than the line.
 */
import { displayWidth, fitWidth } from './format.js';
import { G, perGlyphSet } from './glyphs.js';

/** The cut a quoted title gets where the line is short. */
export const SHORT_TITLE = 48;
/** A quoted title in the set drawn (`“…”`, `"…"` in ASCII): the store quotes in that set (`quoted`). */
export const quoteRe: () => RegExp = perGlyphSet(() => new RegExp(`(${G.lquo}[^${G.rquo}]*${G.rquo})`));

/** A title cut to `cap` cells, no space left before the cut's mark. */
function cutTitle(title: string, cap: number): string {
  const t = fitWidth(title, cap);
  return t.endsWith(G.ell) ? `${t.slice(0, -G.ell.length).trimEnd()}${G.ell}` : t;
}

/** `floor`: the fewest cells a title is cut to (SHORT_TITLE where the message may wrap; less for a one-line row). */
export function fitQuotes(text: string, room: number, floor = SHORT_TITLE): string {
  if (displayWidth(text) <= room) return text;
  // split with the quote captured: the odd parts are the quoted titles
  const parts = text.split(quoteRe());
  if (parts.length < 3) return text;
  const titles = parts.filter((_, i) => i % 2 === 1).map((q) => q.slice(1, -1));
  const cut = (cap: number) =>
    parts.map((p, i) => (i % 2 === 1 ? `${G.lquo}${cutTitle(titles[(i - 1) / 2]!, cap)}${G.rquo}` : p)).join('');
  const short = Math.max(1, Math.min(floor, room - 2));
  if (displayWidth(cut(short)) > room) return cut(short);
  // the longest cut with which the message fits its line
  let [lo, hi] = [short, Math.max(...titles.map(displayWidth))];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (displayWidth(cut(mid)) <= room) lo = mid;
    else hi = mid - 1;
  }
  return cut(lo);
}
