import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxInWindow } from '../../test/support/syncHarness.js';
import { FileLedger } from './file.js';
import { hostTag } from './hosts.js';

const T0 = 1_700_000_000_000;
const newPath = () => join(mkdtempSync(join(tmpdir(), 'oddsboard-hosts-')), 'budget.ledger');

/**
 * Two machines on one home (a network file system), machine x's clock `skew` ms ahead of y's: each claims every 500 ms
 * of real time for three minutes, as hard as its allowance lets it (four tries a second for a limit of 30 a minute).
 * The real times of the sends granted. Every claim is a real file's lock, read and write: at 250 ms over five minutes
 * (24,000 claims) the case took 0.9 s on a quiet machine and over 20 s in a full run under load.
 */
function twoMachines(skew: number) {
  const path = newPath();
  const x = new FileLedger(path, { proc: 'x@hx', host: 'hx' });
  const y = new FileLedger(path, { proc: 'y@hy', host: 'hy' });
  const sent = { x: [] as number[], y: [] as number[] };
  for (let t = T0; t < T0 + 180_000; t += 500) {
    if (x.claim(t + skew, 30).ok) sent.x.push(t);
    if (y.claim(t + 100, 30).ok) sent.y.push(t + 100);
  }
  return sent;
}

describe('two machines’ clocks on one ledger', () => {
  it('never put more than the limit into a minute of the service, whichever clock is ahead and by how much', () => {
    for (const skew of [3_000, 10_000, 30_000, 3_600_000, -30_000]) {
      const { x, y } = twoMachines(skew);
      // before: 33 at 3 s (the one ahead read the other's sends as older), 47 at 10 s (the one behind moved the other's
      // lines back to its now, taken for a step back, and wrote them so: they counted short there)
      expect({ skew, max: maxInWindow([...x, ...y]) }).toEqual({ skew, max: 30 });
      // neither is starved: the budget is shared over the three minutes
      expect(Math.min(x.length, y.length)).toBeGreaterThan(10);
    }
  }, 60_000);

  it('counts a line from another machine’s clock from when it was first read; the file keeps it as written', () => {
    const path = newPath();
    // machine b is 30 s ahead: its send stamped T0 + 30 s was made at T0 (on a's clock), read by a at T0 + 200
    writeFileSync(path, `s ${T0 + 30_000} b@hb\n`);
    const a = new FileLedger(path, { proc: 'a@ha', host: 'ha' });
    expect(a.others(T0 + 200)).toEqual([T0 + 200]);
    expect(a.claim(T0 + 300, 2)).toEqual({ ok: true });
    expect(a.claim(T0 + 400, 2)).toMatchObject({ ok: false, reason: 'budget', retryAt: T0 + 200 + a.spanMs });
    // not taken for a step back of a's clock: nothing is moved, nothing said
    expect(readFileSync(path, 'utf8')).toBe(`s ${T0 + 30_000} b@hb\ns ${T0 + 300} a@ha\n`);
    // b's pause of a minute (its 429 at T0 + 500 on a's clock) ends by b's clock too; it bounds no lead itself
    appendFileSync(path, `p ${T0 + 90_500} b@hb\n`);
    expect(a.pausedUntil(T0 + 700)).toBe(T0 + 60_700);
  });

  it('a process names its host by a hash of its name, and counts a line of its own host or of none as written', () => {
    expect(hostTag('laptop')).toMatch(/^[0-9a-f]{8}$/);
    expect(hostTag('laptop')).not.toContain('laptop');
    const path = newPath();
    writeFileSync(path, `s ${T0 - 1_000} b\ns ${T0 - 2_000} c@ha\n`);
    const a = new FileLedger(path, { proc: 'a@ha', host: 'ha' });
    expect(a.others(T0)).toEqual([T0 - 2_000, T0 - 1_000]);
    expect(new FileLedger(newPath()).claim(T0, 1)).toEqual({ ok: true });
  });
});
