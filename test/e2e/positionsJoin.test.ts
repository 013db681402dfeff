import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, listSide, serveChild } from '../support/e2eKit.js';
import { NUGGETS_GAMMA_ID, polymarketJoinDir } from '../support/polymarketJoin.js';

/**
 * A Polymarket position joins its market on the board (docs/sources.md § Positions join): the Data API names it by
 * conditionId, the reader re-keys it by Gamma id, so the row selects, shows and watches the board's market. The replay
 * is the recorded one with — OURS — the recorded market 2774056 given the recorded position's conditionId
 * (test/support/polymarketJoin.ts).
 */
const started = killedAfterEach();

describe('a Polymarket position joined to its board market (tmux)', { timeout: 90_000 }, () => {
  it('the row is the Gamma market: its detail, and w watches it under its Gamma id', async () => {
    const r = await serveChild(['--replay', polymarketJoinDir('e2e-join'), '--source', 'polymarket', '--port', '0']);
    started.service(r.child);
    const t = started.session(
      await dashboardIn('posj', `--source polymarket --base-url ${r.url}`, {
        ODDSBOARD_POLYMARKET_WALLET: '0xee613b3fc183ee44f9da9c05f53e2da107e3debf',
      }),
    );
    await t.waitFor('the dashboard', (s) => /◆ Markets/.test(s), 20_000);
    t.keys('6');
    // the recorded position, valued as the Data API recorded it (the market's outcomes are not the position's)
    await t.waitFor('the recorded position', (x) => /14,181\.80 +\+6,533\.46 +\+85\.4%/.test(x), 60_000);
    // selected, the detail is the Gamma market's — not a 404 for a conditionId
    const s = await t.waitFor('its market in the detail', (x) => /Strait of Hormuz traffic/.test(x), 20_000);
    expect(s).not.toMatch(/not found|gone/i);
    t.keys('w');
    t.keys('2');
    // in the Watchlist's own list (the list pane, not the detail beside it)
    const w = await t.waitFor('the watched market', (x) => listSide(x).some((l) => /Strait of Hormuz/.test(l)), 20_000);
    expect(w).toContain(`id ${NUGGETS_GAMMA_ID}`);
  });
});
