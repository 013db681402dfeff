import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen.js';
import { startReplayServer, type RunningReplay } from '../server/replay/index.js';
import { ManualClock } from '../util/clock.js';
import { configFile } from '../../test/support/configFiles.js';
import { runRecord, savedLine } from './record.js';
import { textSink } from '../../test/support/textSink.js';

const KEY = 'record-secret-key-0042';
const servers: (RunningServer | RunningReplay)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The `data` of the envelope at `url`, typed as the test expects it. */
async function getData<T = unknown>(url: string): Promise<T> {
  const res = await fetch(url);
  return ((await res.json()) as { data: T }).data;
}

describe('oddsboard record', () => {
  it(
    'records the reference service over loopback without the key, ' + 'and serve --replay answers the same objects',
    async () => {
      const clock = new ManualClock();
      const source = await startServer({ keys: [KEY], clock, limits: { anonymous: 1000, key: 1000 } });
      servers.push(source);
      const dir = join(mkdtempSync(join(tmpdir(), 'oddsboard-record-')), 'rec');
      const state = mkdtempSync(join(tmpdir(), 'oddsboard-record-state-'));
      const out = textSink();
      const err = textSink();
      const code = await runRecord(
        [
          '--base-url',
          source.url,
          '--pages',
          '2',
          '--limit',
          '5',
          '--details',
          '3',
          '--events',
          '4',
          '--event-details',
          '2',
          dir,
        ],
        {
          stdout: out.stream,
          stderr: err.stream,
          env: { ODDSBOARD_API_KEY: KEY, XDG_CONFIG_HOME: dir, XDG_STATE_HOME: state },
          clock,
        },
      );
      expect(code).toBe(0);
      // every send is in the budget shared with a dashboard on the same service and key (docs/rate-budget.md)
      const [ledger, ...more] = readdirSync(join(state, 'oddsboard')).filter((f) => f.endsWith('.ledger'));
      expect(more).toEqual([]);
      const sends = readFileSync(join(state, 'oddsboard', ledger!), 'utf8').match(/^s /gm) ?? [];
      expect(sends).toHaveLength(Number(/\((\d+) requests/.exec(out.text())![1]));
      expect(sends.length).toBeGreaterThan(5);
      expect(out.text()).toMatch(
        /^\d+ answers saved in .*\(\d+ requests, 0 failed\)\nreplay them with: oddsboard serve --replay /,
      );
      expect(err.text()).toContain('with key …0042');
      const files = [...readdirSync(dir), ...readdirSync(join(dir, 'markets')).map((f) => `markets/${f}`)];
      expect(files).toEqual(
        expect.arrayContaining(['manifest.json', 'markets-0001.json', 'markets-0002.json', 'events-0001.json']),
      );
      expect(files.filter((f) => f.startsWith('markets/'))).toHaveLength(3);
      for (const f of files.filter((x) => x.endsWith('.json')))
        expect(readFileSync(join(dir, f), 'utf8')).not.toContain(KEY);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ baseUrl: source.url, authenticated: true, plan: { pages: 2, limit: 5 } });

      const page1 = JSON.parse(readFileSync(join(dir, 'markets-0001.json'), 'utf8')) as { id: string }[];
      const replay = await startReplayServer({ dir, clock });
      servers.push(replay);
      const id = page1[0]!.id;
      expect(await getData(`${replay.url}/public/v1/markets/${id}`)).toEqual(
        JSON.parse(readFileSync(join(dir, 'markets', `${id}.json`), 'utf8')),
      );
      const listed = await getData<{ id: string }[]>(`${replay.url}/public/v1/markets?status=all&limit=100`);
      expect(listed.map((m) => m.id)).toEqual(expect.arrayContaining(page1.map((m) => m.id)));
      const events = JSON.parse(readFileSync(join(dir, 'events-0001.json'), 'utf8')) as { id: string }[];
      expect((await getData<{ id: string }>(`${replay.url}/public/v1/events/${events[0]!.id}`)).id).toBe(events[0]!.id);
    },
  );

  it('refuses a key on the command line, a missing directory or service, with exit code 2', async () => {
    for (const argv of [['--api-key', 'x', 'dir'], [], ['dir']]) {
      const err = textSink();
      expect(
        await runRecord(argv, {
          stdout: textSink().stream,
          stderr: err.stream,
          // a config directory of its own: /tmp/oddsboard/config.json could be anyone's
          env: { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'oddsboard-record-config-')) },
        }),
      ).toBe(2);
      expect(err.text()).toMatch(/^oddsboard record: [^\n]+\n$/);
      // the help named once: a missing DIR read "(see oddsboard record --help) (see --help)"
      expect(err.text().match(/--help/g)).toHaveLength(1);
    }
  });

  it('exits as every command does: 6 a rejected key, 7 no service (a platform too), 2 DIR a file', async () => {
    const source = await startServer({ keys: [KEY], clock: new ManualClock() });
    servers.push(source);
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-record-codes-'));
    const file = join(base, 'a-file');
    writeFileSync(file, 'x');
    const cases: [string[], string, number][] = [
      [['--base-url', source.url, join(base, 'bad-key')], 'not-the-key-0001', 6],
      [['--base-url', 'http://127.0.0.1:1', join(base, 'down')], '', 7],
      [['--source', 'kalshi', '--base-url', 'http://127.0.0.1:1', join(base, 'kalshi-down')], '', 7],
      [['--base-url', 'http://127.0.0.1:1', file], '', 2],
    ];
    for (const [argv, key, exit] of cases) {
      const out = textSink();
      const err = textSink();
      const env = { XDG_CONFIG_HOME: base, XDG_STATE_HOME: base, ...(key ? { ODDSBOARD_API_KEY: key } : {}) };
      expect(
        await runRecord([...argv, '--details', '0', '--events', '0'], { stdout: out.stream, stderr: err.stream, env }),
      ).toBe(exit);
      // nothing saved: no replay to suggest
      expect(out.text()).not.toContain('replay them with');
    }
    // the file was refused before anything was asked
    const err = textSink();
    await runRecord(['--base-url', 'http://127.0.0.1:1', file], {
      stdout: textSink().stream,
      stderr: err.stream,
      env: { XDG_STATE_HOME: base },
    });
    expect(err.text()).toBe('oddsboard record: DIR is not a directory (see --help)\n');
  });

  it('checks --base-url as every command does: a platform too, never echoing it, before anything is sent', async () => {
    // `record --source kalshi --base-url https://u:pass@…` printed "recording kalshi from https://u:pass@…", then
    // "cannot write into DIR: INVALID_BASE_URL", exit 1
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-record-url-'));
    for (const source of [[], ['--source', 'kalshi']]) {
      const out = textSink();
      const err = textSink();
      const argv = [
        ...source,
        '--base-url',
        'https://u:secret-pass@x.example.com',
        join(base, 'rec'),
        '--details',
        '0',
      ];
      expect(await runRecord(argv, { stdout: out.stream, stderr: err.stream, env: { XDG_STATE_HOME: base } })).toBe(2);
      expect(err.text()).toBe(
        'oddsboard record: --base-url: the base URL must not contain a user name or password (see --help)\n',
      );
      expect(out.text()).toBe('');
    }
  });

  it('refuses several sources from the environment or the config file, as --source all, naming where', async () => {
    // ODDSBOARD_SOURCE=all recorded Polymarket alone (kalshi,manifold: Kalshi alone), without a word
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-record-sources-'));
    const file = configFile('{"sources": ["kalshi", "manifold"]}');
    for (const [env, where] of [
      [{ ODDSBOARD_SOURCE: 'all' }, 'ODDSBOARD_SOURCE names polymarket,kalshi,manifold'],
      [{ ODDSBOARD_CONFIG: file }, `"sources" in the config file ${file} names kalshi,manifold`],
    ] as const) {
      const out = textSink();
      const err = textSink();
      const io = { stdout: out.stream, stderr: err.stream, env: { XDG_STATE_HOME: base, ...env } };
      expect(await runRecord([join(base, 'rec'), '--details', '0'], io)).toBe(2);
      expect(err.text()).toBe(`oddsboard record: ${where}; record saves one at a time: give --source S (see --help)\n`);
      expect(out.text()).toBe('');
    }
  });

  it('takes counts as digits only, the rule of every whole number (fromDigits)', async () => {
    const io = () => ({ stdout: textSink().stream, stderr: textSink().stream, env: {} });
    for (const [flag, value, range] of [
      ['--pages', '+3', '1 to 100'],
      ['--limit', '1e2', '1 to 100'],
      ['--details', ' 5', '0 to 10000'],
      ['--events', '0x10', '0 to 100'],
      ['--event-details', '5.0', '0 to 10000'],
      ['--pages', '0000000', '1 to 100'],
    ] as const) {
      const err = textSink();
      expect(await runRecord([flag, value, 'unused-dir'], { ...io(), stderr: err.stream }), value).toBe(2);
      expect(err.text()).toBe(`oddsboard record: ${flag} must be an integer from ${range} (see --help)\n`);
    }
  });

  it('refuses a flag the recording would not use, naming the source it belongs to', async () => {
    // `record --source kalshi --limit 5` saved Kalshi's pages as ever, and `--polymarket-wallet` without
    // --source polymarket saved no positions: taken and ignored
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-record-stray-'));
    const wallet = `0x${'a'.repeat(40)}`;
    for (const [argv, message] of [
      [['--source', 'kalshi', '--limit', '5'], '--limit belongs to the interface (--source public), not to kalshi'],
      [
        ['--source', 'manifold', '--status', 'open'],
        '--status belongs to the interface (--source public), not to manifold',
      ],
      [
        ['--source', 'kalshi', '--polymarket-wallet', wallet],
        '--polymarket-wallet belongs to --source polymarket, not to kalshi',
      ],
      [['--polymarket-wallet', wallet], '--polymarket-wallet belongs to --source polymarket, not to public'],
      [
        ['--source', 'polymarket', '--manifold-user', 'Bob'],
        '--manifold-user belongs to --source manifold, not to polymarket',
      ],
    ] as const) {
      const out = textSink();
      const err = textSink();
      const io = { stdout: out.stream, stderr: err.stream, env: { XDG_STATE_HOME: base } };
      const args = [...argv, '--base-url', 'http://127.0.0.1:1', join(base, 'rec')];
      expect(await runRecord(args, io), argv.join(' ')).toBe(2);
      expect(err.text()).toBe(`oddsboard record: ${message} (see --help)\n`);
      expect(out.text()).toBe('');
    }
  });

  it('refuses a DIR that cannot be made, before anything is asked: exit 2, one line', async () => {
    // under a file: every answer was asked for, then "cannot write into DIR: ENOTDIR", exit 1
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-record-blocked-'));
    writeFileSync(join(base, 'a-file'), 'x');
    for (const source of [[], ['--source', 'kalshi']]) {
      const out = textSink();
      const err = textSink();
      const argv = [...source, '--base-url', 'http://127.0.0.1:1', join(base, 'a-file', 'sub'), '--details', '0'];
      const io = { stdout: out.stream, stderr: err.stream, env: { XDG_STATE_HOME: base } };
      expect(await runRecord(argv, io)).toBe(2);
      expect(err.text()).toBe('oddsboard record: DIR cannot be made: a file is in its path (ENOTDIR) (see --help)\n');
      expect(out.text()).toBe('');
    }
  });

  it('refuses a DIR under a file system that cannot hold folders (/proc) at once, never hanging', async () => {
    // `record /proc/x/y` hung for good in Node's recursive mkdir, which tries /proc/x again and again
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-record-proc-'));
    writeFileSync(join(base, 'a-file'), 'x');
    const cases = [[join(base, 'a-file', 'sub', 'deeper'), 'a file is in its path (ENOTDIR)']];
    if (existsSync('/proc/self')) cases.push(['/proc/x/y', '/proc/x could not be made (ENOENT): /proc cannot hold it']);
    // under a symlink loop: "oddsboard: unexpected failure: ELOOP: too many symbolic links encountered", exit 1
    symlinkSync(join(base, 'loop'), join(base, 'loop'));
    cases.push([
      join(base, 'loop', 'x'),
      'its path cannot be looked at (ELOOP): a symlink on its path leads round in a loop: remove that link',
    ]);
    for (const [dir, says] of cases) {
      const out = textSink();
      const err = textSink();
      const io = { stdout: out.stream, stderr: err.stream, env: { XDG_STATE_HOME: base } };
      expect(await runRecord(['--source', 'kalshi', '--base-url', 'http://127.0.0.1:1', dir!], io), dir).toBe(2);
      expect(err.text()).toBe(`oddsboard record: DIR cannot be made: ${says} (see --help)\n`);
      expect(out.text()).toBe('');
    }
  });

  it('refuses a DIR that already holds a recording, before anything is asked: exit 2, one line', async () => {
    // a second record into it overwrote some files, kept the others, and the new manifest named only its own
    const base = mkdtempSync(join(tmpdir(), 'oddsboard-record-again-'));
    const dir = join(base, 'rec');
    mkdirSync(dir);
    writeFileSync(join(dir, 'manifest.json'), '{"files":["markets-1.json"]}\n');
    for (const source of [[], ['--source', 'kalshi']]) {
      const out = textSink();
      const err = textSink();
      const io = { stdout: out.stream, stderr: err.stream, env: { XDG_STATE_HOME: base } };
      expect(await runRecord([...source, '--base-url', 'http://127.0.0.1:1', dir], io)).toBe(2);
      expect(err.text()).toBe(
        `oddsboard record: DIR already holds a recording (${join(dir, 'manifest.json')}): ` +
          'record into a new folder (see --help)\n',
      );
      expect(out.text()).toBe('');
    }
    expect(readdirSync(dir)).toEqual(['manifest.json']);
  });
});

describe('what a recording says it saved', () => {
  // a platform that could not be reached said "0 answers saved in DIR (1 requests, 1 failed)"
  it('counts in the singular for one', () => {
    expect(savedLine({ files: [], requests: 1, failures: 1 }, 'rec')).toBe(
      '0 answers saved in rec (1 request, 1 failed)',
    );
    expect(savedLine({ files: ['a'], requests: 2, failures: 0 }, 'rec')).toBe(
      '1 answer saved in rec (2 requests, 0 failed)',
    );
  });
});
