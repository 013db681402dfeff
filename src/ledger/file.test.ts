import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLedger } from './file.js';
import { ledgerName, openFileLedger } from './open.js';
import { nodeFs } from './fsOps.js';
import { FileLock } from './lock.js';
import { FUTURE_SKEW_MS, LEDGER_SPAN_MS, MAX_PAUSE_MS, RATE_MARGIN_MS } from './types.js';

const dir = () => mkdtempSync(join(tmpdir(), 'oddsboard-ledger-'));

describe('FileLedger', () => {
  it('counts every process’s sends against one window', () => {
    const path = join(dir(), 'budget.ledger');
    const a = new FileLedger(path, { proc: 'a' });
    const b = new FileLedger(path, { proc: 'b' });
    expect(a.claim(1_000, 3)).toEqual({ ok: true });
    expect(b.claim(2_000, 3)).toEqual({ ok: true });
    expect(a.claim(3_000, 3)).toEqual({ ok: true });
    // full: the oldest send (1 000) leaves the 61 s window (60 s and the 1 s margin) at 62 000
    expect(b.claim(4_000, 3)).toEqual({ ok: false, retryAt: 62_000, reason: 'budget' });
    expect(b.others(4_000)).toEqual([1_000, 3_000]);
    expect(a.others(4_000)).toEqual([2_000]);
    expect(b.claim(62_000, 3)).toEqual({ ok: true });
    // appended in the order claimed; the send at 1 000 stays in the file, out of the window, until the file is
    // replaced (cost.test.ts: COMPACT_DEAD)
    expect(readFileSync(path, 'utf8')).toBe('s 1000 a\ns 2000 b\ns 3000 a\ns 62000 b\n');
    expect(a.others(62_000)).toEqual([2_000, 62_000]);
  });

  it('counts a send for the service’s 60 s and a whole second more (RATE_MARGIN_MS), not 250 ms', () => {
    // a claim reaches the service up to ~1 s after it is stamped (a one-shot command's new connection on a loaded
    // machine), a dashboard's on its open connection at once: the slot of a send that arrived late must not be
    // given to one that arrives early within the same window of the service (docs/rate-budget.md § The margin)
    expect(RATE_MARGIN_MS).toBe(1_000);
    expect(LEDGER_SPAN_MS).toBe(61_000);
    const path = join(dir(), 'budget.ledger');
    const a = new FileLedger(path, { proc: 'a' });
    const b = new FileLedger(path, { proc: 'b' });
    expect(a.claim(10_000, 1)).toEqual({ ok: true });
    expect(b.claim(70_250, 1)).toEqual({ ok: false, retryAt: 71_000, reason: 'budget' }); // free at 70 250 before
    expect(b.claim(70_999, 1)).toEqual({ ok: false, retryAt: 71_000, reason: 'budget' });
    expect(b.claim(71_000, 1)).toEqual({ ok: true });
    // a shorter window (ODDSBOARD_RATE_WINDOW_MS, for the tests) keeps the same second
    const short = new FileLedger(join(dir(), 'budget.ledger'), { proc: 'c', spanMs: 20_000 + RATE_MARGIN_MS });
    expect(short.claim(0, 1)).toEqual({ ok: true });
    expect(short.claim(20_999, 1)).toEqual({ ok: false, retryAt: 21_000, reason: 'budget' });
  });

  it('a pause written by one process holds every other back until it is over', () => {
    const path = join(dir(), 'budget.ledger');
    const a = new FileLedger(path, { proc: 'a' });
    const b = new FileLedger(path, { proc: 'b' });
    a.pause(30_000, 1_000);
    expect(b.pausedUntil(2_000)).toBe(30_000);
    expect(b.claim(2_000, 30)).toEqual({ ok: false, retryAt: 30_000, reason: 'paused' });
    expect(b.claim(30_000, 30)).toEqual({ ok: true });
    expect(b.pausedUntil(30_000)).toBeUndefined();
  });

  it('names its file by a hash of base URL and key, never the key', () => {
    const key = 'sk_live_0123456789abcdef';
    const name = ledgerName('https://api.example.com', key);
    expect(name).toMatch(/^budget-[0-9a-f]{20}\.ledger$/);
    expect(name).not.toBe(ledgerName('https://api.example.com', undefined));
    expect(name).not.toBe(ledgerName('https://other.example.com', key));
    const home = dir();
    const opened = openFileLedger({ XDG_STATE_HOME: home }, 'https://api.example.com', key);
    if (!('ledger' in opened)) throw new Error(opened.problem);
    opened.ledger.claim(Date.now(), 30);
    expect(opened.ledger.path).toBe(join(home, 'oddsboard', name));
    expect(readFileSync(opened.ledger.path, 'utf8')).not.toContain(key);
    expect(statSync(opened.ledger.path).mode & 0o077).toBe(0);
  });

  it('says why it cannot be used when the state directory cannot be made', () => {
    const file = join(dir(), 'plain-file');
    writeFileSync(file, '');
    const opened = openFileLedger({ XDG_STATE_HOME: file }, 'https://api.example.com', undefined);
    // it named no next step
    const fix = 'a file is in the place of its directory: move it away';
    expect(opened).toEqual({
      problem: `the rate ledger directory ${join(file, 'oddsboard')} cannot be created (ENOTDIR): ${fix}`,
    });
    const home = dir();
    writeFileSync(join(home, 'oddsboard'), '');
    expect(openFileLedger({ XDG_STATE_HOME: home }, 'https://api.example.com', undefined)).toEqual({
      problem: `the rate ledger directory ${join(home, 'oddsboard')} cannot be created (EEXIST): ${fix}`,
    });
    // XDG_STATE_HOME=/proc/x: Node's recursive mkdir tried /proc/x again and again, the dashboard never started
    if (existsSync('/proc/self')) {
      expect(openFileLedger({ XDG_STATE_HOME: '/proc/x' }, 'https://api.example.com', undefined)).toEqual({
        problem:
          'the rate ledger directory /proc/x/oddsboard cannot be created (ENOENT): a folder on its path cannot be ' +
          'made there: keep the state elsewhere (XDG_STATE_HOME)',
      });
    }
  });

  it('says why it cannot be used when the ledger file cannot be created in the state directory', () => {
    // the file's place taken by a directory
    const home = dir();
    mkdirSync(join(home, 'oddsboard', ledgerName('https://api.example.com', undefined)), { recursive: true });
    expect(openFileLedger({ XDG_STATE_HOME: home }, 'https://api.example.com', undefined)).toMatchObject({
      problem: expect.stringMatching(
        /rate ledger .*\.ledger cannot be created or written \(EISDIR\): a directory is in its place: move it away$/,
      ),
    });
    // a directory that exists but takes no new file (read-only, or `chattr +i`)
    const eperm = Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    const fs = {
      ...nodeFs,
      openSync: () => {
        throw eperm;
      },
    };
    expect(openFileLedger({ XDG_STATE_HOME: dir() }, 'https://api.example.com', undefined, { fs })).toMatchObject({
      problem: expect.stringMatching(
        /cannot be created or written \(EPERM\): it or its directory is not writable: check the permissions$/,
      ),
    });
  });

  it('ignores sends and pauses from the future, says so once, and leaves them out of the file', () => {
    const path = join(dir(), 'budget.ledger');
    const now = 1_700_000_000_000;
    const future = Array.from({ length: 60 }, () => 's 4102444800000 4243.c\n').join('');
    writeFileSync(path, `p 4102444800000 4242.x\ns ${now - 1_000} b\n${future}`);
    const a = new FileLedger(path, { proc: 'a' });
    const told: string[] = [];
    a.listen((text) => told.push(text));
    expect(a.others(now)).toEqual([now - 1_000]);
    expect(a.pausedUntil(now)).toBeUndefined();
    expect(a.claim(now, 30)).toEqual({ ok: true });
    expect(a.claim(now + 1, 30)).toEqual({ ok: true });
    expect(told).toEqual([expect.stringMatching(/held entries stamped in the future .* ignored/)]);
    expect(readFileSync(path, 'utf8')).toBe(`s ${now - 1_000} b\ns ${now} a\ns ${now + 1} a\n`);
  });

  it('a clock set back moves the lines written before it back once, whichever process sees it first', () => {
    const path = join(dir(), 'budget.ledger');
    const [now, hour] = [1_700_000_000_000, 3_600_000];
    writeFileSync(path, `s ${now - 2_000} b\ns ${now - 1_000} a\ns 4102444800000 c\n`);
    const [a, b] = [new FileLedger(path, { proc: 'a' }), new FileLedger(path, { proc: 'b' })];
    a.stepBack(-hour, now - hour);
    b.stepBack(-hour, now - hour); // the same step, seen by the other process: its lines are not moved twice
    expect(a.others(now - hour)).toEqual([now - hour - 2_000]);
    expect(b.others(now - hour)).toEqual([now - hour - 1_000]);
    // a line no step explains stays out
    expect(readFileSync(path, 'utf8')).toBe(`s ${now - hour - 2_000} b\ns ${now - hour - 1_000} a\n`);
  });

  it('a clock set back: whoever takes the lock first after it (a one-shot, no step seen) moves them, once', () => {
    const path = join(dir(), 'budget.ledger');
    const [now, hour] = [1_700_000_000_000, 3_600_000];
    writeFileSync(path, `s ${now - 2_000} b\ns ${now - 1_000} a\n`);
    const [a, c] = [new FileLedger(path, { proc: 'a' }), new FileLedger(path, { proc: 'c' })];
    // c claims first: the lines move back as far as the newest needs (it lands at now), so they count a little longer
    expect(c.claim(now - hour, 3)).toEqual({ ok: true });
    expect(c.claim(now - hour, 3)).toMatchObject({ ok: false, reason: 'budget' });
    expect(readFileSync(path, 'utf8')).toBe(`s ${now - hour - 1_000} b\ns ${now - hour} a\ns ${now - hour} c\n`);
    a.stepBack(-hour, now - hour); // the dashboard that saw the step, later: nothing is moved twice
    expect(a.others(now - hour)).toEqual([now - hour - 1_000, now - hour]);
  });

  it('a clock set ahead moves the sends of the minute before it ahead once, whichever process sees it first', () => {
    const path = join(dir(), 'budget.ledger');
    const [now, hour] = [1_700_000_000_000, 3_600_000];
    writeFileSync(path, `s ${now - 90_000} c\ns ${now - 2_000} b\ns ${now - 1_000} a\np ${now + 30_000} b\n`);
    const [a, b] = [new FileLedger(path, { proc: 'a' }), new FileLedger(path, { proc: 'b' })];
    a.stepAhead(hour, now + hour);
    b.stepAhead(hour, now + hour + 500); // the same step, seen by the other process a moment later: not moved twice
    expect(a.others(now + hour + 500)).toEqual([now + hour - 2_000]);
    expect(b.others(now + hour + 500)).toEqual([now + hour - 1_000]);
    // the send out of the window then stays out; the pause is not moved (over, it leaves the file)
    expect(readFileSync(path, 'utf8')).toBe(`s ${now + hour - 2_000} b\ns ${now + hour - 1_000} a\n`);
  });

  it('a clock set ahead while the lock is held elsewhere: the lines move at the next claim', () => {
    const path = join(dir(), 'budget.ledger');
    const [now, hour] = [1_700_000_000_000, 3_600_000];
    writeFileSync(path, `s ${now - 2_000} b\n`);
    const a = new FileLedger(path, { proc: 'a' });
    new FileLock(`${path}.lock`).with(() => a.stepAhead(hour, now + hour));
    expect(readFileSync(path, 'utf8')).toBe(`s ${now - 2_000} b\n`);
    expect(a.claim(now + hour + 100, 2)).toEqual({ ok: true });
    expect(a.claim(now + hour + 200, 2)).toMatchObject({ ok: false, reason: 'budget' });
    expect(readFileSync(path, 'utf8')).toBe(`s ${now + hour - 2_000} b\ns ${now + hour + 100} a\n`);
  });

  it('believes a little clock skew and any pause it could have written itself; writes none longer', () => {
    const path = join(dir(), 'budget.ledger');
    const now = 1_700_000_000_000;
    writeFileSync(path, `s ${now + FUTURE_SKEW_MS} b\np ${now + MAX_PAUSE_MS + FUTURE_SKEW_MS} c\n`);
    const a = new FileLedger(path, { proc: 'a' });
    const told: string[] = [];
    a.listen((text) => told.push(text));
    expect(a.others(now)).toEqual([now + FUTURE_SKEW_MS]);
    expect(a.pausedUntil(now)).toBe(now + MAX_PAUSE_MS + FUTURE_SKEW_MS);
    expect(told).toEqual([]);
    // a server's Retry-After of a day is written as the longest pause every reader believes
    const b = new FileLedger(join(dir(), 'budget.ledger'), { proc: 'b' });
    b.pause(now + 86_400_000, now);
    expect(b.pausedUntil(now)).toBe(now + MAX_PAUSE_MS);
  });

  it('ignores lines it cannot read and a file that is not its own', () => {
    const path = join(dir(), 'budget.ledger');
    writeFileSync(path, 'garbage\ns notanumber x\ns 1000 other\n\u0000\u0000\n');
    const a = new FileLedger(path, { proc: 'a' });
    expect(a.others(2_000)).toEqual([1_000]);
    expect(a.claim(2_000, 2)).toEqual({ ok: true });
    expect(readFileSync(path, 'utf8')).toBe('s 1000 other\ns 2000 a\n');
  });
});
