import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { root, sources } from '../support/houseFiles.js';

/**
 * A mkdir call (mkdirSync, mkdir, fs.promises.mkdir) asking for `recursive` before its closing paren (one level of
 * parens inside: `mkdirSync(dirname(path), { recursive: true })`).
 */
const RECURSIVE_MKDIR = /\bmkdir(?:Sync)?\s*\((?:[^()]|\([^()]*\))*\brecursive\b/g;

it('makes folders under src/ and bench/ only with makeDirs (src/util/files.ts), never Node’s recursive mkdir', () => {
  // Node's recursive mkdir tries a folder a file system cannot hold (/proc/x: ENOENT once its parent is there) again
  // and again for good: XDG_STATE_HOME=/proc/x hung the dashboard and `pairs --reject` before they said a word
  // bench/ too: the soak writes its snapshots and seeds its state under folders the developer names
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'bench'))];
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((f) => {
    // comments blanked, their lines kept (makeDirs' own says why it is not Node's)
    const text = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, (c) => c.replace(/[^\n]/g, ' '));
    return [...text.matchAll(RECURSIVE_MKDIR)].map((m) => {
      const line = text.slice(0, m.index).split('\n').length;
      return `${relative(root, f)}:${line}`;
    });
  });
  expect(found).toEqual([]);
});
