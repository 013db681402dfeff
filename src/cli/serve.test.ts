import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
    const done = runServe(['--port', '0', '--seed', '7', '--keys', 'secret-alpha,secret-beta', '--speed', '2'], { stdout: out.stream, stderr: err.stream, signal: ac.signal });
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
    [['--speed', 'fast']],
    [['--seed', '-1']],
    [['--keys', 'a,,b']],
    [['--port']],
    [['extra']],
    [['--keys', 'a', 'secret-b']],
    [['--chaos', 'meteor']],
    [['--chaos-after', '5']],
    [['--chaos', '429', '--chaos-retry-after', 'soon']],
    [['--chaos', '500', '--chaos-for', '-3']],
  ])('a bad flag %j returns 2 with a one-line message', async (argv) => {
    const out = sink();
    const err = sink();
    expect(await runServe(argv, { stdout: out.stream, stderr: err.stream })).toBe(2);
    expect(out.text()).toBe('');
    expect(err.text()).toMatch(/^oddsboard serve: [^\n]+\n$/);
    expect(err.text()).not.toContain('secret');
  });

  it('--help prints usage and returns 0', async () => {
    const out = sink();
    const err = sink();
    expect(await runServe(['--help'], { stdout: out.stream, stderr: err.stream })).toBe(0);
    expect(out.text()).toContain('Usage: oddsboard serve');
    expect(out.text()).toContain('--port');
    expect(out.text()).toContain('--chaos PROFILE');
    expect(out.text()).toContain('500, html, badjson, truncated, wrongtypes, huge, trickle, hang, reset, flap, 429, revoke, vanish');
  });

  it('--chaos 500 --chaos-after 0 fails every request and says so; --log-requests prints one line each, never the key', async () => {
    const out = sink();
    const ac = new AbortController();
    const done = runServe(['--port', '0', '--keys', 'secret-gamma', '--chaos', '500', '--chaos-after', '0', '--log-requests'], { stdout: out.stream, stderr: sink().stream, signal: ac.signal });
    const url = await out.firstLine;
    const res = await fetch(`${url}/public/v1/markets?limit=2`, { headers: { 'X-API-Key': 'secret-gamma' } });
    expect(res.status).toBe(500);
    await res.text();
    ac.abort();
    expect(await done).toBe(0);
    expect(out.text()).toContain('CHAOS 500: normal for 0 s from the first request, then for good');
    const req = out.text().split('\n').find((l) => l.startsWith('req '));
    expect(JSON.parse(req!.slice(4))).toMatchObject({ path: '/public/v1/markets?limit=2', status: 500, fault: true });
    expect(out.text()).not.toContain('secret');
  });
});
