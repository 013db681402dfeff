/** The opener (open.ts): which command, detached and unref'd, never a shell; nothing found → not opened. */
import { describe, expect, it } from 'vitest';
import type { SpawnOptions } from 'node:child_process';
import { FAIL_WINDOW_MS, openerFor, openPage } from './open.js';

const URL_ = 'https://kalshi.com/markets/kxnewpope';
const has =
  (...names: string[]) =>
  (c: string) =>
    names.includes(c);

describe('openerFor', () => {
  it('$BROWSER first: the first command of a : list that exists; %s is replaced, else the address is appended', () => {
    expect(
      openerFor(URL_, { env: { BROWSER: 'nope:firefox --new-tab' }, platform: 'linux', exists: has('firefox') }),
    ).toEqual({
      command: 'firefox',
      args: ['--new-tab', URL_],
    });
    expect(openerFor(URL_, { env: { BROWSER: 'w3m %s' }, platform: 'linux', exists: has('w3m') })).toEqual({
      command: 'w3m',
      args: [URL_],
    });
    expect(openerFor(URL_, { env: { BROWSER: 'nope' }, platform: 'linux', exists: has('xdg-open') })).toBeUndefined();
  });
  it('else the platform’s opener: xdg-open, open, start', () => {
    expect(openerFor(URL_, { env: {}, platform: 'linux', exists: has('xdg-open') })?.command).toBe('xdg-open');
    expect(openerFor(URL_, { env: {}, platform: 'darwin', exists: has('open') })?.command).toBe('open');
    expect(openerFor(URL_, { env: {}, platform: 'win32', exists: has() })).toEqual({
      command: 'cmd',
      args: ['/c', 'start', '""', URL_],
    });
    expect(openerFor(URL_, { env: {}, platform: 'linux', exists: has() })).toBeUndefined();
  });
});

describe('openPage', () => {
  it('spawns detached with stdio ignored and unrefs (never waits)', () => {
    const calls: { command: string; args: readonly string[]; opts: SpawnOptions }[] = [];
    let unrefs = 0;
    const r = openPage(URL_, {
      env: {},
      platform: 'linux',
      exists: has('xdg-open'),
      spawn: (command, args, opts) => {
        calls.push({ command, args, opts });
        return { unref: () => void unrefs++, on: () => undefined };
      },
    });
    expect(r).toEqual({ ok: true, command: 'xdg-open' });
    expect(calls[0]).toMatchObject({ command: 'xdg-open', args: [URL_], opts: { detached: true, stdio: 'ignore' } });
    expect(calls[0]!.opts.shell).toBeUndefined();
    expect(unrefs).toBe(1);
  });
  it('nothing found: not opened, and says which', () => {
    expect(openPage(URL_, { env: { PATH: '' }, platform: 'linux' })).toEqual({
      ok: false,
      reason: 'no browser opener was found',
    });
    expect(openPage(URL_, { env: { PATH: '', BROWSER: 'nope' }, platform: 'linux' })).toEqual({
      ok: false,
      reason: 'no command of $BROWSER was found',
    });
  });
  it('an opener that exits non-zero at once is told (the screen said “Opened”); a browser closed later is not', () => {
    let t = 0;
    const exits: Array<(code: number | null) => void> = [];
    const deps = {
      env: { BROWSER: 'firefox' },
      platform: 'linux' as const,
      exists: has('firefox'),
      now: () => t,
      spawn: () => ({
        unref: () => undefined,
        on: (e: string, f: (code: number | null) => void) => void (e === 'exit' && exits.push(f)),
      }),
    };
    const told: string[] = [];
    expect(openPage(URL_, deps, (r) => told.push(r))).toEqual({ ok: true, command: 'firefox' });
    exits[0]!(3);
    expect(told).toEqual(['firefox exited with 3']);
    openPage(URL_, deps, (r) => told.push(r));
    exits[1]!(0);
    openPage(URL_, deps, (r) => told.push(r));
    t += FAIL_WINDOW_MS + 1;
    exits[2]!(1);
    expect(told).toEqual(['firefox exited with 3']);
  });
});
