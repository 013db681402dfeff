/**
 * Several keys can reach `useInput` as ONE call: a person typing fast, key
 * repeat over ssh, `tmux send-keys j j` all deliver `'jj'` or `'\r\r'` in one
 * read. Ink already splits escape sequences, bracketed paste, backspace and
 * Ctrl-C into their own events; what is left is a run of plain characters.
 *
 * Rule: outside a text field each character is its own key press (the context
 * is read again after each, so `'/foo'` opens the search box and then types
 * "foo"). Inside a text field the rest of the chunk is text, as a paste would
 * be — except that a trailing Enter still submits (`'foo\r'` searches for
 * "foo"), and an Enter that starts the text (the field was typed into before
 * this chunk, or a key of this chunk just opened it) is a key press too: it
 * submits, and the rest of the chunk is read again in the context that
 * follows (`'\r/'` sends the search, then `/` opens the box anew); so is a
 * control key that starts the text (`'\x15abc'`: Ctrl-U, then "abc"). An Enter
 * after text in the same chunk stays text (a space), so a multi-line paste
 * from a terminal without bracketed paste cannot run the lines after the first
 * as commands (a stray `q` would quit). A Tab is never text (the fields are one line): the text before it is typed,
 * the Tab is a key press (the alert form's next field), and the rest is read again in the context that follows —
 * `'7\t'` typed fast into the move field was one text, refused by the number field whole, the 7 and the Tab lost.
 */
import type { Key } from 'ink';

export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

const NAMED: readonly (keyof Key)[] = [
  'upArrow',
  'downArrow',
  'leftArrow',
  'rightArrow',
  'pageDown',
  'pageUp',
  'home',
  'end',
  'return',
  'escape',
  'tab',
  'backspace',
  'delete',
];

/**
 * Whether `useInput` handed us several plain characters at once (never an escape sequence, a named key or a modified
 * key).
 */
export function isChunk(input: string, key: Key): boolean {
  if (key.ctrl || key.meta || key.super || key.hyper) return false;
  if (NAMED.some((n) => key[n] === true)) return false;
  if (input.includes('\x1b')) return false;
  return Array.from(input).length > 1;
}

/** One character of a chunk as the (input, key) pair Ink would have given for it alone. */
export function charKey(ch: string): [string, Key] {
  switch (ch) {
    case '\r':
    case '\n':
      return ['', { ...NO_KEY, return: true }];
    case '\t':
      return ['', { ...NO_KEY, tab: true }];
    case '\x7f':
    case '\b':
      return ['', { ...NO_KEY, backspace: true }];
  }
  const c = ch.codePointAt(0) ?? 0;
  // C0 controls are Ctrl + a letter (Ctrl-U is 0x15 → 'u').
  if (c >= 1 && c <= 26) return [String.fromCharCode(c + 96), { ...NO_KEY, ctrl: true }];
  if (c < 0x20) return ['', NO_KEY];
  return [ch, { ...NO_KEY, shift: /^[A-Z]$/.test(ch) }];
}

/** A chunk typed into a text field: the text to insert and whether it ended with Enter. */
export function textChunk(chunk: string): { text: string; submit: boolean } {
  const submit = /[\r\n]$/.test(chunk);
  return { text: submit ? chunk.replace(/[\r\n]+$/, '') : chunk, submit };
}

export interface ChunkSink {
  /** Whether keys go to a text field right now (read fresh before each step). */
  inTextField(): boolean;
  key(input: string, key: Key): void;
}

/** Feed one `useInput` call to `sink`, one key press at a time (see the rule above). */
export function feedInput(sink: ChunkSink, input: string, key: Key): void {
  if (!isChunk(input, key)) return sink.key(input, key);
  const chars = Array.from(input);
  for (let i = 0; i < chars.length; i++) {
    if (sink.inTextField()) {
      if (chars[i] === '\r' || chars[i] === '\n') {
        // nothing of this chunk typed before it: a key press, not a pasted line break (CR LF is one)
        if (chars[i] === '\r' && chars[i + 1] === '\n') i++;
        sink.key('', { ...NO_KEY, return: true });
        continue;
      }
      // a control that starts the text is a key press too (`tmux send-keys C-u` then typed text: '\x15abc' clears
      // the field, then types): a control character is never text
      const [inp, k] = charKey(chars[i]!);
      if (k.ctrl || k.tab || k.backspace) {
        sink.key(inp, k);
        continue;
      }
      const tab = chars.indexOf('\t', i);
      if (tab > i) {
        sink.key(chars.slice(i, tab).join(''), NO_KEY);
        i = tab - 1; // the Tab next, as a key press
        continue;
      }
      const { text, submit } = textChunk(chars.slice(i).join(''));
      if (text) sink.key(text, NO_KEY);
      if (submit) sink.key('', { ...NO_KEY, return: true });
      return;
    }
    const [inp, k] = charKey(chars[i]!);
    sink.key(inp, k);
  }
}
