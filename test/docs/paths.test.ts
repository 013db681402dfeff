import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The maintainer docs name files; a rename that forgets them fails here. */
const root = resolve(import.meta.dirname, '../..');
const DOCS = ['docs/architecture.md', 'CONTRIBUTING.md', 'README.md'];
const PATH = /`((?:src|test|bench|scripts|docs|tools)\/[\w./-]+?)`/g;

describe.each(DOCS)('%s', (doc) => {
  const text = readFileSync(join(root, doc), 'utf8');
  const named = [...new Set([...text.matchAll(PATH)].map((m) => m[1]!))];

  it('names files that exist', () => {
    expect(named.length).toBeGreaterThan(doc === 'docs/architecture.md' ? 20 : 2);
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
