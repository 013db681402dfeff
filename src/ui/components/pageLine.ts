/**
 * The `Page …` line of the detail and event panes (docs/views.md § The page line). An address cut to the pane's width
 * looked whole: `https://kalshi.com/markets/kxelonmars/will-elon` is a valid address, of the wrong page, and terminals
 * that find addresses in the text made it clickable as it stood. So an address that does not fit is drawn without its
 * scheme and ends in `…`, with what reaches the whole one: `Page kalshi.com/markets/kxelonmars/wi… · o opens it`.
 * Where the terminal shows OSC 8 links, the cut text still links to the whole address.
 */
import { displayWidth, fitWidth } from '../format.js';
import { colors } from '../theme.js';
import { G } from '../glyphs.js';
import type { Seg } from './Line.js';

const LABEL = 'Page ';
/** Read when drawn: the glyph set is chosen at start (glyphs.ts). */
const hintText = (): string => ` ${G.dot} o opens it`;
/** Cells of the address kept before the hint is worth its room. */
const MIN_SHOWN = 12;

export function pageLine(page: string, width: number): Seg[] {
  const label: Seg = { text: LABEL, dim: true };
  const room = width - LABEL.length;
  if (displayWidth(page) <= room) return [label, { text: page, color: colors.accent, link: page }];
  const bare = page.replace(/^[a-z][a-z0-9+.-]*:\/\//iu, '');
  const full = hintText();
  const hint = room - displayWidth(full) >= MIN_SHOWN ? full : '';
  // cut one cell short of the room when it would fit whole: never the whole text drawn, always the `…`
  const shown = fitWidth(bare, Math.min(room - displayWidth(hint), displayWidth(bare) - 1));
  return [label, { text: shown, color: colors.accent, link: page }, ...(hint ? [{ text: hint, dim: true }] : [])];
}
