import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLocked } from './lock.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'oddsboard-state-lock-'));
const host = hostname().replace(/\s+/g, '_').slice(0, 64) || 'host';
/** The lock as a live process (this one) holds it: written a moment ago. */
const held = (path: string) => writeFileSync(`${path}.lock`, `${process.pid} ${host} ${Date.now()} theirs\n`);

describe('a state file written under its lock', () => {
  it('is written and its lock let go; while another process holds it, it is not written (tried again later)', () => {
    const dir = tmp();
    const path = join(dir, 'sub', 'watchlist.json');
    expect(writeLocked(path, () => writeFileSync(path, 'one'), false)).toBe(true);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['watchlist.json']);
    held(path);
    expect(writeLocked(path, () => writeFileSync(path, 'two'), false)).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('one');
    expect(readFileSync(`${path}.lock`, 'utf8')).toContain('theirs'); // not taken from its live owner
  });

  it('as the dashboard quits, a lock held too long does not cost the session its changes: written without it', () => {
    const path = join(tmp(), 'paper.json');
    held(path);
    expect(writeLocked(path, () => writeFileSync(path, 'mine'), true)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('mine');
  });
});
