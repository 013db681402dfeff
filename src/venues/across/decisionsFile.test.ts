/**
 * The Across desk's pairs.json while the dashboard runs: written a second after a decision, by the rules of the
 * watcher's files — another process's lock is not waited for with the screen held, a failed write is tried again.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeDecisions, PairDecisions } from '../../pairs/decisions.js';
import { ManualClock } from '../../util/clock.js';
import { SAVE_RETRY_MS } from '../../watch/keptFiles.js';
import { LOCK_RETRY_MS } from '../../watch/lock.js';
import { parseRefKey } from '../../venue/ref.js';
import { DecisionsFile, SAVE_DEBOUNCE_MS } from './decisionsFile.js';

const H0 = parseRefKey('kalshi:KXFEDDECISION-26SEP-H0')!;
const SAME = parseRefKey('polymarket:2252244')!;
const host = hostname().replace(/\s+/g, '_').slice(0, 64) || 'host';

/** A DecisionsFile in a fresh state directory over one session's decisions; `said`: its lines. */
function rig() {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-file-'));
  const clock = new ManualClock();
  const decisions = new PairDecisions();
  const said: string[] = [];
  const file = new DecisionsFile(dir, clock, {
    decisions: () => decisions,
    merged: () => {},
    say: (line) => said.push(line),
  });
  const path = join(dir, 'pairs.json');
  /** A decision made: the confirmed pair, then the file told. */
  const confirm = () => {
    decisions.confirm({ a: H0, b: SAME, relation: 'same', at: clock.now(), reasons: [] });
    file.changed();
  };
  return { dir, clock, file, path, said, confirm };
}

describe('pairs.json written while the board runs', () => {
  it('while another process holds its lock, is not waited for (the screen would stand still): tried again soon', () => {
    const { clock, path, confirm } = rig();
    // a live process (this one) holds pairs.json.lock, taken a moment ago
    writeFileSync(`${path}.lock`, `${process.pid} ${host} ${Date.now()} theirs\n`);
    confirm();
    clock.advanceTo(clock.now() + SAVE_DEBOUNCE_MS);
    // waited for, it would have been written a second later without the lock, the event loop held all along
    expect(existsSync(path)).toBe(false);
    rmSync(`${path}.lock`);
    clock.advanceTo(clock.now() + LOCK_RETRY_MS);
    expect(JSON.parse(readFileSync(path, 'utf8')).confirmed).toMatchObject([{ a: 'kalshi:KXFEDDECISION-26SEP-H0' }]);
  });

  it('a write that fails is said once and tried again on its own, not only at the next decision', () => {
    const { clock, path, said, confirm } = rig();
    mkdirSync(path); // a directory in its place since the board started: the rename over it fails
    confirm();
    clock.advanceTo(clock.now() + SAVE_DEBOUNCE_MS);
    expect(said).toEqual([expect.stringMatching(/^Could not save .*pairs\.json \(EISDIR\): .*trying again$/)]);
    rmSync(path, { recursive: true });
    clock.advanceTo(clock.now() + SAVE_RETRY_MS);
    expect(JSON.parse(readFileSync(path, 'utf8')).confirmed).toHaveLength(1);
    expect(said).toHaveLength(1);
  });

  it('still failing as the dashboard quits: one line for stderr (the problem list is gone with the screen)', () => {
    const { path, file, confirm } = rig();
    mkdirSync(path);
    confirm(); // and quit within the second: the last write is the one on the way out
    expect(file.stop()).toEqual([
      expect.stringMatching(/^Could not save .*pairs\.json \(EISDIR\): .*this session's changes to it are not saved$/),
    ]);
  });
});

describe('pairs.json moved aside by another dashboard (src/watch/aside.shared.test.ts for the others)', () => {
  const pair = (n: number) => ({ a: parseRefKey(`kalshi:K${n}`)!, b: parseRefKey(`polymarket:${n}`)!, reasons: [] });
  /** A board over `dir`, its decisions the ones it read at start, as the desk's are. */
  function board(dir: string) {
    const clock = new ManualClock(1_000);
    let decisions = new PairDecisions();
    const file = new DecisionsFile(dir, clock, { decisions: () => decisions, merged: () => {}, say: () => {} });
    decisions = file.loaded.decisions;
    const confirm = (n: number) => {
      decisions.confirm({ ...pair(n), relation: 'same', at: clock.now() });
      file.changed();
      clock.advance(SAVE_DEBOUNCE_MS);
    };
    return { file, confirm };
  }
  const held = (dir: string) =>
    (JSON.parse(readFileSync(join(dir, 'pairs.json'), 'utf8')) as { confirmed: { a: string }[] }).confirmed
      .map((c) => c.a)
      .sort();

  it('loses no decision: a decision is replaced only by a later one, never taken as removed', () => {
    // B read K1 and K2; the file is broken and A, started then, moves it aside and writes K3 alone
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-aside-'));
    const d0 = new PairDecisions();
    for (const n of [1, 2]) d0.confirm({ ...pair(n), relation: 'same', at: 500 });
    writeFileSync(join(dir, 'pairs.json'), encodeDecisions(d0));
    const b = board(dir);
    writeFileSync(join(dir, 'pairs.json'), '{');
    board(dir).confirm(3);
    expect(held(dir)).toEqual(['kalshi:K3']);
    b.file.pull();
    b.confirm(4);
    expect(held(dir)).toEqual(['kalshi:K1', 'kalshi:K2', 'kalshi:K3', 'kalshi:K4']);
  });
});
