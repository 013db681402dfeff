import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { root } from '../support/houseFiles.js';

/**
 * vitest's 20 s test timeout (vitest.config.ts) is for unit tests. A test of the built program waits for a board
 * that can take 20 s to come on a loaded machine, then for each key's effect: links.test.ts, under the default,
 * took 19.6 s of its 20 at load 22, and was stopped by vitest mid-wait, without the screen its own wait would have
 * shown. A test that starts the built CLI a few times pays a Node start-up each (about 3 s at load 25: run.test.ts's
 * nine took 29 s). So every describe of such a file — test/e2e/, and any test that names dist/cli.js — states its
 * timeout, at least a minute; a test that needs more states its own.
 */
const MIN_MS = 60_000;

function tests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : tests(path);
    return /\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}
const text = (f: string) => readFileSync(f, 'utf8');
const e2e = tests(join(root, 'test/e2e'));
const starters = ['src', 'bench', 'scripts']
  .flatMap((d) => tests(join(root, d)))
  .filter((f) => /dist\/cli\.js/.test(text(f)));
const files = [...e2e, ...starters];

it(`every describe in test/e2e/, and of a test that starts dist/cli.js, states a timeout of ${MIN_MS / 1000} s or more`, () => {
  expect(e2e.length).toBeGreaterThan(15);
  expect(starters.length).toBeGreaterThan(0);
  // the describe's title, then its options (prettier may put each on a line of its own)
  const stated = /^[ \t]*describe\(\s*(['"`])(?:\\.|(?!\1)[^\\])*\1,\s*\{ timeout: ([\d_]+) \},/;
  const wrong = files.flatMap((f) => {
    const src = text(f);
    return [...src.matchAll(/^[ \t]*describe(?:\.\w+)?\(/gm)]
      .filter((m) => Number(stated.exec(src.slice(m.index))?.[2]?.replace(/_/g, '') ?? 0) < MIN_MS)
      .map(
        (m) =>
          `${relative(root, f)}:${src.slice(0, m.index).split('\n').length}: ${src.slice(m.index).split('\n')[0]!.trim()}`,
      );
  });
  expect(wrong).toEqual([]);
});

it('no such test stands outside a describe (where its timeout is stated)', () => {
  const outside = files.filter((f) => /^(?:it|test)(?:\.\w+)?\(/m.test(text(f)) || !/^describe\(/m.test(text(f)));
  expect(outside.map((f) => relative(root, f))).toEqual([]);
});

/**
 * The kit's waits end before the running test does and say so (test/support/testBudget.ts); a loop on the wall clock
 * in a test file has no such end, and runs into the test's timeout with no message. sharedBudget.ts spends real time
 * on purpose (windows of the rate budget), its run far inside its timeout.
 */
const SPENDS_REAL_TIME = ['test/e2e/sharedBudget.ts'];

it('a file of test/e2e/ waits through the kit, not on a deadline of its own', () => {
  const all = readdirSync(join(root, 'test/e2e'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(root, 'test/e2e', f));
  const own = all.filter((f) => /\b(?:Date|performance)\.now\(\)/.test(text(f)));
  expect(own.map((f) => relative(root, f))).toEqual(SPENDS_REAL_TIME);
});
