/**
 * A one-line text field's editing, as a pure function: the value and the
 * cursor (in code points) in, the new value and cursor out. Typed and pasted
 * text is sanitized (no control sequences, line breaks become spaces).
 */
import { sanitize } from '../util/sanitize.js';
import type { TEXT_EDIT_COMMANDS } from './key/keyBindings.js';

export interface TextState {
  value: string;
  /** Cursor position in code points, 0..length. */
  cursor: number;
}

/** Typed or pasted text, or one of the registry's line-editing commands. */
export type TextEdit = { type: 'insert'; text: string } | { type: (typeof TEXT_EDIT_COMMANDS)[number] };

export function clampCursor(s: TextState): TextState {
  const len = Array.from(s.value).length;
  const cursor = Number.isInteger(s.cursor) ? Math.min(Math.max(0, s.cursor), len) : len;
  return cursor === s.cursor ? s : { value: s.value, cursor };
}

export function applyTextEdit(state: TextState, edit: TextEdit, maxLength = 200): TextState {
  const { value, cursor } = clampCursor(state);
  const cps = Array.from(value);
  const before = cps.slice(0, cursor);
  const after = cps.slice(cursor);
  switch (edit.type) {
    case 'insert': {
      const text = Array.from(sanitize(edit.text)).slice(0, Math.max(0, maxLength - cps.length));
      if (text.length === 0) return { value, cursor };
      return { value: [...before, ...text, ...after].join(''), cursor: cursor + text.length };
    }
    case 'cursorLeft':
      return { value, cursor: Math.max(0, cursor - 1) };
    case 'cursorRight':
      return { value, cursor: Math.min(cps.length, cursor + 1) };
    case 'cursorHome':
      return { value, cursor: 0 };
    case 'cursorEnd':
      return { value, cursor: cps.length };
    case 'deleteBack':
      return cursor === 0
        ? { value, cursor }
        : { value: [...before.slice(0, -1), ...after].join(''), cursor: cursor - 1 };
    case 'deleteForward':
      return { value: [...before, ...after.slice(1)].join(''), cursor };
    case 'deleteWord': {
      let i = cursor;
      while (i > 0 && before[i - 1] === ' ') i--;
      while (i > 0 && before[i - 1] !== ' ') i--;
      return { value: [...before.slice(0, i), ...after].join(''), cursor: i };
    }
    case 'clearLine':
      return { value: '', cursor: 0 };
    case 'killToEnd':
      return { value: before.join(''), cursor };
  }
}
