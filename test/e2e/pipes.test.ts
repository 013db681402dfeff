import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlatform } from '../../src/sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../src/sources/replay.js';
import { CLI } from '../support/e2eKit.js';
import { root } from '../support/oneShot.js';
import { bigCatalog, cliEnv, firstLine, KEY, runCli, startBigService, type BigService } from '../support/pipes.js';

/**
 * Every byte reaches the reader (issue #26): the built program (`node dist/cli.js`, the Node the project runs)
 * with its answer — several times the pipe's 64 KiB — into a file, into a pipe read only once the command has done
 * its work, and into a pipe closed after the first line (`| head -1`). The pipe gets the bytes the file gets, the
 * JSON parses, the exit code is the same, and an early close is quiet.
 */

let svc: BigService;
beforeAll(async () => {
  svc = await startBigService();
});
afterAll(() => svc.close());

/** A state directory whose watchlist (the dashboard's `w`) holds the service's watched markets. */
function watchHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-pipes-watch-'));
  mkdirSync(join(home, 'oddsboard'));
  const markets = bigCatalog(0).watched.map((id) => ({ id, addedAt: 1 }));
  writeFileSync(join(home, 'oddsboard', 'watchlist.json'), JSON.stringify({ version: 1, markets }));
  return home;
}

type Form = 'json' | 'ndjson' | 'table';

/** What every form must be: one JSON document, one JSON object a line, or text lines. */
function parses(out: Buffer, form: Form): void {
  const text = out.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  if (form === 'json') expect(JSON.parse(text)).toHaveProperty('data');
  if (form === 'ndjson') for (const line of text.trimEnd().split('\n')) expect(JSON.parse(line)).toHaveProperty('id');
}

/** The one thing that differs between two runs of the same command: when it fetched (the same length). */
const sameExceptFetchedAt = (b: Buffer) => b.toString('utf8').replace(/"fetchedAt": "[^"]+"/, '"fetchedAt": "…"');

const PIPE_BUFFER = 65_536;

/**
 * Each command in its JSON form, and the other forms where they can be large (the events table has a line an event,
 * 100 at most; the watch table a line a watched market; a quote is a few lines whatever the form). Every answer but
 * the quote is at least three pipe buffers: the program before the fix got at most 182,720 bytes of them into a
 * late reader (the pipe's 64 KiB and what Node's reading side buffers).
 */
const BIG = 3 * PIPE_BUFFER;
const CASES: { args: string[]; form: Form; min: number; watch?: boolean }[] = [
  { args: ['markets', '--all', '--json'], form: 'json', min: BIG },
  { args: ['markets', '--all', '--ndjson'], form: 'ndjson', min: BIG },
  { args: ['markets', '--all'], form: 'table', min: BIG },
  { args: ['market', 'big', '--json'], form: 'json', min: BIG },
  { args: ['market', 'big'], form: 'table', min: BIG },
  { args: ['events', '--limit', '100', '--json'], form: 'json', min: BIG },
  { args: ['events', '--limit', '100', '--ndjson'], form: 'ndjson', min: BIG },
  { args: ['event', 'e-big', '--json'], form: 'json', min: BIG },
  { args: ['event', 'e-big'], form: 'table', min: BIG },
  { args: ['quote', 'big', '--outcome', 'o1', '--amount', '100', '--json'], form: 'json', min: 300 },
  { args: ['watch', '--json'], form: 'json', min: BIG, watch: true },
];

/** One command into a file, a pipe read late and a pipe closed after its first line: the same bytes, exit 0. */
async function threeWays(args: string[], env: () => NodeJS.ProcessEnv, form: Form, min: number): Promise<Buffer> {
  const file = await runCli(args, env(), 'file');
  expect({ code: file.code, err: file.err }).toEqual({ code: 0, err: '' });
  expect(file.out.length).toBeGreaterThanOrEqual(min);
  parses(file.out, form);

  // nothing is read until the command has closed its connections (its answer is written by then) or exited
  const slow = await runCli(args, env(), 'slow pipe', svc.connectionsClosed());
  expect({ code: slow.code, err: slow.err }).toEqual({ code: 0, err: '' });
  expect(slow.out.length).toBe(file.out.length);
  expect(sameExceptFetchedAt(slow.out)).toBe(sameExceptFetchedAt(file.out));
  parses(slow.out, form);

  const head = await runCli(args, env(), 'head');
  expect({ code: head.code, signal: head.signal, err: head.err }).toEqual({ code: 0, signal: null, err: '' });
  expect(firstLine(head.out)).toBe(firstLine(file.out));
  return file.out;
}

