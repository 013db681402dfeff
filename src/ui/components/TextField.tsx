import { Text } from 'ink';
import { displayWidth, fitWidth } from '../format.js';
import { clampCursor, type TextState } from '../textEdit.js';
import { usePalette } from './ThemeContext.js';
import { G } from '../glyphs.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The cells of `value`'s first i code points, for i up to one past its end (the cursor's blank cell after the text):
 * each grapheme's width on its first code point. Summed once, a window's width is a subtraction, not a measure of
 * its text: measuring a slice for each code point moved past cost a long pasted address the square of its length.
 */
function cellsUpTo(value: string): number[] {
  const upTo = [0];
  let cells = 0;
  for (const { segment } of graphemes.segment(value)) {
    const n = Array.from(segment).length;
    upTo.push((cells += displayWidth(segment)));
    for (let i = 1; i < n; i++) upTo.push(cells);
  }
  upTo.push(cells + 1);
  return upTo;
}

/**
 * A one-line text field drawn within `width` cells: the part around the
 * cursor is shown, the cursor cell is inverse while focused. A placeholder too long for it is cut with '…'.
 * Without styles (FORCE_COLOR=0: no inverse) a blank cursor cell — an empty field, the end of the text — is drawn
 * `_`, and a cursor inside the text brackets the character under it, `f[e]d`, the window two cells shorter to hold
 * them.
 */
export function TextField({
  state,
  width,
  focused,
  placeholder = '',
}: {
  state: TextState;
  width: number;
  focused: boolean;
  placeholder?: string;
}) {
  const { value, cursor } = clampCursor(state);
  const plain = !usePalette().attrs;
  const cell = (c: string) => (plain && c === ' ' ? '_' : c);
  const w = Math.max(1, Math.floor(width));
  if (value === '') {
    return focused ? (
      <Text>
        <Text inverse>{cell(' ')}</Text>
        <Text dimColor>{fitWidth(placeholder, w - 1)}</Text>
      </Text>
    ) : (
      <Text dimColor>{fitWidth(placeholder, w) || ' '}</Text>
    );
  }
  const cps = [...Array.from(value), ' '];
  // Without styles a cursor inside the text brackets its character, `fe[d]`: two cells more, where the field has them
  const at = cps[cursor] ?? ' ';
  const marks = plain && focused && cursor < cps.length - 1 && w >= displayWidth(at) + 2 ? 2 : 0;
  // Window of code points that fits, keeping the cursor (and its brackets) inside it: found on the cells summed
  // (cellsUpTo), then measured once; a window the sum misjudged (a grapheme cut at its edge) is found by measuring.
  const upTo = cellsUpTo(value);
  const fitBy = (widthOf: (a: number, b: number) => number, room: number) => {
    let start = 0;
    while (start < cursor && widthOf(start, cursor + 1) > room) start++;
    let end = cursor + 1;
    while (end < cps.length && widthOf(start, end + 1) <= room) end++;
    return { start, end };
  };
  const fit = (room: number) => {
    const win = fitBy((a, b) => upTo[b]! - upTo[a]!, room);
    if (displayWidth(cps.slice(win.start, win.end).join('')) <= room) return win;
    return fitBy((a, b) => displayWidth(cps.slice(a, b).join('')), room);
  };
  // A cut end is marked with '…' in a cell of its own (a long pasted address read `rkets/kxnewpope/…`, as if typed
  // so), where the field has the cells for it; the window is fitted again, one cell narrower for each mark.
  let win = fit(w - marks);
  let lead = 0;
  let tail = 0;
  for (let i = 0; i < 3 && w - marks >= 4; i++) {
    const l = win.start > 0 ? 1 : 0;
    // the blank cell after the text is the cursor's: only text left out past the window is cut
    const t = win.end < cps.length - 1 ? 1 : 0;
    if (l === lead && t === tail) break;
    [lead, tail] = [l, t];
    win = fit(w - marks - lead - tail);
  }
  const { start, end } = win;
  const cutStart = lead ? <Text dimColor>{G.ell}</Text> : null;
  const cutEnd = tail ? <Text dimColor>{G.ell}</Text> : null;
  const before = cps.slice(start, cursor).join('');
  const after = cps.slice(cursor + 1, end).join('');
  if (!focused)
    return (
      <Text>
        {cutStart}
        {cps.slice(start, end).join('').trimEnd() || ' '}
        {cutEnd}
      </Text>
    );
  return (
    <Text>
      {cutStart}
      {before}
      <Text inverse>{marks ? `[${at}]` : cell(at)}</Text>
      {after}
      {cutEnd}
    </Text>
  );
}
