/**
 * What the end-to-end tests of the built program share: `oddsboard serve …` started as a child (its first stdout
 * line is the base URL), and the quote form filled in as a person does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach } from 'vitest';
import { systemClock, type Clock, type TimerHandle } from '../../src/util/clock.js';
import { TmuxSession } from './tmux.js';
import { runningTestEnds, waitDeadline } from './testBudget.js';
import { CLI_RUN_DEADLINE_MS, refuseShortDeadline } from './wait.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'dist/cli.js');

/**
 * What a test of this file starts — its tmux session, its `serve` children — killed after each test. Call once, at the
 * top of the file; `started.session(t)` / `started.service(child)` hand each over as it starts.
 */
export function killedAfterEach(): {
  session(t: TmuxSession): TmuxSession;
  service(child: ChildProcess): ChildProcess;
} {
  let session: TmuxSession | undefined;
  // every service a test started (a test may start one per venue): one left running keeps vitest from exiting
  const services: ChildProcess[] = [];
  afterEach(() => {
    session?.kill();
    session = undefined;
    for (const c of services.splice(0)) c.kill('SIGTERM');
  });
  return {
    session: (t) => (session = t),
    service: (c) => {
      services.push(c);
      return c;
    },
  };
}

/** `dist/cli.js serve ARGS…` as a child; resolves with it and the base URL it printed first (firstLineOf). */
export async function serveChild(args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { child, url: await firstLineOf(child, `serve ${args.join(' ')}`) };
}

/**
 * The first stdout line of `child` (serve's base URL). Fails naming what the child said on stderr when it exits
 * first, or prints no line within `timeout` (CLI_RUN_DEADLINE_MS; at least WAIT_DEADLINE_MS: refuseShortDeadline) —
 * then it is killed: a serve that neither printed nor exited was stopped only by the test's timeout, which said nothing
 * of why. A start-up of the built CLI, not a key's effect: venues.test's three replays starting at once on a machine at
 * load 24 printed nothing within WAIT_DEADLINE_MS (a serve needs about 0.3 s of CPU for its line). Its stderr goes on
 * to the test's (as `inherit` did) unless `quiet`.
 */
export async function firstLineOf(
  child: ChildProcess,
  what: string,
  opts: { clock?: Clock; timeout?: number; quiet?: boolean } = {},
): Promise<string> {
  const { clock = systemClock, timeout = CLI_RUN_DEADLINE_MS } = opts;
  refuseShortDeadline(timeout, `the first line of ${what}`);
  // ends before the running test's timeout would stop it (testBudget.ts); a test's clock (a ManualClock) has no such end
  const now = clock.now();
  const { at, note } = waitDeadline(now, timeout, clock === systemClock ? runningTestEnds() : undefined);
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (said.length < 4096) said += chunk.toString();
    if (!opts.quiet) process.stderr.write(chunk);
  });
  const stderr = () => said.trim().slice(0, 2000) || '(nothing)';
  let timer: TimerHandle | undefined;
  try {
    return await new Promise<string>((res, rej) => {
      createInterface({ input: child.stdout! }).once('line', res);
      child.once('error', rej);
      child.once('close', (code, signal) =>
        rej(new Error(`${what} exited with ${code ?? signal}; its stderr: ${stderr()}`)),
      );
      timer = clock.setTimeout(() => {
        child.kill('SIGKILL');
        rej(new Error(`${what} printed no line within ${at - now} ms${note}; its stderr: ${stderr()}`));
      }, at - now);
    });
  } finally {
    clock.clearTimeout(timer);
  }
}

/** The reference service (the demo's simulator) at `speed`× real time, accepting `key`, on port 0. */
export function simChild(key: string, speed: number): Promise<{ child: ChildProcess; url: string }> {
  return serveChild(['--speed', String(speed), '--keys', key, '--port', '0']);
}

/** `serve --replay` of a platform's recordings (test/fixtures/real/<source>, or `dir`) on port 0. */
export function replayChild(
  source: 'polymarket' | 'kalshi' | 'manifold',
  opts: { dir?: string; extra?: readonly string[] } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const dir = opts.dir ?? join(ROOT, 'test/fixtures/real', source);
  return serveChild(['--replay', dir, '--source', source, ...(opts.extra ?? []), '--port', '0']);
}

