import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { root, sources } from '../support/houseFiles.js';

/** A file a reader holds in their head: no source file under src/ (tests aside) over this many lines. */
const MAX_LINES = 300;

it(`keeps every source file under src/ at ${MAX_LINES} lines or fewer (split along a seam that has a name)`, () => {
  const files = sources(join(root, 'src'));
  expect(files.length).toBeGreaterThan(100);
  const lines = (f: string) => readFileSync(f, 'utf8').replace(/\n$/, '').split('\n').length;
  const over = files.filter((f) => lines(f) > MAX_LINES).map((f) => `${relative(root, f)}: ${lines(f)}`);
  expect(over).toEqual([]);
});

/** The README is for users: what it is, one screen, install, sources, keys; every long table lives in docs/. */
const README_MAX_BYTES = 12 * 1024;

it(`keeps README.md at ${README_MAX_BYTES} bytes or fewer (long tables belong in docs/)`, () => {
  expect(readFileSync(join(root, 'README.md')).length).toBeLessThanOrEqual(README_MAX_BYTES);
});
