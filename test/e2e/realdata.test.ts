import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFOLD_OPEN_MC, openManifoldRecording } from '../support/realFixtures.js';
import {
  dashboardIn,
  detailSide,
  marketRows as rows,
  quoteFromList,
  killedAfterEach,
  ROOT,
  serveChild,
} from '../support/e2eKit.js';
import type { TmuxSession } from './tmux.js';

/**
 * The built dashboard on real recorded payloads: `serve --replay` on each
 * service's fixtures (test/fixtures/real), the dashboard against it with a key,
 * and what a person reads on the screen.
 */
const KEY = 'e2e-replay-key';

const started = killedAfterEach();

/** `oddsboard serve --replay` on one service's fixtures (or a directory) with more flags; resolves with its base URL. */
async function replay(
  name: string,
  dir = join(ROOT, 'test/fixtures/real', name),
  flags: string[] = [],
): Promise<string> {
  const r = await serveChild(['--replay', dir, ...flags, '--keys', KEY, '--port', '0']);
  started.service(r.child);
  expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  return r.url;
}

async function dashboard(url: string): Promise<TmuxSession> {
  const t = await dashboardIn('real', '--status all --limit 50', { ODDSBOARD_BASE_URL: url, ODDSBOARD_API_KEY: KEY });
  started.session(t);
  return t;
}

const prices = (screen: string) => [...screen.matchAll(/(\d+\.\d)¢/g)].map((m) => Number(m[1]));

/** `/` + text + ⏎: the list is searched (by the service's q). */
async function search(t: TmuxSession, text: string, until: (s: string) => boolean): Promise<string> {
  t.keys('/');
  await t.waitFor('the search box', (s) => s.includes('⏎ search · Esc cancel'));
  t.keys('C-u');
  await t.waitFor('an empty search box', (s) => s.includes('search titles and categories'));
  t.type(text);
  t.keys('Enter');
  const done = (s: string) => s.includes(`search “${text}”`);
  return t.waitFor(`the list searched for “${text}”`, (s) => done(s) && until(s), 10_000);
}

const quote = quoteFromList;

