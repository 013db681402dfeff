/** The opener (open.ts): which command, detached and unref'd, never a shell; nothing found → not opened. */
import { describe, expect, it } from 'vitest';
import type { SpawnOptions } from 'node:child_process';
import { openerFor, openPage } from './open.js';

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
});
