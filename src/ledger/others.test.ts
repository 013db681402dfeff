/**
 * The file ledger's reads between claims (file.ts `others`, `pausedUntil`): the scheduler asks them for every
 * candidate of every pass at one time, so they make no new arrays while the file and the time are the same.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FileLedger } from './file.js';
import { STEP_BACK_MAX_MS } from './lines.js';

const ledgerPath = () => join(mkdtempSync(join(tmpdir(), 'oddsboard-ledger-')), 'budget.ledger');

/** How many arrays `filter` made while `f` ran, and its answer. */
function filtered<T>(f: () => T): { made: number; value: T } {
  const spy = vi.spyOn(Array.prototype, 'filter');
  try {
    const value = f();
    return { made: spy.mock.calls.length, value };
  } finally {
    spy.mockRestore();
  }
}

describe('FileLedger reads between claims', () => {
  it('answers the others’ sends once per view and time; a later send or time is seen', () => {
    const path = ledgerPath();
    const a = new FileLedger(path, { proc: 'a' });
    const b = new FileLedger(path, { proc: 'b' });
    expect(a.claim(1_000, 5)).toEqual({ ok: true });
    expect(b.claim(2_000, 5)).toEqual({ ok: true });
    const first = b.others(2_100);
    expect(first).toEqual([1_000]);
    const again = filtered(() => [b.others(2_100), b.pausedUntil(2_100)]);
    expect(again).toEqual({ made: 0, value: [first, undefined] });
    expect(again.value[0]).toBe(first);
    expect(a.claim(3_000, 5)).toEqual({ ok: true });
    // the view is looked at again after 250 ms: a's new send is there
    expect(b.others(3_500)).toEqual([1_000, 3_000]);
    // past the window (61 s) the oldest has left, on the same view
    expect(b.others(62_000)).toEqual([3_000]);
  });

  // a send up to a day ahead is taken as the wall clock set back (lines.ts caughtUp) and moved; beyond, a hand edit
  it('still leaves out a send stamped further in the future than a step back, and says so once', () => {
    const path = ledgerPath();
    const a = new FileLedger(path, { proc: 'a' });
    const b = new FileLedger(path, { proc: 'b' });
    const ahead = 50_000 + STEP_BACK_MAX_MS + 60_000;
    expect(a.claim(ahead, 5)).toEqual({ ok: true });
    const notices: string[] = [];
    b.listen((t) => notices.push(t));
    expect(b.others(50_000)).toEqual([]);
    expect(b.others(50_000)).toEqual([]);
    expect(b.others(ahead - 1_000)).toEqual([ahead]);
    expect(notices).toHaveLength(1);
  });
});
