import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { NO_KEY, charKey, feedInput, isChunk, textChunk } from './chunk.js';

/** A sink that records presses; `field` says when a text field is open (here: after '/'). */
function recorder() {
  const presses: [string, Partial<Key>][] = [];
  let field = false;
  return {
    presses,
    sink: {
      inTextField: () => field,
      key(input: string, key: Key) {
        const flags = Object.fromEntries(Object.entries(key).filter(([, v]) => v === true));
        presses.push([input, flags]);
        if (input === '/') field = true;
        if (key.return && field) field = false;
      },
    },
  };
}

describe('key chunks', () => {
  it('recognises a run of plain characters, never a named, modified or escaped key', () => {
    expect(isChunk('jj', NO_KEY)).toBe(true);
    expect(isChunk('\r\r', NO_KEY)).toBe(true);
    expect(isChunk('j', NO_KEY)).toBe(false);
    expect(isChunk('👍', NO_KEY)).toBe(false); // one code point in two UTF-16 units
    expect(isChunk('[A', { ...NO_KEY, meta: true })).toBe(false);
    expect(isChunk('', { ...NO_KEY, downArrow: true })).toBe(false);
    expect(isChunk('\x1b[B', NO_KEY)).toBe(false);
  });

  it('turns each character into the key Ink would have reported alone', () => {
    expect(charKey('j')).toEqual(['j', NO_KEY]);
    expect(charKey('G')).toEqual(['G', { ...NO_KEY, shift: true }]);
    expect(charKey('\r')).toEqual(['', { ...NO_KEY, return: true }]);
    expect(charKey('\t')).toEqual(['', { ...NO_KEY, tab: true }]);
    expect(charKey('\x15')).toEqual(['u', { ...NO_KEY, ctrl: true }]);
    expect(charKey('\x7f')).toEqual(['', { ...NO_KEY, backspace: true }]);
  });

  it('splits keys outside a text field: "jj" is two moves, "\\r\\r" two Enters', () => {
    const r = recorder();
    feedInput(r.sink, 'jj', NO_KEY);
    feedInput(r.sink, '\r\r', NO_KEY);
    expect(r.presses).toEqual([
      ['j', {}],
      ['j', {}],
      ['', { return: true }],
      ['', { return: true }],
    ]);
  });

  it('passes single keys and escape sequences through unchanged', () => {
    const r = recorder();
    feedInput(r.sink, '', { ...NO_KEY, downArrow: true });
    feedInput(r.sink, 'q', NO_KEY);
    expect(r.presses).toEqual([
      ['', { downArrow: true }],
      ['q', {}],
    ]);
  });

  it('types the rest of a chunk as text once a field opens, and a trailing Enter submits', () => {
    const r = recorder();
    feedInput(r.sink, 'j/foo\r', NO_KEY);
    expect(r.presses).toEqual([
      ['j', {}],
      ['/', {}],
      ['foo', {}],
      ['', { return: true }],
    ]);
  });

  it('never types a Tab: the text before it, the Tab as a key press, then the rest in the context that follows', () => {
    const r = recorder();
    feedInput(r.sink, '/7\t5\t', NO_KEY);
    expect(r.presses).toEqual([
      ['/', {}],
      ['7', {}],
      ['', { tab: true }],
      ['5', {}],
      ['', { tab: true }],
    ]);
  });

  it('keeps an Enter in the middle of a chunk as text, so a pasted line cannot run commands', () => {
    const r = recorder();
    feedInput(r.sink, '/a\rq\r', NO_KEY);
    expect(r.presses).toEqual([
      ['/', {}],
      ['a\rq', {}],
      ['', { return: true }],
    ]);
    expect(textChunk('25')).toEqual({ text: '25', submit: false });
    expect(textChunk('25\r\r')).toEqual({ text: '25', submit: true });
  });

  it(
    'reads an Enter that starts the text as a key press: "\\r/" sends the search, then "/" opens the box ' + 'again',
    () => {
      const r = recorder();
      feedInput(r.sink, '/', NO_KEY);
      feedInput(r.sink, 'dota', NO_KEY);
      feedInput(r.sink, '\r/', NO_KEY);
      feedInput(r.sink, 'rihanna\r', NO_KEY);
      expect(r.presses).toEqual([
        ['/', {}],
        ['dota', {}],
        ['', { return: true }],
        ['/', {}],
        ['rihanna', {}],
        ['', { return: true }],
      ]);
      // once a key opened the field inside the chunk, an Enter right after it is a key press too
      const o = recorder();
      feedInput(o.sink, 'j/\rk', NO_KEY);
      expect(o.presses).toEqual([
        ['j', {}],
        ['/', {}],
        ['', { return: true }],
        ['k', {}],
      ]);
      const crlf = recorder();
      feedInput(crlf.sink, '/\r\nk', NO_KEY);
      expect(crlf.presses).toEqual([
        ['/', {}],
        ['', { return: true }],
        ['k', {}],
      ]);
    },
  );

  it('reads a control key that starts the text as a key press: "\\x15abc" is Ctrl-U, then "abc"', () => {
    const r = recorder();
    feedInput(r.sink, '/', NO_KEY);
    feedInput(r.sink, 'old', NO_KEY);
    feedInput(r.sink, '\x15new\r', NO_KEY);
    expect(r.presses).toEqual([
      ['/', {}],
      ['old', {}],
      ['u', { ctrl: true }],
      ['new', {}],
      ['', { return: true }],
    ]);
  });
});
