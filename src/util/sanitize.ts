/**
 * Makes a string from the network safe to draw in a terminal: removes every
 * escape sequence (CSI, OSC incl. hyperlinks OSC 8 and clipboard OSC 52, DCS,
 * SOS/PM/APC, two-byte ESC sequences, their 8-bit C1 forms), every other C0/C1
 * control (BEL, backspace, DEL, …) and bidi overrides/isolates, which can make
 * text display in a different order than it reads. Tabs and line breaks (also
 * U+2028 / U+2029, which terminals draw as nothing while the layout counts a
 * cell each) become single spaces (one-line cells); half a surrogate pair, which
 * a terminal draws as a 1-cell U+FFFD the layout counts as none, becomes that
 * U+FFFD. An unterminated string sequence
 * swallows the rest of the input, as a terminal would. Emoji come out in the
 * form whose width every terminal agrees on (uniformWidth).
 */
import stringWidth from 'string-width';

const ESC = 0x1b;
const BEL = 0x07;
const ST8 = 0x9c;

function isBidiControl(cp: number): boolean {
  return (
    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c
  );
}

/** Index just past a string sequence body (OSC/DCS/SOS/PM/APC) starting at i, ended by BEL, ESC \ or 8-bit ST. */
function skipStringBody(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === BEL || c === ST8) return i + 1;
    if (c === ESC) return s.charCodeAt(i + 1) === 0x5c ? i + 2 : i + 1;
    i++;
  }
  return i;
}

/** Index just past CSI parameters/intermediates/final byte starting at i. */
function skipCsiBody(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c >= 0x40 && c <= 0x7e) return i + 1;
    if (c < 0x20 || c > 0x3f) {
      // parameter bytes 0x30–0x3f, intermediates 0x20–0x2f; anything else ends a broken sequence
      if (!(c >= 0x20 && c <= 0x2f)) return i;
    }
    i++;
  }
  return i;
}

/** Index past `ESC <intermediates 0x20–0x2f>* <final 0x30–0x7e>` starting at the first intermediate. */
function skipEscIntermediates(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x2f) i++;
    else return c >= 0x30 && c <= 0x7e ? i + 1 : i;
  }
  return i;
}

/**
 * The code points uniformWidth changes: variation selectors 15/16, ZWJ, the keycap mark, regional indicators, skin
 * tones, tags. One alternative per kind: in one class a combining mark after the ZWJ, or a skin tone after another
 * character, reads like a combined character to tools and people; each match is still one code point.
 */
const WIDTH_FORMS = /\u200d|[\u20e3\ufe0e\ufe0f]|[\u{1f1e6}-\u{1f1ff}]|[\u{1f3fb}-\u{1f3ff}]|[\u{e0000}-\u{e007f}]/u;
const DROPPED_FORMS = /[\u20e3\ufe0e\ufe0f]|[\u{1f3fb}-\u{1f3ff}]|[\u{e0000}-\u{e007f}]/gu;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic})\u200d|\u200d(?=\p{Extended_Pictographic})/gu;
const REGIONAL = /[\u{1f1e6}-\u{1f1ff}]+/gu;

/**
 * Emoji in a form whose width every common terminal agrees on, so a row never
 * shifts. Terminals that measure code point by code point (wcwidth: tmux,
 * xterm, most Linux terminals) and ones that measure whole emoji sequences
 * (kitty, WezTerm, string-width, which the layout uses) disagree on:
 *  - a presentation selector (U+FE0F/FE0E): 🌡️ is 1 cell to tmux, 2 to string-width → the selector goes (🌡, 1 cell);
 *  - a skin tone modifier: 👍🏽 is 4 cells to tmux, 2 to string-width → the modifier goes (👍);
 *  - a ZWJ sequence: 👨‍👩‍👧 is 2 cells to tmux 3.3 and string-width, 6 to older terminals → the joiners
 *    between pictographs go (👨👩👧, 6 cells everywhere); a ZWJ in other scripts stays;
 *  - a keycap (1️⃣, 2 cells to string-width, 1 to tmux) becomes its digit;
 *  - tag characters (subdivision flags) go; a regional-indicator pair that is a flag (🇺🇸) is 2 cells
 *    everywhere and stays; any other (🇺 alone, 🇺🇺) becomes its letters.
 * East Asian ambiguous characters (·, …, ▲, Greek, Cyrillic) are kept: they are 1 cell unless a terminal
 * is set to draw them wide, and the dashboard's own frame uses them too.
 */