/**
 * For a test that waits for a market to close and resolve in real time: the simulator at 8× with `key`, handed to
 * `started` to end, and one of its markets closing `fromMs`–`toMs` (real time) from now (marketClosingSoon). Fails at
 * once, with what to do, where tmux or the build is missing.
 */
export async function simMarketClosingSoon(
  started: ReturnType<typeof killedAfterEach>,
  key: string,
  fromMs: number,
  toMs: number,
): Promise<{ url: string; market: WireMarket }> {
  if (!TmuxSession.available())
    throw new Error('tmux is required for this test (apt-get install tmux); .ci/run installs it');
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
  const r = await simChild(key, 8);
  started.service(r.child);
  return { url: r.url, market: await marketClosingSoon(r.url, key, fromMs, toMs) };
}

/** A market of the reference service's list as the tests read it. */
export interface WireMarket {
  id: string;
  title: string;
  closesAt: string;
}

/**
 * An active market of the reference service that closes `fromMs`–`toMs` (real time) from now, with a title the shell
 * can be given in quotes: time to act on it before it closes, and not long to wait for it to resolve.
 */
export async function marketClosingSoon(url: string, key: string, fromMs: number, toMs: number): Promise<WireMarket> {
  const res = await fetch(`${url}/public/v1/markets?sort=closing&status=active&limit=100`, {
    headers: { 'X-API-Key': key },
  });
  const body = (await res.json()) as { data: WireMarket[] };
  const now = Date.now();
  const m = body.data.find(
    (x) => Date.parse(x.closesAt) - now >= fromMs && Date.parse(x.closesAt) - now <= toMs && !/["'\\]/.test(x.title),
  );
  if (!m) throw new Error(`no market closes in the next ${Math.round(toMs / 1000)} s`);
  return m;
}

/** From the list: ⏎ ⏎ into the quote form, type the amount, wait for the answer. */
export async function quoteFromList(t: TmuxSession, amount: string, answered: (s: string) => boolean): Promise<string> {
  t.keys('Enter');
  await t.waitFor('the detail pane to take focus', (s) => /◆ Detail/.test(s));
  t.keys('Enter');
  await t.waitFor('the quote form to take focus', (s) => /◆ Quote/.test(s));
  t.type(amount);
  return t.waitFor('the quote answer', answered, 10_000);
}

/**
 * The built dashboard in a fresh tmux (160×48) with a private home and state directory: `args` after the CLI,
 * `env` added (a base URL, a key); `exec`: in the shell's place, the terminal's own program (it leads the session).
 */
export async function dashboardIn(
  tag: string,
  args: string,
  env: Record<string, string> = {},
  exec = false,
): Promise<TmuxSession> {
  if (!TmuxSession.available())
    throw new Error('tmux is required for this test (apt-get install tmux); .ci/run installs it');
  const t = new TmuxSession(tag);
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-'));
  t.start(ROOT, 160, 48, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, 'st'),
    ...env,
  });
  try {
    await t.run(`${exec ? 'exec ' : ''}${process.execPath} ${CLI} ${args}`.trimEnd());
  } catch (e) {
    t.kill();
    throw e;
  }
  return t;
}

/** A market row of the list: its cursor, then a status word (or a platform's own, cut). */
const ROW = /^(?:▸| ) +(?:ACTIVE|CLOSED|SETTLING|RESOLVED|[A-Z_]+…?) +/;
/** The list pane's side of each line (wide layout: left of the separator). */
export const listSide = (screen: string) => screen.split('\n').map((l) => l.split('│')[0] ?? '');
/** The market rows on screen. */
export const marketRows = (screen: string) => listSide(screen).filter((l) => ROW.test(l));
/** The detail column (right of the separator), as one text. */
export const detailSide = (screen: string) =>
  screen
    .split('\n')
    .map((l) => l.split('│')[1] ?? '')
    .join('\n');
