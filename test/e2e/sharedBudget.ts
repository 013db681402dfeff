import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createInterface } from 'node:readline';
import { afterAll, expect } from 'vitest';
import { maxInWindow } from '../support/syncHarness.js';
import { TmuxSession } from './tmux.js';

/**
 * One budget for every process, for real: the built dashboard in tmux and four
 * one-shot commands polling in loops against one reference service with one
 * key, for `runMs`. The service's own count of answers (at their requests' arrival, as its limit counts) must show no 429 and
 * never more than the key's limit in any window; the dashboard's header shows
 * the others' share. The dashboard runs with NO_COLOR=1: its screen carries no
 * colour escape. `windowMs` is the service's rate window; below 60 s the
 * programs get the same through ODDSBOARD_RATE_WINDOW_MS (docs/rate-budget.md),
 * so the same run fits in seconds: sharedBudget.test.ts (20 s windows, in
 * `npm test`) and sharedBudget.long.test.ts (real 60 s windows, `npm run test:long`).
 */
const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');
const KEY = 'sk_e2e_0123456789abcdef';
const LIMIT = 30;

let session: TmuxSession | undefined;
let service: ChildProcess | undefined;
const loops: ChildProcess[] = [];
afterAll(() => {
  for (const l of loops) if (l.exitCode === null) l.kill('SIGKILL');
  session?.kill();
  if (service?.exitCode === null) service.kill('SIGKILL');
});

interface Answer {
  status: number;
  at: number;
}

/**
 * The reference service (the built one) in a process of its own, each answer's status and its request's arrival on
 * its stdout. Not in this test's process: the test's own tmux calls are synchronous, and a request that came while
 * one ran was stamped late — on a loaded machine a read of the screen can take a good part of a second, and answers
 * then crowded into a window their requests were not sent in (the clients count their sends with 1 s to spare,
 * RATE_MARGIN_MS: docs/rate-budget.md § The margin). Resolves once it listens; `end()` stops it and resolves once
 * every line is read.
 */