export function uniformWidth(s: string): string {
  if (!WIDTH_FORMS.test(s)) return s;
  return s
    .replace(DROPPED_FORMS, '')
    .replace(EMOJI_JOINER, '')
    .replace(REGIONAL, (run) => {
      let out = '';
      for (let i = 0; i < run.length; i += 4) {
        const pair = run.slice(i, i + 4);
        out += pair.length === 4 && stringWidth(pair) === 2 ? pair : [...pair].map(regionLetter).join('');
      }
      return out;
    });
}

const regionLetter = (ri: string): string => String.fromCharCode(0x41 + ri.codePointAt(0)! - 0x1f1e6);

/** Whether `s` has nothing sanitize removes or replaces (most of what a server sends): it is then kept as it is. */
function clean(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || isBidiControl(c) || isLineSeparator(c)) return false;
    if (c >= 0xd800 && c <= 0xdfff) {
      if (pairAt(s, i) === 0) return false;
      i++;
    }
  }
  return true;
}

/** 2 when a surrogate pair starts at i, 0 when i holds half of one alone (JSON may escape one: "\ud83c"). */
function pairAt(s: string, i: number): 0 | 2 {
  const c = s.charCodeAt(i);
  const n = s.charCodeAt(i + 1);
  return c >= 0xd800 && c <= 0xdbff && n >= 0xdc00 && n <= 0xdfff ? 2 : 0;
}

/** U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR: line breaks, as a cell sees them. */
const isLineSeparator = (c: number): boolean => c === 0x2028 || c === 0x2029;

export function sanitize(input: unknown): string {
  if (typeof input !== 'string') return '';
  // the same answer without building the string again a character at a time (every answer's every text; issue 30)
  if (clean(input)) return uniformWidth(input);
  let out = '';
  let i = 0;
  const s = input;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === ESC) {
      const n = s.charCodeAt(i + 1);
      if (Number.isNaN(n)) break;
      if (n === 0x5b)
        i = skipCsiBody(s, i + 2); // ESC [
      else if (n === 0x5d || n === 0x50 || n === 0x58 || n === 0x5e || n === 0x5f)
        i = skipStringBody(s, i + 2); // ] P X ^ _
      else if (n >= 0x20 && n <= 0x2f)
        i = skipEscIntermediates(s, i + 1); // ESC ( B and similar
      else if (n >= 0x30 && n <= 0x7e)
        i += 2; // ESC c, ESC 7, …
      else i += 1; // ESC before a control or non-ASCII: drop the ESC only (never half a surrogate pair)
      continue;
    }
    if (c === 0x9b) {
      i = skipCsiBody(s, i + 1);
      continue;
    }
    if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) {
      i = skipStringBody(s, i + 1);
      continue;
    }
    if (c === 0x09 || c === 0x0a || c === 0x0d || isLineSeparator(c)) {
      if (!out.endsWith(' ')) out += ' ';
      i++;
      continue;
    }
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || isBidiControl(c)) {
      i++;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      // a pair stays; half of one alone is the U+FFFD the terminal would draw in its place
      const n = pairAt(s, i);
      out += n === 2 ? s.slice(i, i + 2) : '\ufffd';
      i += n === 2 ? 2 : 1;
      continue;
    }
    out += s[i];
    i++;
  }
  return uniformWidth(out);
}
