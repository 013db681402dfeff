/**
 * The fault drills' fast subset, on the built program in real terminals: the
 * dashboard against `serve --chaos` for 500, bad JSON, a revoked key and a
 * vanishing market (the full set is `npm run drill`). And a title with 🌡️ and
 * CJK in a row whose right edge lines up with its neighbours in tmux.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDrills } from '../../bench/drill.js';
import { findProfiles } from '../../bench/drill/profiles.js';
import { CLI } from '../../bench/drill/run.js';
import { serveChild } from '../support/e2eKit.js';
import { wcwidth } from '../support/wcwidth.js';
import { TmuxSession } from './tmux.js';

function ready(): void {
  if (!TmuxSession.available())
    throw new Error('tmux is required for this test (apt-get install tmux); .ci/run installs it');
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
}

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

describe('fault drills in a real terminal (fast subset)', { timeout: 120_000 }, () => {
  it('500, badjson, revoke, vanish: named on screen, last data kept, back online alone, within the budget, nothing raw, no key', async () => {
    ready();
    // untimed: what shows and that it comes back, not how soon in real time (`npm run drill` holds those limits)
    const rows = await runDrills(
      findProfiles(['500', 'badjson', 'revoke', 'vanish']),
      { afterS: 6, forS: 12, untimed: true },
      4,
    );
    for (const r of rows)
      expect({ profile: r.profile, failures: r.failures }).toEqual({ profile: r.profile, failures: [] });
    expect(rows.map((r) => r.shown)).toEqual(['degraded', 'degraded', 'auth_failed', 'notice']);
  }, 300_000); // the drills give up 60 s after a start with no request, and at 3× the recovery limit after the fault

  it('a title with 🌡️ and CJK: the row’s right edge lines up with the rows above and below', async () => {
    ready();
    const server = await serveChild(['--port', '0', '--chaos', 'none']);
    cleanup.push(() => server.child.kill('SIGTERM'));
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-'));
    const t = new TmuxSession('width');
    cleanup.push(() => t.kill());
    t.start(home, 160, 30, {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      ODDSBOARD_BASE_URL: server.url,
      ODDSBOARD_API_KEY: '',
    });
    await t.run(`${process.execPath} ${CLI}; echo "EXIT=$?"`);
    const screen = await t.waitFor(
      'the hostile rows',
      // every row whole, with its pane border (the list refreshes while the test reads it)
      (s) => {
        const listed = s.split('\n').filter((l) => /^[▸ ] ACTIVE/.test(l));
        return /Tokyo 東京/.test(s) && listed.length >= 8 && listed.every((l) => l.includes('│'));
      },
      15_000,
    );
    const rows = screen.split('\n').filter((l) => /^[▸ ] ACTIVE/.test(l));
    const hot = rows.find((l) => l.includes('🌡'));
    expect(hot).toBeDefined();
    expect(hot).not.toContain('\ufe0f');
    // the age column ends, and the pane border sits, at the same column in every row as tmux draws them
    const edges = rows.map((l) => wcwidth(l.slice(0, l.indexOf('│')).trimEnd()));
    const borders = rows.map((l) => wcwidth(l.slice(0, l.indexOf('│'))));
    expect(new Set(edges).size, rows.join('\n')).toBe(1);
    expect(new Set(borders).size, rows.join('\n')).toBe(1);
    t.keys('q');
    await t.waitFor('the dashboard to exit', (s) => /EXIT=0/.test(s));
  }, 90_000); // its waits' deadlines: 25 s, and a shell prompt of 60 s (CONTRIBUTING.md)
});
