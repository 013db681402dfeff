import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dashboardIn,
  detailSide as side,
  quoteFromList,
  killedAfterEach,
  ROOT,
  serveChild,
} from '../support/e2eKit.js';
import type { TmuxSession } from './tmux.js';

/**
 * The trader's view as a person sees it, on each platform's recorded books and pools: select a market, the book
 * pane shows its levels, typing an amount shows the preview with the figures the unit tests pin, `h` switches
 * the history's range.
 */

const started = killedAfterEach();

async function replay(source: string, dir: string): Promise<string> {
  const r = await serveChild(['--replay', join(ROOT, dir), '--source', source, '--as-recorded', '--port', '0']);
  started.service(r.child);
  return r.url;
}

async function dashboard(source: string, url: string, extra = ''): Promise<TmuxSession> {
  const t = await dashboardIn(`trader-${source}`, `--source ${source} --base-url ${url} ${extra}`);
  started.session(t);
  return t;
}

const quote = quoteFromList;

/** Back to the list from the quote form (an Esc right before a letter would read as Alt+letter), then h: 7 days. */
async function sevenDays(t: TmuxSession): Promise<void> {
  t.keys('Escape');
  await t.waitFor('the detail pane again', (s) => /◆ Detail/.test(s));
  t.keys('Escape');
  await t.waitFor('the list again', (s) => /◆ Markets/.test(s));
  t.keys('h');
  await t.waitFor('the 7-day range', (s) => /Price history: last 7 days/.test(s), 15_000);
}

// each test's waits add up to more than vitest's 20 s: a slow step fails its own wait, with the screen
describe('the trader’s view on the platforms’ recordings (tmux)', { timeout: 90_000 }, () => {
  it('Kalshi: the recorded book as a ladder (asks from the No bids), a buy of 10 previewed through it with the fee', async () => {
    const t = await dashboard(
      'kalshi',
      await replay('kalshi', 'test/fixtures/real/kalshi/trader/sportsbet-pro-2026-07'),
    );
    const book = await t.waitFor('the book', (s) => /Book Yes · spread 2\.0¢ · mid 39\.0¢/.test(side(s)), 15_000);
    // the best of each side meet in the middle: ask 40¢ × 45 (the No bid at 60¢), bid 38¢ × 45
    expect(side(book)).toMatch(/ask +40\.0¢ +45 +45 +█/);
    expect(side(book)).toMatch(/bid +38\.0¢ +45 +45 +█/);
    expect(book).not.toMatch(/NaN|undefined/);
    // 10 USD at 40¢: 25 contracts; fee ⌈0.07 × 25 × 0.40 × 0.60⌉ = 0.42 (src/sources/kalshi tests pin it)
    const q = await quote(t, '10', (s) => /25\.00 shares @ avg 40\.0¢ · total \$10\.42/.test(s));
    expect(side(q)).toMatch(/mid 39\.0¢ → 40\.0¢ · impact \+1\.0¢ · fee \$0\.42/);
    await sevenDays(t);
  });

  it('Kalshi: a market’s recorded candlesticks drawn on first sight, full from its first quoted hour', async () => {
    const t = await dashboard('kalshi', await replay('kalshi', 'test/fixtures/real/kalshi/trader/atp-set-2026-08'));
    // 18 of its 19 hourly candles have a price (src/sources/kalshi/history.test.ts), the first 17 h before the
    // recording's end: the line spans those hours, every cell drawn, from 68.5¢ up to 77¢
    const first = await t.waitFor(
      'the detail with its history',
      (s) => /History 17h, all published · high 77\.0¢ · low 68\.5¢ · Yes/.test(side(s)),
      15_000,
    );
    const spark = /Yes +77\.0¢ +△2\.0¢ 24h +([▁▂▃▄▅▆▇█]{20,})/.exec(side(first));
    expect(spark, side(first)).not.toBeNull();
    // rising: it starts low and ends at the top
    expect(spark![1]!.at(0)).toBe('▁');
    expect(spark![1]!.at(-1)).toBe('█');
    expect(first).not.toMatch(/NaN|undefined/);
  });

  it('Polymarket: the recorded CLOB book of the Fed market (best last on the wire, best first on screen), a buy of 100 with its fee curve, h to 7 days', async () => {
    const t = await dashboard('polymarket', await replay('polymarket', 'test/fixtures/real/polymarket'));
    await t.waitFor('the list', (s) => /Will the Fed decrease interest rates by 25/.test(s), 15_000);
    t.keys('j');
    t.keys('j');
    const book = await t.waitFor('the Fed book', (s) => /Book Yes · spread 0\.1¢ · mid 1\.45¢/.test(side(s)), 15_000);
    expect(side(book)).toMatch(/ask +1\.5¢ +8\.5k +8\.5k +█/);
    expect(side(book)).toMatch(/bid +1\.4¢ +1 +1 +█/);
    // 100 USDC through the asks: 6,666.67 shares, fee 4.925 by the market's schedule (src/sources/polymarket tests)
    const q = await quote(t, '100', (s) => /6,666\.67 shares @ avg 1\.5¢ · total 104\.93 USDC/.test(s));
    expect(side(q)).toMatch(/fee 4\.93 USDC/);
    expect(q).not.toMatch(/NaN|undefined/);
    await sevenDays(t);
  });

  it('Manifold: the sparklines full on first sight from its history, a buy of 100 mana through the pool, h to 7 days', async () => {
    const t = await dashboard('manifold', await replay('manifold', 'test/fixtures/real/manifold'));
    const first = await t.waitFor(
      'the detail with its history',
      (s) => /History 24h/.test(side(s)) && /Yes +38\.0¢.*▅{20,}/.test(side(s)),
      15_000,
    );
    expect(side(first)).toMatch(/No +62\.0¢.*▅{20,}/);
    // pool YES 7681.13, NO 1705.54, p 0.73424: 100 mana buys 256.788 YES (src/sources/manifold tests)
    const q = await quote(t, '100', (s) => /256\.79 shares @ avg 38\.9¢ · total M\$100\.00/.test(s));
    expect(side(q)).toMatch(/price 38\.0¢ → 39\.9¢ · impact \+1\.9¢/);
    t.keys('Escape');
    await t.waitFor('the detail pane again', (s) => /◆ Detail/.test(s));
    t.keys('Escape');
    await t.waitFor('the list again', (s) => /◆ Markets/.test(s));
    t.keys('h');
    await t.waitFor('the 7-day history', (s) => /History 7d/.test(side(s)), 10_000);
  });
});
