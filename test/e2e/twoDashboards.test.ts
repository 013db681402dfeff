import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TmuxSession } from './tmux.js';
import { CLI as cli, killedAfterEach, marketRows, ROOT as root } from '../support/e2eKit.js';
import { waitFor } from '../support/wait.js';

/**
 * Two dashboards on one home (a person with two monitors), each watching a market with `w`: the watchlist file keeps
 * both. Each wrote the copy it read at its start, so the second write lost the first one's watch (src/watch/merge.ts).
 */
const started = killedAfterEach();

function watched(file: string): string[] {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { markets: { id: string }[] }).markets.map((m) => m.id);
  } catch {
    return [];
  }
}

/** Two dashboards on the demo, one home, a tmux session each (`b`: the caller's to kill, in its finally). */
async function twoBoards(aName: string, b: TmuxSession) {
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-two-'));
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') };
  const a = started.session(new TmuxSession(aName));
  for (const t of [a, b]) t.start(root, 160, 48, env);
  for (const t of [a, b]) await t.run(`${process.execPath} ${cli}; echo "EXIT=$?"`);
  for (const t of [a, b]) await t.waitFor('the demo list', (s) => marketRows(s).length > 2, 15_000);
  return { a, file: join(home, 'state', 'oddsboard', 'watchlist.json') };
}

describe('two dashboards on one state directory (tmux)', { timeout: 120_000 }, () => {
  it('each watches a market: the watchlist keeps both, after both quit', { timeout: 60_000 }, async () => {
    const b = new TmuxSession('two-b');
    try {
      const { a, file } = await twoBoards('two-a', b);
      a.keys('w');
      await a.waitFor('the ★ on the first row', (s) => marketRows(s)[0]?.includes('★') === true);
      await waitFor(() => watched(file).length === 1, 'the first watch written');
      b.keys('j');
      await b.waitFor('the cursor on the second row', (s) => marketRows(s)[1]?.startsWith('▸') === true);
      b.keys('w');
      await b.waitFor('the ★ on the second row', (s) => marketRows(s)[1]?.includes('★') === true);
      await waitFor(() => watched(file).length === 2, 'the second watch written beside the first');
      for (const t of [a, b]) t.keys('q');
      for (const t of [a, b]) await t.waitFor('the dashboard to quit', (s) => /EXIT=0/.test(s));
      expect(watched(file)).toHaveLength(2);
      expect(new Set(watched(file)).size).toBe(2);
    } finally {
      b.kill();
    }
  });

  // each notices the other's writes (src/watch/fileChanges.ts): no restart to see the other monitor's watch
  it('a watch made in one shows in the other, without a restart', { timeout: 60_000 }, async () => {
    const b = new TmuxSession('two-d');
    try {
      const { a } = await twoBoards('two-c', b);
      b.keys('2');
      await b.waitFor('an empty Watchlist view', (s) => /[◆◇] Watchlist 0\b/.test(s));
      a.keys('w');
      const first = await a.waitFor('the ★ on the first row', (s) => marketRows(s)[0]?.includes('★') === true);
      const title = /★ (.{12})/.exec(marketRows(first)[0]!)?.[1] ?? '';
      expect(title.trim()).not.toBe('');
      // the other dashboard: the market in its Watchlist view, as it is
      await b.waitFor(
        'the watch in the other Watchlist view',
        (s) => /[◆◇] Watchlist 1\b/.test(s) && s.includes(title),
      );
      // and back: unwatched there (`w` in its Watchlist view, which keeps the row, without ★, until another view is
      // shown), the ★ leaves this one's list
      b.keys('w');
      await b.waitFor('the row un-watched in the other', (s) => marketRows(s)[0]?.includes('★') === false);
      await a.waitFor('the ★ gone from the first row', (s) => marketRows(s)[0]?.includes('★') === false);
      for (const t of [a, b]) t.keys('q');
      for (const t of [a, b]) await t.waitFor('the dashboard to quit', (s) => /EXIT=0/.test(s));
    } finally {
      b.kill();
    }
  });
});
