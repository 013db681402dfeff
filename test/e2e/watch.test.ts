import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TmuxSession } from './tmux.js';
import { CLI as cli, killedAfterEach, ROOT as root, simMarketClosingSoon } from '../support/e2eKit.js';

/**
 * The watcher end to end: the built CLI in tmux against a separate reference
 * service at 8× speed. A market about to close is watched with `w`; the
 * dashboard quits and starts again and the market is still watched (★, and the
 * watchlist file); then it closes and resolves while watched: both alerts show
 * on screen with the winner, the raw output carries BEL, and the config file's
 * status alert on the same market runs alertCommand, which writes its
 * environment where the test reads it — once per change, the watch's implicit
 * alert giving way to it.
 */
const KEY = 'e2e-watch-key-0123456789';

const started = killedAfterEach();

describe('the watcher in a real terminal (tmux)', { timeout: 120_000 }, () => {
  it(
    'watch with w, restart, still watched; close and resolve while watched: notices with the winner, BEL, alertCommand',
    { timeout: 420_000 }, // its waits' deadlines: 290 s, and two shell prompts of 60 s (CONTRIBUTING.md)
    async () => {
      // a market that closes 20–120 s (real time) from now, so there is time to watch it and restart first.
      const { url, market } = await simMarketClosingSoon(started, KEY, 20_000, 120_000);
      const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-watch-'));
      const out = join(home, 'alerts-run');
      mkdirSync(out);
      const script = join(home, 'on-alert.sh');
      writeFileSync(
        script,
        '#!/bin/sh\nenv > "$1/alert-$ODDSBOARD_ALERT_SEQ.tmp" && mv "$1/alert-$ODDSBOARD_ALERT_SEQ.tmp" "$1/alert-$ODDSBOARD_ALERT_SEQ.env"\n',
      );
      chmodSync(script, 0o755);
      mkdirSync(join(home, 'config', 'oddsboard'), { recursive: true });
      // the list shows just this market (its title as the search) whatever its status, so a close that comes before
      // the restart (a slow start on a loaded machine) changes nothing here; the config file sets a status alert on it
      writeFileSync(
        join(home, 'config', 'oddsboard', 'config.json'),
        JSON.stringify({
          query: market.title,
          status: 'all',
          sort: 'closing',
          alerts: [{ market: market.id, status: true }],
          alertCommand: [script, out],
        }),
      );
      const raw = join(home, 'raw.out');
      const t = started.session(new TmuxSession('watch'));
      t.start(root, 120, 36, {
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_STATE_HOME: join(home, 'state'),
        ODDSBOARD_BASE_URL: url,
        ODDSBOARD_API_KEY: KEY,
      });
      t.recordOutput(raw);
      const title = market.title.slice(0, 30);
      const row = (s: string) => s.split('\n').find((l) => /^(?:▸| ) +[A-Z]+ /.test(l) && l.includes(title));
      // The notice line shows each alert for 10 s: every screen read is looked at for them, so one shown while the test
      // waits for something else is not missed.
      const seen = new Set<string>();
      let winner = '';
      const notice = new RegExp(
        `★ ALERT “${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^”]*” (closed|is settling|resolved: \\S.*)`,
      );
      const noticed = (s: string) => {
        const m = notice.exec(s);
        if (!m) return;
        const what = m[1]!.trim();
        if (what.startsWith('resolved')) winner = what;
        seen.add(what.startsWith('resolved') ? 'resolved' : what);
      };
      const looking = (test: (s: string) => boolean) => (s: string) => {
        noticed(s);
        return test(s);
      };

      await t.run(`${process.execPath} ${cli}; echo "EXIT1=$?"`);
      // the first run's screens are looked at too: on a loaded machine the market can close before the restart, and
      // the restarted dashboard does not tell that change again (the last status told is saved)
      await t.waitFor(
        'the market in the list',
        looking((s) => row(s) !== undefined),
        15_000,
      );
      t.keys('w');
      await t.waitFor(
        'the ★ on its row',
        looking((s) => row(s)?.includes(`★ ${title}`) === true),
      );
      t.keys('q');
      await t.waitFor(
        'the first run to end',
        looking((s) => /EXIT1=0/.test(s)),
      );
      const file = JSON.parse(readFileSync(join(home, 'state', 'oddsboard', 'watchlist.json'), 'utf8')) as {
        markets: { id: string }[];
      };
      expect(file.markets.map((m) => m.id)).toEqual([market.id]);

      await t.run(`${process.execPath} ${cli}; echo "EXIT2=$?"`);
      // Still watched after the restart: its ★ in the list, and `2` shows it in the Watchlist view.
      await t.waitFor(
        'the ★ after the restart',
        (s) => {
          noticed(s);
          return row(s)?.includes(`★ ${title}`) === true;
        },
        15_000,
      );
      t.keys('2');
      const watchlist = await t.waitFor(
        'the Watchlist view with the market',
        (s) => {
          noticed(s);
          return /[◆◇] Watchlist/.test(s) && s.includes(`★ ${title}`);
        },
        10_000,
      );
      expect(watchlist).toMatch(/[◆◇] Watchlist 1\b/);

      // watch the notice line until the resolution has shown
      await t.waitFor(
        'the resolution notice',
        (s) => {
          noticed(s);
          return seen.has('resolved');
        },
        200_000,
      );
      expect(seen.has('closed') || seen.has('is settling')).toBe(true);
      // The alert log keeps them all, newest first, the winner named.
      t.keys('A');
      const log = await t.waitFor('the alert log', (s) => /Alert log · \d+/.test(s));
      expect(log).toMatch(/resolved: \S+/);
      expect(log).toMatch(/» “[^”]+” (closed|is settling)/); // » : the config alert's entry (★: the watchlist's)
      t.keys('Escape');
      await t.waitFor('the log to close', (s) => !/Alert log ·/.test(s));
      t.keys('q');
      await t.waitFor('the second run to end', (s) => /EXIT2=0/.test(s));

      expect(readFileSync(raw, 'latin1')).toContain('\x07');
      const runs = readdirSync(out)
        .filter((f) => f.endsWith('.env'))
        .map((f) => readFileSync(join(out, f), 'utf8'));
      // The market is watched and has the config file's status alert: each change is one run and one log entry,
      // under the config alert (the one set on it), never a second one from the watchlist.
      expect(runs.length).toBeGreaterThan(0);
      for (const r of runs) {
        expect(r).toContain('ODDSBOARD_ALERT_SOURCE=config');
        expect(r).toContain(`ODDSBOARD_ALERT_MARKET_ID=${market.id}`);
        expect(r).toContain('ODDSBOARD_ALERT_KIND=status');
      }
      const changes = runs.map((r) => /^ODDSBOARD_ALERT_TO=(.*)$/m.exec(r)?.[1]);
      expect(new Set(changes).size).toBe(changes.length);
      const logged = (
        JSON.parse(readFileSync(join(home, 'state', 'oddsboard', 'alert-log.json'), 'utf8')) as {
          entries: { source: string; to?: string }[];
        }
      ).entries;
      expect(logged.map((e) => e.source)).toEqual(logged.map(() => 'config'));
      expect(new Set(logged.map((e) => e.to)).size).toBe(logged.length);
      expect(logged.map((e) => e.to)).toContain('resolved');
      expect(runs.some((r) => /ODDSBOARD_ALERT_TO=resolved/.test(r) && /ODDSBOARD_ALERT_WINNER=\S/.test(r))).toBe(true);
      for (const r of runs) expect(r).not.toContain('ODDSBOARD_API_KEY');
      expect(winner).toMatch(/resolved: \S/);
    },
  );
});
