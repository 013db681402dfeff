import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import inkWidth, { redirectFor } from './inkWidth.js';

describe('inkWidth', () => {
  it(
    'answers as string-width does, for plain, coloured, wide and odd text, twice (the second time from the ' + 'cache)',
    () => {
      const samples = [
        '',
        'plain',
        '\x1b[1m\x1b[32mACTIVE\x1b[39m\x1b[22m  37.0¢ ▲1.2¢',
        '選挙の結果',
        '👨‍👩‍👧‍👦 family',
        ' │ ',
        'a\tb',
        '\u200b',
      ];
      for (const s of samples) {
        expect(inkWidth(s), s).toBe(stringWidth(s));
        expect(inkWidth(s), s).toBe(stringWidth(s));
      }
      fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => inkWidth(s) === stringWidth(s)));
    },
  );

  it('passes options that change the answer through to string-width', () => {
    const s = '\x1b[31m±±\x1b[39m';
    expect(inkWidth(s, { countAnsiEscapeCodes: true })).toBe(stringWidth(s, { countAnsiEscapeCodes: true }));
    expect(inkWidth('±', { ambiguousIsNarrow: false })).toBe(2);
    expect(inkWidth(undefined as unknown as string)).toBe(0);
  });

  it('redirects string-width only when a dependency imports it', () => {
    const self = 'file:///app/dist/cli/inkWidth.js';
    expect(redirectFor('string-width', 'file:///app/node_modules/ink/build/output.js', self)).toBe(self);
    expect(redirectFor('string-width', 'file:///app/node_modules/widest-line/index.js', self)).toBe(self);
    expect(redirectFor('string-width', 'file:///app/dist/ui/format.js', self)).toBeUndefined();
    expect(redirectFor('string-width', self, self)).toBeUndefined();
    expect(redirectFor('strip-ansi', 'file:///app/node_modules/ink/build/output.js', self)).toBeUndefined();
  });
});