// each test's waits add up to more than vitest's 20 s (two searches and a quote: over 100 s): a slow step fails its
// own wait, with the screen
describe('the dashboard on real recorded payloads (tmux, serve --replay)', { timeout: 120_000 }, () => {
  it('Kalshi: every price within 0..100¢, the 1¢ settled market at 1¢, sibling rows that read differently', async () => {
    const t = await dashboard(await replay('kalshi'));
    const first = await t.waitFor('17 rows', (s) => rows(s).length >= 17, 15_000);
    expect(first).not.toMatch(/NaN|undefined/);
    for (const p of prices(first)) expect(p).toBeLessThanOrEqual(100);
    const pope = rows(first).filter((r) => r.includes('Who will the'));
    expect(pope).toHaveLength(3);
    expect(new Set(pope.map((r) => r.replace(/\s+\d+s\s*$/, '').trim())).size).toBe(3);
    const btc = rows(first).filter((r) => r.includes('Bitcoin price on Jul 25'));
    expect(new Set(btc.map((r) => r.slice(0, 60))).size).toBe(btc.length);

    const nyc = await search(t, 'high temp', (s) => /last trade 1\.0¢/.test(detailSide(s)));
    expect(detailSide(nyc)).toContain('resolved: No');
    expect(detailSide(nyc)).not.toMatch(/closes in/);
    for (const p of prices(nyc)) expect(p).toBeLessThanOrEqual(100);
  });

  it('Polymarket: a market resolved by its prices shows its winner and no countdown; oneDayPriceChange shows the move', async () => {
    const t = await dashboard(await replay('polymarket'));
    const first = await t.waitFor('7 rows', (s) => rows(s).length >= 7, 15_000);
    const rihanna = rows(first).find((r) => r.includes('Rihanna'));
    expect(rihanna).toMatch(/Yes\s+51\.0¢\s+▽0\.5¢/);
    expect(first).toMatch(/△ ?24h/);
    const dota = await search(t, 'dota', (s) => /resolved: Team Spirit/.test(detailSide(s)));
    expect(rows(dota)[0]).toMatch(/RESOLVED .*Team Spirit\s+100\.0¢/);
    expect(detailSide(dota)).toMatch(/RESOLVED · closed \d+d ago/);
    expect(detailSide(dota)).not.toMatch(/closes in/);

    // an open market is quoted (200) from its recorded prices
    await search(t, 'rihanna', (s) => /Event What will happen before GTA VI\?/.test(detailSide(s)));
    const quoted = await quote(t, '5', (s) => /shares/.test(s) && /avg/.test(s));
    expect(quoted).toMatch(/price 51\.0+¢ → 5\d\.\d+¢/);
  });

  it('Manifold as of the recording: the multiple-choice market recorded open in 2022 lists its answer texts (never their author) and a quote on one is answered', async () => {
    // only the open snapshot (not the later resolve answer), its times moved forward by now − when it was recorded
    const url = await replay('manifold', openManifoldRecording(), [
      '--as-recorded',
      '--recorded-at',
      MANIFOLD_OPEN_MC.recordedAt,
    ]);
    const t = await dashboard(url);
    const first = await t.waitFor(
      'the market and its answers',
      (s) => rows(s).length === 1 && /Ririsu/.test(detailSide(s)),
      15_000,
    );
    expect(rows(first)[0]).toMatch(/ACTIVE +Which character is best\?/);
    const detail = detailSide(first);
    expect(detail).toMatch(/Harry Potter\s+33\.3¢/);
    expect(detail).toMatch(/Cthulu\s+33\.3¢/);
    expect(detail).toMatch(/Ririsu\/Ririto Ibusuki\s+33\.3¢/);
    expect(detail).toMatch(/closes in 62d/); // as far ahead as on 2022-10-11 (it closed 2022-12-13)
    expect(first).not.toContain('Olivia');

    // the quote endpoint answered 200: shares, average price and total on the screen
    const quoted = await quote(t, '5', (s) => /shares/.test(s) && /avg/.test(s));
    expect(quoted).toMatch(/Outcome\s+‹? ?Harry Potter/);
    expect(quoted).toMatch(/price 33\.3\d*¢ → 3\d\.\d+¢/);
    expect(quoted).toMatch(/\d+\.\d\d shares @ avg 3\d\.\d¢ · total \$5\.\d\d/);
    expect(quoted).not.toMatch(/✗|\(4\d\d\)/);
    expect(quoted).not.toContain('Olivia');
  });

  it('Manifold: answer texts are the outcomes (never their authors), and a quote sends one of them', async () => {
    const t = await dashboard(await replay('manifold'));
    await t.waitFor('7 rows', (s) => rows(s).length >= 7, 15_000);
    const mc = await search(t, 'character', (s) => /Harry Potter/.test(detailSide(s)));
    const detail = detailSide(mc);
    expect(detail).toMatch(/Harry Potter\s+50\.0¢/);
    expect(detail).toMatch(/Cthulu\s+0\.0¢/);
    expect(detail).toMatch(/Ririsu\/Ririto Ibusuki\s+50\.0¢/);
    expect(detail).not.toContain('Olivia');
    expect(detail).toContain('resolved: at market price');

    // the outcome sent is the answer's text and the service knows it: this 2022 market is resolved (410);
    // an outcome it did not know would be a 400 ✗ line
    const quoted = await quote(t, '5', (s) => /Market resolved \(410\)/.test(s) || /✗/.test(s));
    expect(quoted).toMatch(/Outcome\s+‹? ?Harry Potter|Outcome\s+Harry Potter/);
    expect(quoted).toContain('Market resolved (410)');
  });
});