async function serviceProcess(windowMs: number): Promise<{ url: string; answers: Answer[]; end(): Promise<void> }> {
  const listen = join(root, 'dist/server/listen.js');
  const script = `
    const { startServer } = await import(${JSON.stringify(listen)});
    const srv = await startServer({
      seed: 5,
      keys: [${JSON.stringify(KEY)}],
      limits: { key: ${LIMIT}, windowMs: ${windowMs} },
      onAnswer: (status, at) => process.stdout.write(JSON.stringify({ status, at }) + '\\n'),
    });
    process.stdout.write(srv.url + '\\n');
    process.on('SIGTERM', () => srv.close().then(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  service = child;
  const answers: Answer[] = [];
  const lines = createInterface({ input: child.stdout! });
  const closed = new Promise<void>((done) => lines.once('close', done));
  const url = await new Promise<string>((done, fail) => {
    lines.on('line', (line) => {
      if (line.startsWith('{')) answers.push(JSON.parse(line) as Answer);
      else done(line.trim());
    });
    child.once('exit', (code) => fail(new Error(`the reference service exited with ${code}`)));
  });
  return {
    url,
    answers,
    end: async () => {
      child.kill('SIGTERM');
      await closed;
    },
  };
}

/** Colour parameters of the SGR sequences on a screen captured with its escapes. */
const colourSgr = (screen: string) =>
  [...screen.matchAll(/\x1b\[([0-9;]*)m/g)]
    .flatMap((m) => m[1]!.split(';').map(Number))
    .filter((p) => (p >= 30 && p <= 49 && p !== 39 && p !== 49) || (p >= 90 && p <= 107));

export async function sharedBudgetRun({ windowMs, runMs }: { windowMs: number; runMs: number }): Promise<void> {
  if (!TmuxSession.available())
    throw new Error('tmux is required for this test (apt-get install tmux); .ci/run installs it');
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
  const srv = await serviceProcess(windowMs);
  const answers = srv.answers;
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-budget-'));
  const env = {
    HOME: home,
    XDG_STATE_HOME: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, 'config'),
    ODDSBOARD_BASE_URL: srv.url,
    ODDSBOARD_API_KEY: KEY,
    ...(windowMs < 60_000 ? { ODDSBOARD_RATE_WINDOW_MS: String(windowMs) } : {}),
  };

  const t = (session = new TmuxSession('budget'));
  t.start(root, 120, 30, { ...env, NO_COLOR: '1' });
  await t.run(`${process.execPath} ${cli}; echo "EXIT=$?"`);
  await t.waitFor('the dashboard with market rows', (s) => /KEY …cdef/.test(s) && /ACTIVE/.test(s), 15_000);
  const started = Date.now();

  // four scripts, each running one-shot commands back to back until the time is up. The last one asks for more
  // than the whole budget by itself (every market, 5 a page: 47 pages), as fast as slots come: the budget is spent
  // and the commands wait for slots however slowly a loaded machine starts the others. Without it, whether
  // anything waits depends on how fast Node starts: under load the quick loops alone never filled a window.
  const commands = [
    ['markets', '--limit', '5', '--json'],
    ['events', '--limit', '3', '--json'],
    ['markets', '--status', 'all', '--sort', 'newest', '--limit', '3'],
    ['markets', '--status', 'all', '--limit', '5', '--all', '--ndjson'],
  ];
  const exits: number[] = [];
  const finished = commands.map(() => 0);
  let waits = 0;
  const stopAt = started + runMs - windowMs / 4;
  const loopDone = commands.map(async (argv, loop) => {
    while (Date.now() < stopAt) {
      const child = spawn(process.execPath, [cli, ...argv], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      loops.push(child);
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += String(d)));
      // one still starting up when SIGINT comes dies of it before its handler is there: the shell's 130 too
      const code = await new Promise<number | null>((done) =>
        child.on('exit', (c, signal) => done(c ?? (signal === 'SIGINT' ? 130 : null))),
      );
      if (/waiting \d+s for the rate budget/.test(stderr)) waits++;
      exits.push(code ?? -1);
      if (code === 0) finished[loop]!++;
    }
  });

  // the header, watched while they run
  let othersSeen = 0;
  let colourOnScreen = 0;
  while (Date.now() < started + runMs) {
    const screen = t.capture();
    const m = /\+(\d+) by other/.exec(screen.split('\n')[0] ?? '');
    if (m) othersSeen = Math.max(othersSeen, Number(m[1]));
    colourOnScreen += colourSgr(t.captureWithEscapes()).length;
    await delay(1_000);
  }
  // a command still waiting for a slot is stopped like Ctrl-C would
  for (const l of loops) if (l.exitCode === null) l.kill('SIGINT');
  await Promise.all(loopDone);
  t.keys('q');
  await t.waitFor('the dashboard to exit', (s) => /EXIT=0/.test(s), 10_000);
  await srv.end();

  const times = answers.map((a) => a.at);
  console.info(
    `shared budget: ${answers.length} answers in ${Math.round((Date.now() - started) / 1000)} s, max ${maxInWindow(times, windowMs)} in any ${windowMs / 1000} s, ` +
      `${answers.filter((a) => a.status === 429).length} × 429; one-shot runs ${exits.length} (exit 0: ${finished.join(' + ')}, waited: ${waits}); header +${othersSeen} by other runs at most`,
  );
  expect(answers.filter((a) => a.status === 429)).toEqual([]);
  expect(maxInWindow(times, windowMs)).toBeLessThanOrEqual(LIMIT);
  // progress, not a rate (a loaded machine starts each command slowly, and fewer sends is not wrong): answers came in
  // every window of the run, so a budget spent (the waits below) was waited out by all, never left stuck
  const windows = Array.from({ length: Math.floor(runMs / windowMs) }, (_, w) => started + w * windowMs);
  expect(windows.filter((from) => !times.some((at) => at >= from && at < from + windowMs))).toEqual([]);
  // each quick script got its answers (the all-pages one is stopped while it waits, exit 130)
  expect(
    finished.slice(0, 3).every((n) => n > 0),
    `commands finished with 0, per loop: ${finished.join(', ')}`,
  ).toBe(true);
  expect(exits.filter((c) => c !== 0 && c !== 130)).toEqual([]);
  expect(waits).toBeGreaterThan(0); // the scripts did wait for the dashboard's and each other's sends
  expect(othersSeen).toBeGreaterThan(0);
  expect(colourOnScreen).toBe(0);
  // the ledger never holds the key
  const dir = join(env.XDG_STATE_HOME, 'oddsboard');
  for (const f of readdirSync(dir)) {
    expect(f).not.toContain(KEY);
    expect(readFileSync(join(dir, f), 'utf8')).not.toContain(KEY);
  }
}
