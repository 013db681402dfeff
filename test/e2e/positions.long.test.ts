import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TmuxSession } from './tmux.js';
import { CLI as cli, killedAfterEach, ROOT as root, simMarketClosingSoon } from '../support/e2eKit.js';

/**
 * Paper positions end to end (a *.long test: it waits about 100 s for the market to resolve, more than the
 * watcher test's minute that `npm test` allows itself; `npm run test:long` and CI run it): the built CLI in tmux
 * against a separate reference service at 8× speed (the demo's simulator, whose markets close, settle and resolve
 * on their schedule). A market about to close is quoted, `p` keeps the preview as a paper position, the Positions view (6) shows it with its value and P&L, the value moves with the
 * price, and once the market resolves the position is settled ("paid") — on screen and in paper.json.
 */
const KEY = 'e2e-paper-key-0123456789';

const started = killedAfterEach();

describe('paper positions in a real terminal (tmux)', { timeout: 120_000 }, () => {
  it(
    'p keeps a preview; the Positions view values it, it moves with the price, and it is settled',
    { timeout: 360_000 }, // its waits' deadlines: 300 s, and a shell prompt of 60 s (CONTRIBUTING.md)
    async () => {
      // a market that closes 45–150 s (real time) from now: time to quote and keep it first.
      const { url, market } = await simMarketClosingSoon(started, KEY, 45_000, 150_000);
      const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-paper-'));
      mkdirSync(join(home, 'config', 'oddsboard'), { recursive: true });
      writeFileSync(
        join(home, 'config', 'oddsboard', 'config.json'),
        JSON.stringify({ query: market.title, sort: 'closing' }),
      );
      const t = started.session(new TmuxSession('paper'));
      t.start(root, 160, 40, {
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_STATE_HOME: join(home, 'state'),
        ODDSBOARD_BASE_URL: url,
        ODDSBOARD_API_KEY: KEY,
      });
      const title = market.title.slice(0, 24);
      await t.run(`${process.execPath} ${cli}; echo "EXIT=$?"`);
      await t.waitFor(
        'the market in the list',
        (s) => s.split('\n').some((l) => /^▸ ACTIVE /.test(l) && l.includes(title)),
        15_000,
      );
      t.keys('Enter');
      await t.waitFor('the detail pane', (s) => /◆ Detail/.test(s));
      t.keys('Enter');
      await t.waitFor('the quote form', (s) => /◆ Quote/.test(s));
      t.type('10');
      await t.waitFor('the preview', (s) => /shares @ avg/.test(s), 15_000);
      t.keys('p');
      await t.waitFor('the paper trade kept', (s) => /Kept as a paper trade/.test(s));
      t.keys('Escape');
      await t.waitFor('the detail pane again', (s) => /◆ Detail/.test(s));
      t.keys('Escape');
      await t.waitFor('the list again', (s) => /◆ Markets/.test(s));
      t.keys('6');
      const row = (s: string) =>
        s
          .split('\n')
          .find(
            (l) =>
              /^[▸ ] [A-Z]+ /.test(l) && l.includes(market.title.slice(0, 10)) && / paper /.test(l) && /\$\d/.test(l),
          );
      const first = await t.waitFor(
        'the paper position with a value',
        (s) => /◆ Positions 1 /.test(s) && row(s) !== undefined,
      );
      expect(first).not.toMatch(/NaN|undefined/);
      // marked to market: the values seen until it settles — at least the open one and what it paid
      const values = new Set<string>();
      const valueOf = (r: string) => /(\$[\d,.]+)\s+([+−]?\$[\d,.]+)/.exec(r)?.[1];
      const settled = await t.waitFor(
        'the position settled',
        (s) => {
          const r = row(s);
          const v = r === undefined ? undefined : valueOf(r);
          if (v) values.add(v);
          return r?.includes('paid') === true;
        },
        200_000,
      );
      expect(values.size).toBeGreaterThan(1);
      expect(row(settled)).toMatch(/RESOLVED/);
      t.keys('q');
      await t.waitFor('the dashboard to end', (s) => /EXIT=0/.test(s));
      const file = JSON.parse(readFileSync(join(home, 'state', 'oddsboard', 'paper.json'), 'utf8')) as {
        positions: Array<{ market: string; trades: unknown[]; settled?: { paid: number } }>;
      };
      expect(file.positions).toHaveLength(1);
      expect(file.positions[0]!.market).toBe(`public:${market.id}`);
      expect(file.positions[0]!.settled?.paid).toBeGreaterThanOrEqual(0);
    },
  );
});
