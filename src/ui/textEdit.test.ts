import { describe, expect, it } from 'vitest';
import { applyTextEdit, clampCursor } from './textEdit.js';

describe('applyTextEdit', () => {
  it('inserts at the cursor and moves it', () => {
    expect(applyTextEdit({ value: '15', cursor: 1 }, { type: 'insert', text: '2' })).toEqual({
      value: '125',
      cursor: 2,
    });
  });
  it('sanitizes typed and pasted text and respects the max length', () => {
    expect(applyTextEdit({ value: '', cursor: 0 }, { type: 'insert', text: '1\x1b[31m2\n3' })).toEqual({
      value: '12 3',
      cursor: 4,
    });
    expect(applyTextEdit({ value: 'abc', cursor: 3 }, { type: 'insert', text: 'defgh' }, 5).value).toBe('abcde');
  });
  it('edits: backspace, delete, word, clear, kill, moves', () => {
    const s = { value: 'foo bar', cursor: 7 };
    expect(applyTextEdit(s, { type: 'deleteBack' })).toEqual({ value: 'foo ba', cursor: 6 });
    expect(applyTextEdit(s, { type: 'deleteWord' })).toEqual({ value: 'foo ', cursor: 4 });
    expect(applyTextEdit(s, { type: 'clearLine' })).toEqual({ value: '', cursor: 0 });
    expect(applyTextEdit({ value: 'foo bar', cursor: 3 }, { type: 'killToEnd' })).toEqual({ value: 'foo', cursor: 3 });
    expect(applyTextEdit({ value: 'foo', cursor: 0 }, { type: 'deleteForward' })).toEqual({ value: 'oo', cursor: 0 });
    expect(applyTextEdit({ value: 'foo', cursor: 0 }, { type: 'deleteBack' })).toEqual({ value: 'foo', cursor: 0 });
    expect(applyTextEdit({ value: 'foo', cursor: 0 }, { type: 'cursorLeft' }).cursor).toBe(0);
    expect(applyTextEdit({ value: 'foo', cursor: 1 }, { type: 'cursorEnd' }).cursor).toBe(3);
    expect(applyTextEdit({ value: 'foo', cursor: 3 }, { type: 'cursorRight' }).cursor).toBe(3);
  });
  it('counts code points, so an emoji is one step', () => {
    expect(applyTextEdit({ value: 'a😀', cursor: 2 }, { type: 'deleteBack' })).toEqual({ value: 'a', cursor: 1 });
    expect(clampCursor({ value: 'ab', cursor: 99 }).cursor).toBe(2);
  });
});
