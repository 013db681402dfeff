import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the README, CONTRIBUTING.md and docs/*.md points at a file that exists and, when it names
 * an anchor, at a heading of that file (GitHub's anchors), so moving a table or renaming a heading cannot strand a
 * reader.
 */
const root = resolve(import.meta.dirname, '../..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks (``` or ~~~), line by line: headings and links there are not Markdown. */
function proseLines(md: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of md.split('\n')) {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && open) fence = open[0]!.repeat(open.length);
    else if (fence !== undefined && open?.startsWith(fence)) fence = undefined;
    else if (fence === undefined) out.push(line);
  }
  return out;
}

/** Inline code spans dropped: a `[a](b)` inside backticks is text. */
const withoutCode = (line: string) => line.replace(/(`+)(?:(?!\1).)*?\1/g, '');

/** The targets of inline links and images (`[text](target "title")`) and of reference definitions (`[id]: target`). */
function linkTargets(md: string): string[] {
  const out: string[] = [];
  for (const line of proseLines(md).map(withoutCode)) {
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)) out.push(m[1]!);
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (def) out.push(def[1]!);
  }
  return out;
}

/**
 * GitHub's anchor for a heading: its text as rendered (code spans, emphasis and links reduced to their text),
 * lowercased, every character but letters, digits, marks, `_`, `-` and spaces removed, spaces turned into `-`.
 */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]|(^|\s)_+|_+(?=\s|$)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file's headings get (a repeated heading: `-1`, `-2`, … after the first). */
function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of proseLines(md)) {
    const h = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!h) continue;
    const base = slug(h[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const isExternal = (target: string) => /^[a-z][a-z\d+.-]*:/i.test(target);

/** What is wrong with a relative link from `doc` (undefined: nothing). */
function brokenLink(doc: string, target: string): string | undefined {
  const [rawPath = '', rawAnchor] = target.split('#', 2) as [string, string | undefined];
  const path = decodeURIComponent(rawPath);
  const file = path === '' ? join(root, doc) : path.startsWith('/') ? join(root, path) : join(root, dirname(doc), path);
  if (!existsSync(file)) return `${target}: no file ${relative(root, file)}`;
  if (rawAnchor === undefined || rawAnchor === '') return undefined;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `${target}: an anchor into a file without headings`;
  const anchor = decodeURIComponent(rawAnchor).toLowerCase();
  return anchors(readFileSync(file, 'utf8')).has(anchor) ? undefined : `${target}: no heading #${anchor}`;
}

describe('the anchors GitHub gives headings', () => {
  it.each([
    ['The field table', 'the-field-table'],
    ['`oddsboard serve --chaos PROFILE`', 'oddsboard-serve---chaos-profile'],
    ['Drawing: `Seg` and `Line`', 'drawing-seg-and-line'],
    ['Before and after (issue 10)', 'before-and-after-issue-10'],
    ['bench:budget', 'benchbudget'],
    ['The watcher: watchlist, alerts, alert log', 'the-watcher-watchlist-alerts-alert-log'],
    ['**Keys** and [links](x.md)', 'keys-and-links'],
    ['Über 日本 — café', 'über-日本--café'],
  ])('%s → #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  it('numbers a repeated heading and ignores headings in code blocks', () => {
    const md = '# Setup\n\n## Setup\n\n```sh\n# not a heading\n```\n\n### Setup ##\n';
    expect([...anchors(md)]).toEqual(['setup', 'setup-1', 'setup-2']);
  });

  it('reads inline links, images and reference definitions, not those in code', () => {
    const md = '[a](x.md) ![i](img.png "t") `[no](code.md)`\n\n```\n[no](fence.md)\n```\n[ref]: docs/y.md#z\n';
    expect(linkTargets(md)).toEqual(['x.md', 'img.png', 'docs/y.md#z']);
  });

  it('finds a broken file and a broken anchor', () => {
    expect(brokenLink('README.md', 'docs/nowhere.md')).toContain('no file docs/nowhere.md');
    expect(brokenLink('README.md', 'docs/faults.md#no-such-heading')).toContain('no heading #no-such-heading');
    expect(brokenLink('docs/faults.md', '../README.md')).toBeUndefined();
  });
});

describe.each(DOCS)('%s', (doc) => {
  const targets = linkTargets(readFileSync(join(root, doc), 'utf8')).filter((t) => !isExternal(t));

  it('links only to files and headings that exist', () => {
    expect(targets.map((t) => brokenLink(doc, t)).filter((e) => e !== undefined)).toEqual([]);
  });
});

it('checks the links the README and docs hold', () => {
  const all = DOCS.flatMap((doc) => linkTargets(readFileSync(join(root, doc), 'utf8')).filter((t) => !isExternal(t)));
  expect(all.length).toBeGreaterThan(15);
  expect(all.filter((t) => t.includes('#')).length).toBeGreaterThan(1);
});
