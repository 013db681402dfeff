import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, ROOT, replayChild } from '../support/e2eKit.js';

/**
 * A P&L alert (issue #28) in the built dashboard in tmux, on the Polymarket replay's recorded wallet position
 * (21,010.07 shares bought at 36.4¢, worth 14,181.80 USDC: P&L +6,533.46 USDC): `a` on the Positions row, an amount
 * typed, ⏎ — it fires into the notice line and the alert log, is saved in the alerts file with where it stands, and
 * after a restart it does not fire again.
 */
const started = killedAfterEach();

describe('a P&L alert in the built dashboard (tmux)', { timeout: 120_000 }, () => {
  it('set on the Positions row, fires once, saved; a restart does not repeat it', async () => {
    const r = await replayChild('polymarket');
    started.service(r.child);
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-pnl-alert-'));
    const env = {
      ODDSBOARD_POLYMARKET_WALLET: '0xee613b3fc183ee44f9da9c05f53e2da107e3debf',
      XDG_STATE_HOME: join(home, 'st'),
    };
    const run = `--source polymarket --base-url ${r.url}; echo "EXIT=$?"`;
    const t = started.session(await dashboardIn('pnla', run, env));
    await t.waitFor('the dashboard', (s) => /◆ Markets/.test(s), 20_000);
    t.keys('6');
    await t.waitFor('the recorded position', (x) => /\+6,533\.46/.test(x), 60_000);
    t.keys('a');
    const form = await t.waitFor('the alert form', (x) => /◆ Alert/.test(x) && /P&L USDC/.test(x));
    expect(form).toMatch(/Position +Timberwolves · real · USDC/);
    t.type('1000');
    t.keys('Enter');
    const fired = 'P&L +6,533.46 USDC (above +1,000.00 USDC)';
    let s = await t.waitFor('the alert in the notice line', (x) => x.includes(fired));
    expect(s).toMatch(/Polymarket “.*” Timberwolves \(real\)/);
    t.keys('A');
    s = await t.waitFor('the alert log', (x) => /Alert log · 1, newest first/.test(x));
    expect(s).toContain('Timberwolves (real) P&L at or above +1,000.00 USDC');
    t.keys('Escape');
    await t.waitFor('the log closed', (x) => !/Alert log ·/.test(x));
    t.keys('q');
    await t.waitFor('the dashboard to end', (x) => /EXIT=0/.test(x), 15_000);
    const dir = join(home, 'st', 'oddsboard', 'sources', 'polymarket');
    const saved = JSON.parse(readFileSync(join(dir, 'alerts.json'), 'utf8'));
    expect(saved.alerts).toMatchObject([{ kind: 'pnlAbove', amount: 1000, currency: 'USDC', outcome: 'Timberwolves' }]);
    expect(Object.values(saved.state)).toMatchObject([{ armed: false }]);

    // a restart: the position read again still holds the condition, and nothing fires twice
    await t.run(`${process.execPath} ${join(ROOT, 'dist/cli.js')} ${run}`);
    await t.waitFor('the dashboard again', (x) => /◆ Markets/.test(x), 20_000);
    t.keys('6');
    await t.waitFor('the position read again', (x) => /\+6,533\.46/.test(x), 60_000);
    t.keys('A');
    s = await t.waitFor('the alert log', (x) => /Alert log · 1, newest first/.test(x));
    expect(s).toContain(fired);
  }, 360_000); // its waits' deadlines: 225 s, and two shell prompts of 60 s (CONTRIBUTING.md)
});
