import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The maintainer docs name files; a rename that forgets them fails here. */
const root = resolve(import.meta.dirname, '../..');
/** Each doc and how many files it names at the least (the README is for users: the key registry it names). */
const DOCS = { 'docs/architecture.md': 20, 'CONTRIBUTING.md': 2, 'README.md': 0 };
const PATH = /`((?:src|test|bench|scripts|docs|tools)\/[\w./-]+?)`/g;

describe.each(Object.entries(DOCS))('%s', (doc, least) => {
  const text = readFileSync(join(root, doc), 'utf8');
  const named = [...new Set([...text.matchAll(PATH)].map((m) => m[1]!))];

  it('names files that exist', () => {
    expect(named.length).toBeGreaterThan(least);
    expect(named.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  it.each(['Add a key', 'Add a view', 'Add a one-shot command', 'Add a field to the normalizer'])(
    'has a recipe "%s" naming files',
    (title) => {
      const start = text.indexOf(`### ${title}`);
      expect(start, title).toBeGreaterThanOrEqual(0);
      const end = text.indexOf('\n### ', start + 4);
      const section = text.slice(start, end < 0 ? undefined : end);
      expect([...section.matchAll(PATH)].length).toBeGreaterThan(1);
    },
  );
});