describe(
  'one-shot answers into a file, a pipe read late, and a pipe closed after the first line',
  { timeout: 120_000 },
  () => {
    for (const c of CASES) {
      it(`oddsboard ${c.args.join(' ')}`, async () => {
        const env = () =>
          cliEnv({ ODDSBOARD_BASE_URL: svc.url, ODDSBOARD_API_KEY: KEY }, c.watch ? watchHome() : undefined);
        await threeWays(c.args, env, c.form, c.min);
      }, 60_000); // three runs of the built program; on a loaded 2-core machine one can take seconds
    }
  },
);

describe(
  'an answer of several venues: the interface and the three platforms’ replays, every page of each',
  { timeout: 120_000 },
  () => {
    const replays: RunningSourceReplay[] = [];
    const venues: string[] = [];
    beforeAll(async () => {
      for (const id of ['kalshi', 'polymarket', 'manifold'] as const) {
        const def = await loadPlatform(id);
        const dir = join(root, 'test/fixtures/real', id);
        const r = await startSourceReplay({ def, dir, asRecorded: id === 'manifold' });
        replays.push(r);
        venues.push('--base-url', `${id}=${r.url}${def.replayPrefix}`);
      }
    });
    afterAll(() => Promise.all(replays.map((r) => r.close())));

    // the interface's 2,500 markets make the answer several pipe buffers; its bare base URL is the interface's
    const args = (...more: string[]) => ['markets', '--all', '--source', 'public,kalshi,polymarket,manifold', ...more];
    const env = () => cliEnv({ ODDSBOARD_BASE_URL: svc.url, ODDSBOARD_API_KEY: KEY });
    it('--json', async () => {
      const doc = JSON.parse((await threeWays(args(...venues, '--json'), env, 'json', BIG)).toString('utf8'));
      expect(doc.venues.map((v: { venue: string; count: number }) => [v.venue, v.count > 0])).toEqual([
        ['public', true],
        ['kalshi', true],
        ['polymarket', true],
        ['manifold', true],
      ]);
    }, 60_000);
    it('the table', async () => {
      const table = (await threeWays(args(...venues), env, 'table', BIG)).toString('utf8');
      expect(
        new Set(
          table
            .split('\n')
            .slice(1, -1)
            .map((l) => l[0]),
        ),
      ).toEqual(new Set(['I', 'K', 'P', 'M']));
    }, 60_000);
  },
);

describe('exit codes and failures on the way out', { timeout: 120_000 }, () => {
  it('a failure keeps its exit code through a pipe read late: 404 is 4, its --json error document whole', async () => {
    const env = cliEnv({ ODDSBOARD_BASE_URL: svc.url, ODDSBOARD_API_KEY: KEY });
    const r = await runCli(['market', 'no-such', '--json'], env, 'slow pipe', svc.connectionsClosed());
    expect(r.code).toBe(4);
    expect(JSON.parse(r.out.toString('utf8'))).toMatchObject({ error: { code: 'NOT_FOUND', exit: 4 } });
  });

  it('a stderr whose reader is gone before anything is said: quiet, and stdout still gets the whole answer', async () => {
    // the demo's notice goes to stderr first: its write fails (EPIPE), which must not end the command
    const child = spawn(process.execPath, [CLI, 'markets', '--all', '--ndjson'], {
      env: cliEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.destroy();
    const chunks: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => chunks.push(b));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.length).toBeGreaterThan(PIPE_BUFFER);
    for (const line of text.trimEnd().split('\n')) expect(JSON.parse(line)).toHaveProperty('id');
  });

  it('a stdout that cannot be written (a full disk, /dev/full): one line on stderr, exit 1, no stack', async () => {
    const fd = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [CLI, 'market', 'big', '--json'], {
      env: cliEnv({ ODDSBOARD_BASE_URL: svc.url, ODDSBOARD_API_KEY: KEY }),
      stdio: ['ignore', fd, 'pipe'],
    });
    closeSync(fd);
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (t: string) => (err += t));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(err).toBe('oddsboard: the output could not be written (ENOSPC)\n');
  });

  it('serve read as `| head -1` (its base URL) keeps serving, its request log dropped; SIGTERM still exits 0', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--log-requests'], {
      env: cliEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (t: string) => (err += t));
    const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('close', (code, signal) => resolve([code, signal])),
    );
    let seen = '';
    const url = await new Promise<string>((resolve) =>
      child.stdout!.on('data', (b: Buffer) => {
        seen += b.toString('utf8');
        if (!seen.includes('\n')) return;
        child.stdout!.destroy();
        resolve(seen.slice(0, seen.indexOf('\n')));
      }),
    );
    // each answer is logged to the closed pipe (EPIPE) after it is sent
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${url}/public/v1/markets?limit=2`);
      expect(r.status).toBe(200);
      await r.text();
    }
    child.kill('SIGTERM');
    expect(await closed).toEqual([0, null]);
    expect(err).toBe('');
  });
});
