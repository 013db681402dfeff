import { Text } from 'ink';
import { displayWidth, fitWidth } from '../format.js';
import { clampCursor, type TextState } from '../textEdit.js';
import { usePalette } from './ThemeContext.js';

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
  // Window of code points that fits, keeping the cursor (and its brackets) inside it.
  const room = w - marks;
  let start = 0;
  const widthOf = (a: number, b: number) => displayWidth(cps.slice(a, b).join(''));
  while (start < cursor && widthOf(start, cursor + 1) > room) start++;
  let end = cursor + 1;
  while (end < cps.length && widthOf(start, end + 1) <= room) end++;
  const before = cps.slice(start, cursor).join('');
  const after = cps.slice(cursor + 1, end).join('');
  if (!focused) return <Text>{cps.slice(start, end).join('').trimEnd() || ' '}</Text>;
  return (
    <Text>
      {before}
      <Text inverse>{marks ? `[${at}]` : cell(at)}</Text>
      {after}
    </Text>
  );
}
