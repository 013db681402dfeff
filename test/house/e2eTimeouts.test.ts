import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

/**
 * vitest's 20 s test timeout (vitest.config.ts) is for unit tests. A test of the built program waits for a board
 * that can take 20 s to come on a loaded machine, then for each key's effect: links.test.ts, under the default,
 * took 19.6 s of its 20 at load 22, and was stopped by vitest mid-wait, without the screen its own wait would have
 * shown. So every describe of test/e2e/ states its timeout, at least a minute; a test that needs more states its own.
 */
const E2E = resolve(import.meta.dirname, '../e2e');
const MIN_MS = 60_000;

const files = readdirSync(E2E).filter((f) => f.endsWith('.test.ts'));
const text = (f: string) => readFileSync(join(E2E, f), 'utf8');

it(`every describe in test/e2e/ states a timeout of ${MIN_MS / 1000} s or more`, () => {
  expect(files.length).toBeGreaterThan(15);
  // the describe's title, then its options (prettier may put each on a line of its own)
  const stated = /^[ \t]*describe\(\s*(['"`])(?:\\.|(?!\1)[^\\])*\1,\s*\{ timeout: ([\d_]+) \},/;
  const wrong = files.flatMap((f) => {
    const src = text(f);
    return [...src.matchAll(/^[ \t]*describe(?:\.\w+)?\(/gm)]
      .filter((m) => Number(stated.exec(src.slice(m.index))?.[2]?.replace(/_/g, '') ?? 0) < MIN_MS)
      .map((m) => `${f}:${src.slice(0, m.index).split('\n').length}: ${src.slice(m.index).split('\n')[0]!.trim()}`);
  });
  expect(wrong).toEqual([]);
});

it('no test in test/e2e/ stands outside a describe (where its timeout is stated)', () => {
  const outside = files.filter((f) => /^(?:it|test)(?:\.\w+)?\(/m.test(text(f)) || !/^describe\(/m.test(text(f)));
  expect(outside).toEqual([]);
});
