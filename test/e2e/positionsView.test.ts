import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, ROOT, serveChild, replayChild } from '../support/e2eKit.js';
import { filesUnder, KALSHI_TEST_KEY_PEM, kalshiPortfolioDir } from '../support/kalshiPortfolio.js';

/**
 * The Positions view (6) of the built dashboard in tmux, against each platform's replay served by `serve --replay` in
 * its own process: the person's recorded positions, read through the venue's sync at the positions' own cadence, with
 * their values and the venue's totals in its currency — Kalshi's every request signed and verified by the replay, the
 * private key in no byte the dashboard writes (its state directory: rate ledger, watchlist, paper.json).
 */
const started = killedAfterEach();

async function replay(source: string, dir: string): Promise<string> {
  const r = await serveChild(['--replay', dir, '--source', source, '--port', '0']);
  started.service(r.child);
  return r.url;
}

describe('the Positions view, the built dashboard against each replay (tmux)', { timeout: 120_000 }, () => {
  it('Kalshi: the signed portfolio read through sync; values, paid and the venue total; the key nowhere', async () => {
    const { dir, keyFile } = kalshiPortfolioDir('e2e-kalshi-view');
    const url = await replay('kalshi', dir);
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-kalshi-home-'));
    const t = started.session(
      await dashboardIn('posk', `--source kalshi --base-url ${url}; echo "EXIT=$?"`, {
        KALSHI_API_KEY_ID: 'e2e-key',
        KALSHI_PRIVATE_KEY_PATH: keyFile,
        XDG_STATE_HOME: join(home, 'st'),
      }),
    );
    await t.waitFor('the dashboard', (s) => /◆ Markets/.test(s), 20_000);
    t.keys('6');
    // 20 YES at 15¢ = $3.00 (+$0.40); 10 YES settled yes: paid $10.00 (+$2.80); 5 NO settled no: paid $5.00 (+$0.90)
    const s = await t.waitFor('the recorded positions', (x) => /K USD value \$18\.00 · P&L \+\$4\.10/.test(x), 60_000);
    const rows = s.split('\n');
    expect(rows.some((l) => /real .*Yes .* 20\.00? .*\$3\.00 +\+\$0\.40 +\+15\.4%/.test(l))).toBe(true);
    expect(rows.some((l) => /real .*Yes .*\$10\.00 +\+\$2\.80 .*paid/.test(l))).toBe(true);
    expect(rows.some((l) => /real .*No .*\$5\.00 +\+\$0\.90 .*paid/.test(l))).toBe(true);
    // the venue's connection is its own: online
    expect(s).toMatch(/● online/);
    t.keys('q');
    await t.waitFor('the dashboard to end', (x) => /EXIT=0/.test(x), 15_000);
    const lines = KALSHI_TEST_KEY_PEM.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----'));
    for (const text of [t.capture(), ...filesUnder(home)])
      for (const l of lines) expect(text).not.toContain(l.slice(0, 24));
  });

  it('Polymarket: the wallet from the environment, the Data API on the one base URL; the values as recorded', async () => {
    const url = await replay('polymarket', join(ROOT, 'test/fixtures/real/polymarket'));
    const t = started.session(
      await dashboardIn('posp', `--source polymarket --base-url ${url}`, {
        ODDSBOARD_POLYMARKET_WALLET: '0xee613b3fc183ee44f9da9c05f53e2da107e3debf',
      }),
    );
    await t.waitFor('the dashboard', (s) => /◆ Markets/.test(s), 20_000);
    t.keys('6');
    // 21,010.07 Timberwolves at 67.5¢ (bought at 36.4¢): value 14,181.80 USDC, P&L +6,533.46 (+85.4%)
    const s = await t.waitFor('the recorded positions', (x) => /14,181\.80 +\+6,533\.46 +\+85\.4%/.test(x), 60_000);
    // the wallet's one recorded position, the average price too (no state column while every position is open)
    expect(s).toMatch(/Timberwolves vs\. … real +Timberw… +21,010\.07 +36\.4¢ +67\.5¢ +14,181\.80/);
    expect(s).toContain('P USDC value 14,181.80 USDC · P&L +6,533.46 USDC');
    expect(s).toMatch(/● online/);
  });
  it('Kalshi and Polymarket on one board: each venue read by its own sync, totals per venue, never summed', async () => {
    const { dir, keyFile } = kalshiPortfolioDir('e2e-kalshi-view');
    const k = await serveChild(['--replay', dir, '--source', 'kalshi', '--port', '0']);
    const p = await replayChild('polymarket');
    try {
      const t = started.session(
        await dashboardIn(
          'posb',
          `--source kalshi,polymarket --base-url kalshi=${k.url} --base-url polymarket=${p.url}`,
          {
            KALSHI_API_KEY_ID: 'e2e-key',
            KALSHI_PRIVATE_KEY_PATH: keyFile,
            ODDSBOARD_POLYMARKET_WALLET: '0xee613b3fc183ee44f9da9c05f53e2da107e3debf',
          },
        ),
      );
      await t.waitFor('the dashboard', (s) => /◆ Markets/.test(s), 20_000);
      t.keys('6');
      const s = await t.waitFor(
        'both venues’ positions',
        (x) => /K USD value \$18\.00 · P&L \+\$4\.10/.test(x) && /P USDC value 14,181\.80 USDC/.test(x),
        60_000,
      );
      // Kalshi's market on the board (ACTIVE, its badge): valued at the board's 15¢
      expect(s).toMatch(/ACTIVE +K Mars · Will E… real +Yes .*\$3\.00 +\+\$0\.40/);
      expect(s).toMatch(/Timberwolves vs… real/);
      expect(s).toMatch(/K Kalshi ● online/);
      expect(s).toMatch(/P Polymarket ● online/);
    } finally {
      k.child.kill('SIGTERM');
      p.child.kill('SIGTERM');
    }
  });
});
