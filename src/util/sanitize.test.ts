import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { sanitize, uniformWidth } from './sanitize.js';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;

describe('sanitize', () => {
  it('passes plain text through', () => {
    expect(sanitize('Will BTC hit $150k? (Yes/No) 62%')).toBe('Will BTC hit $150k? (Yes/No) 62%');
  });

  it('returns "" for non-strings', () => {
    for (const v of [undefined, null, 42, {}, [], true]) expect(sanitize(v)).toBe('');
  });

  it('removes CSI colours and cursor moves', () => {
    expect(sanitize(`${ESC}[31mred${ESC}[0m plain`)).toBe('red plain');
    expect(sanitize(`${ESC}[1;38;5;196mbold${ESC}[m`)).toBe('bold');
    expect(sanitize(`a${ESC}[2J${ESC}[H${ESC}[10;20Hb${ESC}[?25l${ESC}[3Ac`)).toBe('abc');
  });

  it('keeps the visible text of an OSC 8 hyperlink and drops the link', () => {
    expect(sanitize(`${ESC}]8;;https://evil.example${ST}click here${ESC}]8;;${ST}`)).toBe('click here');
    expect(sanitize(`${ESC}]8;id=1;https://x.example${BEL}text${ESC}]8;;${BEL}!`)).toBe('text!');
  });

  it('removes OSC 52 clipboard writes and window-title changes entirely', () => {
    expect(sanitize(`before${ESC}]52;c;cm0gLXJmIH4=${BEL}after`)).toBe('beforeafter');
    expect(sanitize(`x${ESC}]52;c;cm0gLXJmIH4=${ST}y`)).toBe('xy');
    expect(sanitize(`${ESC}]0;pwned title${BEL}ok`)).toBe('ok');
  });

  it('removes DCS, SOS, PM and APC strings', () => {
    expect(sanitize(`a${ESC}P1$r0m${ST}b`)).toBe('ab');
    expect(sanitize(`a${ESC}Xsos${ST}b${ESC}^pm${ST}c${ESC}_apc${ST}d`)).toBe('abcd');
  });

  it('removes 8-bit C1 forms: CSI 0x9b, OSC 0x9d, DCS 0x90 ended by ST 0x9c', () => {
    expect(sanitize('\u009b31mred\u009b0m')).toBe('red');
    expect(sanitize('a\u009d52;c;Zm9v\u009cb')).toBe('ab');
    expect(sanitize('a\u0090data\u009cb')).toBe('ab');
    expect(sanitize('a\u0085b\u009fc')).toBe('ab');
  });

  it('removes two-byte escapes and charset designations', () => {
    expect(sanitize(`a${ESC}cb${ESC}7c${ESC}8d${ESC}(Be${ESC}%Gf${ESC}#8g`)).toBe('abcdefg');
    expect(sanitize(`${ESC}(日本`)).toBe('日本');
  });

  it('removes BEL, backspace, DEL and other C0 controls', () => {
    expect(sanitize(`ding${BEL}!`)).toBe('ding!');
    expect(sanitize('abc\b\b\bxyz')).toBe('abcxyz');
    expect(sanitize('a\u007fb\u0000c\u0001d\u001ae')).toBe('abcde');
  });

  it('turns tabs and line breaks into single spaces', () => {
    expect(sanitize('a\tb\r\nc\n\nd')).toBe('a b c d');
  });

  it('turns U+2028 / U+2029 into spaces: a terminal draws them as nothing, the layout counts a cell each', () => {
    expect(sanitize('LS\u2028PS\u2029end')).toBe('LS PS end');
    expect(sanitize('a\u2028\u2029\nb')).toBe('a b');
    expect(stringWidth(sanitize('x\u2028y'))).toBe(3);
  });

  it('draws half a surrogate pair as the U+FFFD a terminal shows, which the layout counts as one cell', () => {
    expect(sanitize('\ud83c lone')).toBe('\ufffd lone');
    expect(sanitize('end\udc00')).toBe('end\ufffd');
    expect(sanitize(`${ESC}[1m\ud83c${ESC}[0m😀`)).toBe('\ufffd😀');
    expect(sanitize('😀 pair')).toBe('😀 pair');
    expect(stringWidth(sanitize('\ud83c'))).toBe(1);
  });

  it('removes bidi overrides, embeddings, isolates and marks', () => {
    expect(sanitize('abc\u202Eevil\u202C')).toBe('abcevil');
    expect(sanitize('\u2066x\u2067y\u2068z\u2069\u200E\u200F\u061C')).toBe('xyz');
    expect(sanitize('\u202Aa\u202Bb\u202Dc')).toBe('abc');
  });

  it('lets an unterminated OSC/DCS swallow the rest, as a terminal would', () => {
    expect(sanitize(`visible${ESC}]8;;https://evil.example and everything after`)).toBe('visible');
    expect(sanitize(`visible${ESC}P unterminated`)).toBe('visible');
    expect(sanitize(`trailing${ESC}`)).toBe('trailing');
    expect(sanitize(`cut${ESC}[31`)).toBe('cut');
  });

  it('preserves CJK, accents and emoji; flags stay, emoji sequences come out in a form of agreed width', () => {
    const text = '日本語のテキスト — Ελληνικά, café, 😀 🐕 🇯🇵 👍';
    expect(sanitize(text)).toBe(text);
    expect(sanitize(`${ESC}[1m👩‍🚀${ESC}[0m 中文`)).toBe('👩🚀 中文');
  });

  it('an ESC before a non-ASCII character drops only the ESC (never half a surrogate pair)', () => {
    expect(sanitize(`${ESC}😀ok`)).toBe('😀ok');
    expect(sanitize(`${ESC}日本`)).toBe('日本');
  });

  it('never leaves an ESC, a C0/C1 control or a bidi control in the output', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom(
              ESC,
              '\u009b',
              '\u009d',
              '\u0090',
              '\u009c',
              BEL,
              '[',
              ']',
              'P',
              '\\',
              ';',
              '\u202e',
              '\u2066',
              '😀',
            ),
          ),
        ),
        (parts) => {
          const out = sanitize(parts.join(''));
          expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('uniformWidth', () => {
  it(
    'drops presentation selectors, skin tones and tags, splits emoji ZWJ sequences, letters a lone regional ' +
      'indicator',
    () => {
      expect(uniformWidth('🌡️ heat')).toBe('🌡 heat');
      expect(uniformWidth('☀︎ ❤️ 1️⃣ #⃣')).toBe('☀ ❤ 1 #');
      expect(uniformWidth('👍🏽 👩🏽‍💻')).toBe('👍 👩💻');
      expect(uniformWidth('👨‍👩‍👧 family')).toBe('👨👩👧 family');
      expect(uniformWidth('🏳️‍🌈')).toBe('🏳🌈');
      expect(uniformWidth('🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}')).toBe('🏴');
      expect(uniformWidth('🇺🇸🇯🇵 🇺 x')).toBe('🇺🇸🇯🇵 U x');
      expect(uniformWidth('🇺🇸🇯')).toBe('🇺🇸J');
      expect(uniformWidth('🇺🇺🇸')).toBe('UUS');
      // a ZWJ that shapes another script is not an emoji joiner
      expect(uniformWidth('क्\u200dष')).toBe('क्\u200dष');
      expect(uniformWidth('plain 日本')).toBe('plain 日本');
    },
  );

  it('makes string-width (the layout) and a code-point-by-code-point count (wcwidth terminals) agree', () => {
    const pieces = [
      '🌡️',
      '🇸',
      '🇯🇵',
      '☀️',
      '❤️',
      '👍🏽',
      '👩🏽‍💻',
      '👨‍👩‍👧‍👦',
      '🏳️‍🌈',
      '🇺🇸',
      '🇺',
      '1️⃣',
      '#️⃣',
      '🐕',
      '日本',
      'é',
      'e\u0301',
      'a',
      ' ',
      '🫠',
      '©️',
      '↔️',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const out = sanitize(parts.join(''));
        expect(stringWidth(out)).toBe([...out].reduce((n, c) => n + stringWidth(c), 0));
      }),
      { numRuns: 300 },
    );
  });
});
