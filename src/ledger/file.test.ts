import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLedger } from './file.js';
import { ledgerName, openFileLedger } from './open.js';
import { FileLock } from './lock.js';
import { nodeFs } from './fsOps.js';
import { FUTURE_SKEW_MS, LEDGER_SPAN_MS, MAX_PAUSE_MS, RATE_MARGIN_MS } from './types.js';

const dir = () => mkdtempSync(join(tmpdir(), 'oddsboard-ledger-'));
const host = hostname().replace(/\s+/g, '_').slice(0, 64) || 'host';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

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

describe('the lock', () => {
  it('says busy while a live process holds it', () => {
    const path = join(dir(), 'budget.ledger');
    writeFileSync(`${path}.lock`, `${process.pid} ${host} ${Date.now()} sometoken\n`);
    expect(new FileLedger(path, { proc: 'a' }).claim(1_000, 30)).toMatchObject({ ok: false, reason: 'busy' });
  });

  it('takes over a lock whose owner died, or that is older than staleMs, or that was never written', () => {
    const base = dir();
    const cases = [
      `${deadPid()} ${host} ${Date.now()} deadtoken\n`, // the owner crashed while holding it
      `${process.pid} other-host ${Date.now() - 10_000} oldtoken\n`, // another machine, too old
      '', // created, then the writer died before writing
    ];
    cases.forEach((content, i) => {
      const path = join(base, `budget-${i}.ledger`);
      writeFileSync(`${path}.lock`, content);
      if (content === '') utimesSync(`${path}.lock`, new Date(Date.now() - 10_000), new Date(Date.now() - 10_000));
      expect(new FileLedger(path, { proc: 'a' }).claim(1_000, 30)).toEqual({ ok: true });
      expect(existsSync(`${path}.lock`)).toBe(false); // released after use
    });
  });

  it('a fresh unwritten lock is left alone; release never removes someone else’s lock', () => {
    const path = join(dir(), 'x.lock');
    writeFileSync(path, '');
    expect(new FileLock(path).tryAcquire()).toBe(false);
    const mine = join(dir(), 'y.lock');
    const lock = new FileLock(mine, { staleMs: 5_000 });
    expect(lock.tryAcquire()).toBe(true);
    // another process judged it stale and took it over meanwhile: moved ours aside, created its own
    renameSync(mine, `${mine}.aside`);
    writeFileSync(mine, `${process.pid} ${host} ${Date.now()} theirs\n`, { flag: 'wx' });
    lock.release();
    expect(readFileSync(mine, 'utf8')).toContain('theirs');
  });

  it('a holder paused past staleMs (Ctrl-Z) while another took its lock over writes nothing on what it read', () => {
    const path = join(dir(), 'budget.ledger');
    writeFileSync(path, 's 500 other\n');
    // A stops right after reading the file; B, staleMs later by its clock, takes the lock over and claims
    const b = new FileLedger(path, { proc: 'b', lock: { now: () => Date.now() + 10_000 } });
    let theirs: unknown;
    const readSync: typeof nodeFs.readSync = (...a) => {
      const n = nodeFs.readSync(...a);
      if (n === 0) theirs ??= b.claim(1_000, 2);
      return n;
    };
    // room for 2: A and B each claiming on the one line read would make 3
    const a = new FileLedger(path, { proc: 'a', fs: { ...nodeFs, readSync } });
    expect(a.claim(1_000, 2)).toMatchObject({ ok: false, reason: 'busy' });
    expect(theirs).toEqual({ ok: true });
    expect(readFileSync(path, 'utf8')).toBe('s 500 other\ns 1000 b\n');
  });

  it('never moves a lock that changed since it was judged (its owner released, then exited)', () => {
    // B reads A's lock; A releases, C takes the lock, A exits; B finds A dead. Moving the file now would move C's lock
    // aside, and in the moment before it is put back a fourth process could take the lock too: two holders, a lost
    // claim (seen once in CI as 159 of 160 lines in the test below).
    const path = join(dir(), 'z.lock');
    const a = deadPid();
    writeFileSync(path, `${a} ${host} ${Date.now()} tokenA\n`);
    const cLock = `${process.pid} ${host} ${Date.now()} tokenC\n`;
    let moved = 0;
    const b = new FileLock(path, {
      isAlive: (pid) => {
        if (pid === a) writeFileSync(path, cLock); // A released, C took it, A is gone
        return pid !== a;
      },
      onSteal: () => moved++,
    });
    expect(b.tryAcquire()).toBe(false); // C's lock is live: busy
    expect(moved).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(cLock);
  });

  it(
    'loses no claim when processes claim at the same time, and a process that dies holding the lock blocks ' + 'nobody',
    async () => {
      const path = join(dir(), 'budget.ledger');
      const module = resolve(import.meta.dirname, '../../dist/ledger/file.js');
      if (!existsSync(module)) throw new Error('dist/ledger/file.js is missing: `npm test` builds it first');
      const script = `
      const { FileLedger } = await import(${JSON.stringify(module)});
      const l = new FileLedger(${JSON.stringify(path)}, { proc: process.argv[1] });
      let n = 0;
      while (n < 40) { const c = l.claim(Date.now(), 100000); if (c.ok) n++; }
    `;
      const children = ['p1', 'p2', 'p3', 'p4'].map(
        (name) =>
          new Promise<number | null>((done) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', script, name], { stdio: 'inherit' });
            child.on('exit', done);
          }),
      );
      expect(await Promise.all(children)).toEqual([0, 0, 0, 0]);
      const lines = readFileSync(path, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(160);
      for (const p of ['p1', 'p2', 'p3', 'p4']) expect(lines.filter((l) => l.endsWith(` ${p}`))).toHaveLength(40);

      // a process killed while it holds the lock
      const crash = `
      const { FileLock } = await import(${JSON.stringify(resolve(import.meta.dirname, '../../dist/ledger/lock.js'))});
      new FileLock(${JSON.stringify(`${path}.lock`)}).tryAcquire();
      process.kill(process.pid, 'SIGKILL');
    `;
      spawnSync(process.execPath, ['--input-type=module', '-e', crash]);
      expect(existsSync(`${path}.lock`)).toBe(true);
      expect(new FileLedger(path, { proc: 'after' }).claim(Date.now(), 100000)).toEqual({ ok: true });
    },
  );
});
