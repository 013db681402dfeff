import { describe, expect, it } from 'vitest';
import { HOSTILE_CATEGORY, HOSTILE_OUTCOME, HOSTILE_TITLES } from '../../src/server/chaosBody.js';
import {
  foreignControls,
  garbled,
  keySeen,
  maxInWindow,
  requestTimes,
  rowCount,
  selectedTitle,
  staleCount,
  stateOf,
} from './checks.js';
import { DRILL_PROFILES } from './profiles.js';
import { judge } from './run.js';

const header = (state: string) => `oddsboard  KEY …k3y9  12/30 req/min  ${state}  data 3s old      13:10:05`;
const row = (sel: boolean, title: string, badge = 'ACTIVE  ') =>
  `${sel ? '▸' : ' '} ${badge} ${title.padEnd(36)} Yes     32.4¢  ·0.0¢   4.7M     0s │`;
const screen = (state: string, titles = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'], sel = 0) =>
  [header(state), '◆ Markets', ...titles.map((t, i) => row(i === sel, t))].join('\n');

describe('reading a screen', () => {
  it('names the header state', () => {
    expect(stateOf(screen('● online'))).toBe('online');
    expect(stateOf(screen('◐ degraded · HTTP 500 ×4 · retry in 3s'))).toBe('degraded');
    expect(stateOf(screen('○ offline · retry in 8s'))).toBe('offline');
    expect(stateOf(screen('◍ RATE LIMITED · retry in 20s'))).toBe('rate_limited');
    expect(stateOf(screen('✗ AUTH FAILED · check in 10s'))).toBe('auth_failed');
    expect(stateOf(screen('◌ connecting'))).toBe('connecting');
    expect(stateOf('E2E$ ')).toBeUndefined();
  });

  it('counts rows, STALE rows, the selected title, and sees NaN / undefined', () => {
    const s = screen('● online');
    expect(rowCount(s)).toBe(5);
    expect(selectedTitle(s)).toBe('Alpha');
    expect(selectedTitle(screen('● online', undefined, 2))).toBe('Gamma');
    expect(staleCount(`${s}\n${row(false, 'Old', 'STALE   ')}`)).toBe(1);
    expect(staleCount(s)).toBe(0);
    expect(staleCount(`${s}\n  ACTIVE   Old market   Yes   40.0¢  ▲1.0¢   1.2k   2m ago`)).toBe(1);
    expect(garbled(s)).toBe(false);
    expect(garbled(`${s}\nprice NaN`)).toBe(true);
    expect(garbled(`${s}\nundefined`)).toBe(true);
  });
});

describe('raw terminal output', () => {
  it('lets the dashboard’s own drawing through: colours, cursor moves, erases, private modes', () => {
    const own =
      '\x1b[?1049h\x1b[?25l\x1b[32m● online\x1b[39m\x1b[2m dim\x1b[22m\x1b[1A\x1b[2K\x1b[G\x1b[E\x1b[K\x1b[1;1H\x1b[J\x1b[7minv\x1b[27m\x1b[?2026h\x1b[?2026l\x1b[?1049l';
    expect(foreignControls(own)).toEqual([]);
  });

  it('finds every hostile title’s sequences when they are not stripped', () => {
    const found = foreignControls([...HOSTILE_TITLES, HOSTILE_OUTCOME, HOSTILE_CATEGORY].join(' '));
    expect(found).toEqual(
      expect.arrayContaining([
        '\x1b]52;c;ZHJpbGwtY2xpcGJvYXJk\x07',
        '\x1b[6n',
        '\x1b]8;;https://evil.example/\x07',
        '\x1b[38;5;201m',
        '\u009b',
        '\x07',
        '\x08',
        '\x1bP1$r\x1b\\',
        '\x1b]0;pwned\x07',
      ]),
    );
  });

  it('finds the key whole or without its last 4 characters, never a masked hint', () => {
    const key = 'drill-secret-0a1b2c3d-k3y9';
    expect(keySeen('KEY …k3y9', key)).toBe(false);
    expect(keySeen(`x ${key} y`, key)).toBe(true);
    expect(keySeen('drill-secret-0a1b2c3d-', key)).toBe(true);
  });

  it('counts requests per 60 s from the service log', () => {
    const log = [
      'http://127.0.0.1:1',
      ...[0, 1_000, 30_000, 59_999, 60_000, 61_000].map(
        (at) => `req {"at":${at},"path":"/x","status":200,"fault":false}`,
      ),
      'req {"at":',
    ].join('\n');
    expect(requestTimes(log)).toEqual([0, 1_000, 30_000, 59_999, 60_000, 61_000]);
    expect(maxInWindow(requestTimes(log))).toBe(4); // 0–59 999 or 1 000–60 000: a window holds 60 s, not 60 s and one instant
  });
});

describe('judging a row', () => {
  const p500 = DRILL_PROFILES.find((p) => p.name === '500')!;
  const base = {
    faultAt: 10_000,
    endAt: 40_000,
    exitCode: 0,
    exitedAlone: false,
    raw: '\x1b[32mok\x1b[39m',
    log: 'req {"at":1}',
    key: 'drill-secret-0a1b2c3d-k3y9',
  };
  const seq = (...xs: Array<[number, string]>) => xs.map(([at, s]) => ({ at, screen: s }));

  it('passes a fault shown at once, data kept, online again within a step', () => {
    const r = judge(p500, {
      ...base,
      screens: seq(
        [1_000, screen('● online')],
        [12_000, screen('◐ degraded')],
        [39_000, screen('◐ degraded')],
        [44_000, screen('● online')],
      ),
    });
    expect(r).toMatchObject({
      pass: true,
      keptData: true,
      shown: 'degraded',
      shownAfterMs: 2_000,
      recoveredAfterMs: 4_000,
      maxPer60s: 1,
      foreignControls: 0,
      keySeen: false,
    });
  });

  it('fails on lost rows, no state, a slow return, a raw sequence, the key, a crash', () => {
    const r = judge(p500, {
      ...base,
      exitedAlone: true,
      raw: '\x1b]52;c;eA==\x07drill-secret-0a1b2c3d-k3y9',
      screens: seq([1_000, screen('● online')], [12_000, screen('● online', ['Alpha'])], [60_000, screen('● online')]),
    });
    expect(r.pass).toBe(false);
    expect(r.failures).toEqual([
      'ended by itself (exit code 0)',
      'market rows went missing',
      'degraded never showed during the fault',
      'back online only after 20.0 s',
      '1 raw control sequences reached the terminal: ["\\u001b]52;c;eA==\\u0007"]',
      'the API key showed',
    ]);
  });

  it('untimed (the e2e test): a late state or a slow return passes, a missing one still fails', () => {
    const late = seq(
      [1_000, screen('● online')],
      [25_000, screen('◐ degraded')],
      [39_000, screen('◐ degraded')],
      [70_000, screen('● online')],
    );
    expect(judge(p500, { ...base, screens: late }).failures).toEqual([
      'degraded showed only after 15.0 s',
      'back online only after 30.0 s',
    ]);
    expect(judge(p500, { ...base, screens: late }, { untimed: true })).toMatchObject({
      pass: true,
      shownAfterMs: 15_000,
      recoveredAfterMs: 30_000,
    });
    const never = seq([1_000, screen('● online')], [39_000, screen('● online')], [70_000, screen('◐ degraded')]);
    expect(judge(p500, { ...base, screens: never }, { untimed: true }).failures).toEqual([
      'degraded never showed during the fault',
      'not back to ● online after the fault',
    ]);
  });
});
