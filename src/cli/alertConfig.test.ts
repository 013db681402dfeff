import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDashboardArgs } from './args.js';
import { resolveSettings, UsageError } from './config.js';

function withConfig(config: unknown): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-alertcfg-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify(config));
  return { ODDSBOARD_CONFIG: path };
}

function problem(config: unknown): string {
  try {
    resolveSettings({}, withConfig(config));
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const m = (e as Error).message;
    expect(m).not.toContain('\n');
    return m.replace(/^config file \S+ line \d+: /, '');
  }
  throw new Error('expected a UsageError');
}

describe('watcher settings in the config file', () => {
  it('reads alerts, alertCommand and bell; the same alert has the same id at every start', () => {
    const config = {
      alerts: [
        { market: 'mkt-1', above: 70 },
        { market: 'mkt-1', outcome: 'No', below: 12.5 },
        { market: 'mkt-2', move: 5, minutes: 30 },
        { market: 'mkt-3', status: true },
        { market: 'mkt-1', above: 70 },
      ],
      alertCommand: ['/usr/local/bin/notify', '--urgent'],
      bell: false,
    };
    const a = resolveSettings({}, withConfig(config));
    const b = resolveSettings({}, withConfig(config));
    expect(a.alerts.map(({ id: _id, createdAt: _c, ...r }) => r)).toEqual([
      { marketId: 'mkt-1', kind: 'above', cents: 70, source: 'config' },
      { marketId: 'mkt-1', kind: 'below', outcome: 'No', cents: 12.5, source: 'config' },
      { marketId: 'mkt-2', kind: 'move', cents: 5, minutes: 30, source: 'config' },
      { marketId: 'mkt-3', kind: 'status', source: 'config' },
    ]);
    expect(a.alerts.map((r) => r.id)).toEqual(b.alerts.map((r) => r.id));
    expect(new Set(a.alerts.map((r) => r.id)).size).toBe(4);
    expect(a.alertCommand).toEqual(['/usr/local/bin/notify', '--urgent']);
    expect(a.bell).toBe(false);
  });

  it('defaults: no alerts, no command, the bell on; --no-bell turns it off over the file', () => {
    const s = resolveSettings({}, { ODDSBOARD_CONFIG: '/nonexistent/oddsboard/config.json' });
    expect(s).toMatchObject({ alerts: [], bell: true });
    expect(s.alertCommand).toBeUndefined();
    const parsed = parseDashboardArgs(['--no-bell']);
    expect(parsed).toEqual({ kind: 'run', flags: { bell: false } });
    if (parsed.kind === 'run') expect(resolveSettings(parsed.flags, withConfig({ bell: true })).bell).toBe(false);
  });

  it('a bad entry is named by its place in one line that never repeats the value', () => {
    expect(problem({ alerts: { market: 'x' } })).toMatch(/^alerts must be a list/);
    expect(
      problem({
        alerts: [
          { market: 'x', above: 70 },
          { market: 'x', above: 170 },
        ],
      }),
    ).toBe('alerts[1]: the price must be more than 0¢ and less than 100¢');
    expect(problem({ alerts: [{ market: 'x', above: 70, below: 20 }] })).toBe(
      'alerts[0]: needs exactly one of "above", "below", "move" or "status"',
    );
    expect(problem({ alerts: [{ market: 'x', move: 5 }] })).toBe(
      'alerts[0]: "minutes": the window must be a whole number of minutes from 1 to 1440',
    );
    expect(problem({ alerts: [{ market: 'x', above: 50, minutes: 3 }] })).toBe(
      'alerts[0]: "minutes" belongs only to a "move" alert',
    );
    expect(problem({ alerts: [{ market: 'x', status: 'yes' }] })).toBe('alerts[0]: "status" must be true');
    expect(problem({ alerts: [{ market: 'x', above: 50, secret: 'hunter2' }] })).not.toContain('hunter2');
    expect(problem({ alerts: [{ above: 50 }] })).toBe('alerts[0]: "market" must be a market id');
    const secret = problem({ alertCommand: 'curl -H "Authorization: hunter2" x' });
    expect(secret).toMatch(/^alertCommand must be a list of strings/);
    expect(secret).not.toContain('hunter2');
    expect(problem({ alertCommand: ['', 'x'] })).toBe('alertCommand: the program (its first item) must not be empty');
    expect(problem({ bell: 'no' })).toBe('bell must be true or false');
  });
});
