import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, ROOT, serveChild } from '../support/e2eKit.js';

/**
 * The Positions view (6) of the built dashboard in tmux against Manifold's replay (issue #28): the person named by
 * `--manifold-user`, read through the venue's sync as the reader does it — `GET /v0/user/{name}` → their id,
 * `GET /v0/bets?userId=` → the markets they bet on, `GET /v0/market/{id}/positions?userId=` → their ContractMetric,
 * `GET /v0/market/{id}` (404: the market was never recorded, so the position is valued from its own row).
 *
 * What is recorded and what is not (test/fixtures/real/SOURCES.md, "Positions"): the positions answer is Manifold's
 * documented example of `/v0/market/kupKInoLsjMuiDiNfogm/positions` (two users, both holding NO), copied verbatim.
 * No recorded `/v0/user/{name}` or `/v0/bets?userId=` answer of either user could be found, so the replay DERIVES
 * both from that recorded metric (src/sources/manifold/positionsReplay.ts): the user `{id, username, name}` from its
 * `userId`/`userUsername`/`userName`, and one bet naming only its `contractId`, `lastBetTime` and `maxSharesOutcome`.
 * No value on screen comes from a derived object. The replay needs a Manifold market to start: one recorded market
 * (v0-market-CL56c9sqQp-open-2026-10-09.json) is put beside the positions, verbatim.
 */
const started = killedAfterEach();

function replayDir(): string {
  const real = join(ROOT, 'test/fixtures/real/manifold');
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-manifold-positions-'));
  mkdirSync(join(dir, 'positions'));
  const positions = 'v0-market-kupKInoLsjMuiDiNfogm-positions-top-1-bottom-1-docs-example-2023.json';
  copyFileSync(join(real, 'positions', positions), join(dir, 'positions', positions));
  const market = 'v0-market-CL56c9sqQp-open-2026-10-09.json';
  copyFileSync(join(real, market), join(dir, market));
  return dir;
}

describe('the Positions view, the built dashboard against the Manifold replay (tmux)', { timeout: 120_000 }, () => {
  it('Manifold: --manifold-user, the recorded position with its value and P&L in mana', async () => {
    const r = await serveChild(['--replay', replayDir(), '--source', 'manifold', '--port', '0']);
    started.service(r.child);
    const t = started.session(
      await dashboardIn('posm', `--source manifold --base-url ${r.url} --manifold-user LucasGoldfein56b1`),
    );
    await t.waitFor('the dashboard', (s) => /◆ Markets/.test(s), 20_000);
    t.keys('6');
    // LucasGoldfein56b1's recorded metric: totalShares {"NO": 89.17418492518308}, invested 15, payout
    // 23.479030029570673. Held: NO, 89.17 shares. Value = payout = M$23.48. P&L = 23.479030… − 15 = +M$8.48, in
    // percent 8.479030… / 15 = +56.5 % (the row's own profitPercent 56.52686686380448). The market itself was not
    // recorded, so its price is the row's: 23.479030… / 89.174184… = 0.26329… → 26.3¢ (the average paid,
    // 15 / 89.174184… = 16.8¢, is shown: no state column while every position is open).
    const s = await t.waitFor(
      'the recorded position',
      (x) => /M mana value M\$23\.48 · P&L \+M\$8\.48/.test(x),
      60_000,
    );
    const row = s.split('\n').find((l) => /Unknown market ku… real/.test(l));
    expect(row).toMatch(/real +No +89\.17 +16\.8¢ +26\.3¢ +M\$23\.48 +\+M\$8\.48 +\+56\.5%/);
    // only the user named: the other user's metric in the same answer (sylv, at a loss) is not theirs
    expect(s).toMatch(/◆ Positions 1 /);
    expect(s).not.toMatch(/M\$5\.01|[-−]M\$4\.99/);
    expect(s).not.toMatch(/NaN|undefined|\[object/);
    expect(s).toMatch(/● online/);
  });
});
