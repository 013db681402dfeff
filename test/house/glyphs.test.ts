import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { root, sources } from '../support/houseFiles.js';

/** A regular expression literal after `(`, `=`, `,`, `:`, `!` or `return`: it matches text, it draws nothing. */
const REGEX_LITERAL = /([(=,:!]|\breturn)(\s*)\/(?![/*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+\/[dgimsuy]*/g;

/** The files that must keep non-ASCII text outside comments and regex literals, each with its reason. */
const ALLOWED: Record<string, string> = {
  'src/util/glyphs.ts': 'the glyph table itself: each glyph beside its stand-in',
  'src/server/sim/catalog.ts': "the reference service's simulated titles: a service's text, wide on purpose",
  'src/server/chaosBody.ts': '--chaos bodies: hostile service text (emoji, RTL override) the client must survive',
  'src/cli/oneshot/table.ts': 'the one-shot tables stay Unicode (they never call setGlyphs): docs/views.md',
  'src/cli/oneshot/positionsOut.ts': 'the one-shot positions table, Unicode as the other one-shot tables',
  'src/cli/oneshot/pairsOut.ts': 'the one-shot pairs table, Unicode as the other one-shot tables',
  'src/cli/oneshot/wrap.ts': 'the one-shot market facts wrapped on a narrow terminal, Unicode as the one-shot tables',
};

function nonAscii(f: string): string[] {
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
}

const rel = (f: string) => relative(root, f).split('\\').join('/');

it('draws no glyph of its own in src/ outside the glyph table and a short allow-list, so --ascii reaches every one', () => {
  // a ⏎ or · written into a string is drawn as it is under LANG=C, where the table gives `Enter` and `-` (docs/views.md
  // § Terminals without UTF-8): three came back in src/ui in one afternoon, then texts built in src/api and
  // src/sources (an HTML page's title in “…”, `Route not found —`) reached the board's banner the same way
  const files = sources(join(root, 'src')).filter((f) => !(rel(f) in ALLOWED));
  expect(files.length).toBeGreaterThan(300);
  expect(files.flatMap(nonAscii)).toEqual([]);
});

it('allows only files that exist and still need it, so the list cannot rot into a blanket pass', () => {
  for (const f of Object.keys(ALLOWED)) expect(nonAscii(join(root, f)), f).not.toEqual([]);
});
