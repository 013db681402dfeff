import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { root, sources } from '../support/houseFiles.js';

/** A regular expression literal after `(`, `=`, `,`, `:` or `return`: it matches text, it draws nothing. */
const REGEX_LITERAL = /([(=,:]|\breturn)(\s*)\/(?![/*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+\/[dgimsuy]*/g;

it('draws no glyph of its own in src/ui outside the glyph table (src/ui/glyphs.ts), so --ascii reaches every one', () => {
  // a ⏎ or · written into a string under src/ui is drawn as it is under LANG=C, where the table gives `Enter` and `-`
  // (docs/views.md § Terminals without UTF-8): three of them came back in one afternoon's fixes before this test
  const files = sources(join(root, 'src', 'ui')).filter((f) => !f.endsWith(join('ui', 'glyphs.ts')));
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((f) => {
    const text = readFileSync(f, 'utf8')
      .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, (c) => c.replace(/[^\n]/g, ' '))
      .replace(
        REGEX_LITERAL,
        (m, before: string, space: string) => before + space + ' '.repeat(m.length - before.length - space.length),
      );
    return text
      .split('\n')
      .flatMap((line, i) =>
        /[^\x00-\x7f]/.test(line) ? [`${relative(root, f)}:${i + 1}: ${line.trim().slice(0, 80)}`] : [],
      );
  });
  expect(found).toEqual([]);
});
