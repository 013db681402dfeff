import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MANIFOLD_OPEN_MC, openManifoldRecording } from '../../test/support/realFixtures.js';
import { runServe } from './serve.js';

function sink(): { stream: Writable; text: () => string; firstLine: Promise<string> } {
  let buf = '';
  let resolveLine: (s: string) => void = () => {};
  const firstLine = new Promise<string>((r) => (resolveLine = r));
  const stream = new Writable({
    write(chunk, _enc, cb) {
      buf += String(chunk);
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolveLine(buf.slice(0, nl));
      cb();
    },
  });
  return { stream, text: () => buf, firstLine };
}

describe('runServe', () => {
  it('--port 0 prints the base URL on line 1, a summary without keys, serves, and stops with 0', async () => {
    const out = sink();
    const err = sink();
    const ac = new AbortController();
    const done = runServe(['--port', '0', '--seed', '7', '--keys', 'secret-alpha,secret-beta', '--speed', '2'], {
      stdout: out.stream,
      stderr: err.stream,
      signal: ac.signal,
    });
    const url = await out.firstLine;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/public/v1/markets?limit=2`, { headers: { 'X-API-Key': 'secret-beta' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);
    expect(out.text()).toMatch(/markets in \d+ events/);
    expect(out.text()).toContain('API keys accepted: 2');
    expect(out.text()).toContain('speed 2x');
    expect(out.text()).not.toContain('secret');
    ac.abort();
    expect(await done).toBe(0);
    expect(err.text()).toBe('');
    await expect(fetch(`${url}/public/v1/markets`)).rejects.toThrow();
  });

  it.each([
    [['--bogus']],
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--speed', '0']],
    // a speed so slow the simulator's times fall off the calendar: every answer was a 500
    [['--speed', '0.0000000001']],
    [['--speed', 'fast']],
    [['--seed', '-1']],
    [['--seed', '1e2']],
    [['--port', '+80']],
    [['--port', ' 80']],
    [['--port', '0x10']],
    [['--seed', '9'.repeat(400)]],
    [['--keys', 'a,,b']],
    [['--port']],
    [['extra']],
    [['--keys', 'a', 'secret-b']],
    [['--replay', 'test/fixtures/real/kalshi', '--seed', '2']],
    [['--replay=']],
    [['--as-recorded']],
    [['--replay', 'test/fixtures/real/kalshi', '--recorded-at', '2022-10-11T22:30:18Z']],
    [['--replay', 'test/fixtures/real/kalshi', '--as-recorded', '--recorded-at', '2022-10-11']],
    [['--replay', 'test/fixtures/real/kalshi', '--as-recorded', '--recorded-at', 'secret-yesterday']],
    [['--chaos', 'meteor']],
    [['--chaos-after', '5']],
    [['--chaos', '429', '--chaos-retry-after', 'soon']],
    [['--chaos', '500', '--chaos-for', '-3']],
    [['--chaos-path', '/tags']],
    [['--chaos', '404', '--chaos-path', 'tags']],
    [['--chaos', '404', '--chaos-path', '/tags?limit=100']],
  ])('a bad flag %j returns 2 with a one-line message', async (argv) => {
    const out = sink();
    const err = sink();
    expect(await runServe(argv, { stdout: out.stream, stderr: err.stream })).toBe(2);
    expect(out.text()).toBe('');
    // ending as record's and the one-shot commands' usage errors do: it ended bare (`--port must be an integer…`)
    expect(err.text()).toMatch(/^oddsboard serve: [^\n]+ \(see (oddsboard serve )?--help\)\n$/);
    expect(err.text()).not.toContain('secret');
  });

  it('--chaos-for 0 is refused as the range it names, not served as 1 s', async () => {
    const err = sink();
    const ac = new AbortController();
    ac.abort();
    const argv = ['--port', '0', '--chaos', '500', '--chaos-for', '0'];
    expect(await runServe(argv, { stdout: sink().stream, stderr: err.stream, signal: ac.signal })).toBe(2);
    expect(err.text()).toBe('oddsboard serve: --chaos-for must be an integer from 1 to 86400 (see --help)\n');
  });

  it('--replay DIR serves the recorded payloads (line 1 the URL, a summary) and says so', async () => {
    const out = sink();
    const err = sink();
    const ac = new AbortController();
    const done = runServe(['--port', '0', '--replay', 'test/fixtures/real/polymarket'], {
      stdout: out.stream,
      stderr: err.stream,
      signal: ac.signal,
    });
    const url = await out.firstLine;
    const res = await fetch(`${url}/public/v1/markets/3776139`);
    expect(((await res.json()) as { data: { question: string } }).data.question).toBe(
      'Dota 2: BoomBoys vs Team Spirit - Game 1 Winner',
    );
    expect(out.text()).toMatch(
      /REPLAY of recorded payloads in test\/fixtures\/real\/polymarket\n24 markets and 4 events/,
    );
    ac.abort();
    expect(await done).toBe(0);
  });

  // it said only "port N is already in use", not what to do
  it('a port in use: exit 1 and one line saying what to give instead', async () => {
    const { createServer } = await import('node:net');
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const { port } = taken.address() as { port: number };
    const out = sink();
    const err = sink();
    try {
      expect(await runServe(['--port', String(port)], { stdout: out.stream, stderr: err.stream })).toBe(1);
    } finally {
      await new Promise<void>((r) => taken.close(() => r()));
    }
    expect(err.text()).toBe(
      `oddsboard serve: port ${port} is already in use (another oddsboard serve?): give --port N, or --port 0 for ` +
        'any free one\n',
    );
    expect(out.text()).toBe('');
  });

  it('--host naming no address of this machine is a bad flag: exit 2 and one line saying what to give', async () => {
    const out = sink();
    const err = sink();
    // TEST-NET-1 (RFC 5737): never an address of this machine, and no name to look up
    const args = ['--port', '0', '--host', '192.0.2.1'];
    expect(await runServe(args, { stdout: out.stream, stderr: err.stream })).toBe(2);
    expect(err.text()).toBe(
      'oddsboard serve: cannot bind --host 192.0.2.1 (EADDRNOTAVAIL): ' +
        'give an address of this machine, e.g. 127.0.0.1\n',
    );
    expect(out.text()).toBe('');
  });

  // it was exit 1, "unexpected failure", where record's DIR that is no directory is a usage error (2)
  it.each([
    ['a path that does not exist', 'no/such/dir'],
    ['a file', 'package.json'],
  ])('--replay of %s is a bad argument: exit 2, one line, nothing served', async (_what, dir) => {
    for (const source of [[], ['--source', 'kalshi']]) {
      const out = sink();
      const err = sink();
      const args = ['--port', '0', '--replay', dir, ...source];
      expect(await runServe(args, { stdout: out.stream, stderr: err.stream })).toBe(2);
      expect(err.text()).toBe(`oddsboard serve: --replay ${dir} is not a directory (see --help)\n`);
      expect(out.text()).toBe('');
    }
  });

  it(
    '--replay DIR --as-recorded --recorded-at ISO: the recorded times moved to now, and the summary says by how ' +
      'much',
    async () => {
      const out = sink();
      const err = sink();
      const ac = new AbortController();
      const done = runServe(
        [
          '--port',
          '0',
          '--replay',
          openManifoldRecording(),
          '--as-recorded',
          '--recorded-at',
          MANIFOLD_OPEN_MC.recordedAt,
        ],
        { stdout: out.stream, stderr: err.stream, signal: ac.signal },
      );
      const url = await out.firstLine;
      const res = await fetch(
        `${url}/public/v1/markets/${MANIFOLD_OPEN_MC.id}/quote?outcome=Cthulu&amount=5&action=buy`,
      );
      expect(res.status).toBe(200);
      expect(out.text()).toContain('as of the recording (2022-10-11T22:30:18.000Z)');
      expect(out.text()).toMatch(
        /1 markets and 0 events, served as recorded but for their times: each moved forward \d{4}d( \d+h)? \d+m\n/,
      );
      ac.abort();
      expect(await done).toBe(0);
      expect(err.text()).toBe('');
    },
  );

  it('--as-recorded on a directory without a manifest is a bad argument: exit 2, one line naming the fix', async () => {
    const out = sink();
    const err = sink();
    expect(
      await runServe(['--port', '0', '--replay', 'test/fixtures/real/manifold', '--as-recorded'], {
        stdout: out.stream,
        stderr: err.stream,
      }),
    ).toBe(2);
    expect(err.text()).toMatch(
      /^oddsboard serve: --as-recorded needs the time of the recording: \S+manifest\.json is missing \(or give --recorded-at ISO\)\n$/,
    );
  });

  it('--help prints usage and returns 0', async () => {
    const out = sink();
    const err = sink();
    expect(await runServe(['--help'], { stdout: out.stream, stderr: err.stream })).toBe(0);
    expect(out.text()).toContain('Usage: oddsboard serve');
    expect(out.text()).toContain('--port');
    expect(out.text()).toContain('--as-recorded');
    expect(out.text()).toContain('--recorded-at ISO');
    expect(out.text()).toContain('--chaos PROFILE');
    expect(out.text()).toContain(
      '500 html badjson truncated wrongtypes huge trickle hang reset flap 429 revoke vanish',
    );
  });

  it(
    '--chaos 500 --chaos-after 0 fails every request and says so; --log-requests prints one line each, never the ' +
      'key',
    async () => {
      const out = sink();
      const ac = new AbortController();
      const done = runServe(
        ['--port', '0', '--keys', 'secret-gamma', '--chaos', '500', '--chaos-after', '0', '--log-requests'],
        { stdout: out.stream, stderr: sink().stream, signal: ac.signal },
      );
      const url = await out.firstLine;
      const res = await fetch(`${url}/public/v1/markets?limit=2`, { headers: { 'X-API-Key': 'secret-gamma' } });
      expect(res.status).toBe(500);
      await res.text();
      ac.abort();
      expect(await done).toBe(0);
      expect(out.text()).toContain('CHAOS 500: normal for 0 s from the first request, then for good');
      const req = out
        .text()
        .split('\n')
        .find((l) => l.startsWith('req '));
      expect(JSON.parse(req!.slice(4))).toMatchObject({ path: '/public/v1/markets?limit=2', status: 500, fault: true });
      expect(out.text()).not.toContain('secret');
    },
  );

  it('a replay with --chaos and --log-requests says which answers the fault was on, a 200 fault too', async () => {
    const out = sink();
    const ac = new AbortController();
    const done = runServe(
      [
        ...['--replay', 'test/fixtures/real/manifold', '--source', 'manifold', '--port', '0'],
        ...['--chaos', 'badjson', '--chaos-after', '0', '--chaos-path', '/v0/markets', '--log-requests'],
      ],
      { stdout: out.stream, stderr: sink().stream, signal: ac.signal },
    );
    const url = (await out.firstLine).replace(/\/v0$/, '');
    for (const path of ['/v0/markets?limit=2', '/v0/market/CL56c9sqQp']) await (await fetch(`${url}${path}`)).text();
    ac.abort();
    expect(await done).toBe(0);
    const reqs = out
      .text()
      .split('\n')
      .filter((l) => l.startsWith('req '))
      .map((l) => JSON.parse(l.slice(4)) as { path: string; status: number; fault: boolean });
    expect(reqs).toEqual([
      expect.objectContaining({ path: '/v0/markets?limit=2', status: 200, fault: true }),
      expect.objectContaining({ path: '/v0/market/CL56c9sqQp', status: 200, fault: false }),
    ]);
  });
});
