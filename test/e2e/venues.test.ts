import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, listSide, marketRows, ROOT, replayChild } from '../support/e2eKit.js';
import { TmuxSession } from './tmux.js';

/**
 * Several venues in one dashboard (issue #27), end to end: the three platforms' replays at once
 * (`serve --replay test/fixtures/real/<s> --source <s>`, one child each), the built dashboard started with
 * `--source all --base-url VENUE=URL` ×3 in tmux. The header names the three; the list has rows of each venue (its
 * letter before the title); `v` narrows to one; one market of each venue watched, quit, started again: all three
 * watched; one replay stopped: its venue offline, the other two online and still refreshing.
 */

const PLATFORMS = ['polymarket', 'kalshi', 'manifold'] as const;
const LETTER = { polymarket: 'P', kalshi: 'K', manifold: 'M' } as const;

const children: ChildProcess[] = [];
let session: TmuxSession | undefined;
afterEach(() => {
  session?.kill();
  session = undefined;
  for (const c of children.splice(0)) c.kill('SIGTERM');
});

async function replays(): Promise<Record<(typeof PLATFORMS)[number], { url: string; child: ChildProcess }>> {
  const started = await Promise.all(
    PLATFORMS.map(async (s) => {
      const r = await replayChild(s, { extra: s === 'manifold' ? ['--as-recorded'] : [] });
      children.push(r.child);
      return [s, r] as const;
    }),
  );
  return Object.fromEntries(started) as Record<(typeof PLATFORMS)[number], { url: string; child: ChildProcess }>;
}

/** The venue letters of the market rows on screen (the letter after the status badge). */
const lettersOf = (screen: string) =>
  new Set(
    marketRows(screen)
      .map((r) => /^(?:▸| ) +\S+ +([PKMD]) /.exec(r)?.[1])
      .filter(Boolean),
  );

describe('three venues in one dashboard (tmux)', { timeout: 120_000 }, () => {
  it('names the three, lists rows of each, v narrows, one watchlist survives a restart, one venue offline alone', async () => {
    if (!TmuxSession.available()) throw new Error('tmux is required for this test');
    const r = await replays();
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-venues-'));
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, 'st') };
    const command =
      `${process.execPath} ${CLI} --source all --limit 8 ` +
      PLATFORMS.map((s) => `--base-url ${s}=${r[s].url}`).join(' ');
    const t = new TmuxSession('venues');
    session = t;
    t.start(ROOT, 160, 48, env);
    // after the shell's prompt (TmuxSession.run): typed earlier, the dashboard would start off column 0
    await t.run(command);

    const first = await t.waitFor(
      'the three venues online with rows of each',
      (s) =>
        /P Polymarket ● online/.test(s) &&
        /K Kalshi ● online/.test(s) &&
        /M Manifold ● online/.test(s) &&
        lettersOf(s).size === 3,
      30_000,
    );
    expect(first).not.toMatch(/NaN|undefined|\[object/);
    expect(first).toContain('by venue, each');

    // v narrows to one venue at a time, then every venue again; w watches that venue's first row
    for (const s of PLATFORMS) {
      t.keys('v');
      const only = await t.waitFor(
        `only ${s}`,
        (x) => x.includes('Showing') && lettersOf(x).size === 1 && lettersOf(x).has(LETTER[s]),
        10_000,
      );
      expect(marketRows(only).length).toBeGreaterThan(0);
      t.keys('w');
      await t.waitFor(`a ${s} market watched`, (x) => x.includes('★ Watching'), 10_000);
    }
    t.keys('v');
    await t.waitFor('every venue again', (x) => x.includes('Showing every venue') && lettersOf(x).size === 3, 10_000);
    t.keys('2');
    const watchlist = await t.waitFor(
      'the watchlist with one market of each venue',
      (x) => /◆ Watchlist/.test(x) && lettersOf(x).size === 3,
    );
    expect(marketRows(watchlist)).toHaveLength(3);

    // quit, start again: the one watchlist, written to the state directory, has all three
    t.keys('q');
    await t.waitFor('the shell again', (x) => !/◆ Watchlist/.test(x), 10_000);
    const file = join(home, 'st', 'oddsboard', 'venues', 'watchlist.json');
    expect(existsSync(file)).toBe(true);
    const saved = readFileSync(file, 'utf8');
    for (const s of PLATFORMS) expect(saved).toContain(`"${s}:`);
    // a fresh terminal (the same home and state directory)
    t.kill();
    const t2 = new TmuxSession('venues2');
    session = t2;
    t2.start(ROOT, 160, 48, env);
    // after the shell's prompt (TmuxSession.run): typed earlier, the dashboard would start off column 0
    await t2.run(command);
    // keys typed before the dashboard reads the terminal would be echoed by it: wait for the header first
    await t2.waitFor('the dashboard again', (x) => /Kalshi/.test(x) && /◆ Markets/.test(x), 30_000);
    t2.keys('2');
    const again = await t2.waitFor(
      'the watchlist again with a market of each venue',
      (x) => /◆ Watchlist/.test(x) && lettersOf(x).size === 3,
      30_000,
    );
    expect(marketRows(again)).toHaveLength(3);

    // one replay stopped: its venue offline, the other two online and still refreshing
    r.manifold.child.kill('SIGTERM');
    t2.keys('1');
    // the header's first line (its words shorten when the line is full)
    const head = (x: string) => x.split('\n')[0] ?? '';
    const down = await t2.waitFor(
      'Manifold offline, Polymarket and Kalshi online',
      (x) =>
        /M(?: Manifold)? ○ offline/.test(head(x)) &&
        /P(?: Polymarket)? ● online/.test(head(x)) &&
        /K(?: Kalshi)? ● online/.test(head(x)),
      30_000,
    );
    expect(down).toMatch(/Manifold +OFFLINE/);
    const count = (x: string, name: string) =>
      Number(new RegExp(`${name[0]}(?: ${name})? ● online (\\d+)/`).exec(head(x))?.[1] ?? -1);
    const before = { p: count(down, 'Polymarket'), k: count(down, 'Kalshi') };
    await t2.waitFor(
      'Polymarket and Kalshi still sending',
      (x) => /M Manifold ○ offline/.test(x) && count(x, 'Polymarket') > before.p && count(x, 'Kalshi') > before.k,
      30_000,
    );
    expect(listSide(down).join('\n')).not.toMatch(/NaN|undefined/);
  }, 330_000); // its waits' deadlines: 200 s, and two shell prompts of 60 s (CONTRIBUTING.md)

  it('g goes to a market on each venue in turn: a ticker, an address, an id — each lookup answered on its venue', async () => {
    if (!TmuxSession.available()) throw new Error('tmux is required for this test');
    const r = await replays();
    const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-venues-g-'));
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, 'st') };
    const t = new TmuxSession('venuesg');
    session = t;
    t.start(ROOT, 160, 48, env);
    await t.run(
      `${process.execPath} ${CLI} --source all --limit 8 ` +
        PLATFORMS.map((s) => `--base-url ${s}=${r[s].url}`).join(' '),
    );
    await t.waitFor('rows of each venue', (s) => lettersOf(s).size === 3, 30_000);
    // each venue's first `g` (its own lookup count starts at one on every venue) and a second one on the first venue
    // what shows it went there: the selected row (its venue's letter, its title) and the page in the detail
    const goes: Array<[string, (s: string) => boolean]> = [
      ['KXNEWPOPE-70-FAMB', (s) => /^▸ ACTIVE +K Fridolin Ambongo/m.test(s)],
      [
        'https://manifold.markets/Bayesian/anthropic-above-10t-valuation-on-ju',
        (s) =>
          /^▸ ACTIVE +M Anthropic above 10T/m.test(s) &&
          s.includes('Page manifold.markets/Bayesian/anthropic-abo… · o opens it'),
      ],
      [
        '2252244',
        (s) =>
          /^▸ ACTIVE +P Will there be no change in Fed/m.test(s) &&
          s.includes('Page polymarket.com/event/fed-decision-in-se… · o opens it'),
      ],
      ['kxnewpope-70-ppar', (s) => /^▸ ACTIVE +K Pietro Parolin/m.test(s)],
    ];
    for (const [text, shown] of goes) {
      t.keys('g');
      await t.waitFor('the go-to box', (s) => s.includes('⏎ go · Esc cancel'));
      t.type(text);
      t.keys('Enter');
      const at = await t.waitFor(`${text} selected`, shown, 15_000);
      expect(at).not.toMatch(/NaN|undefined|\[object/);
    }
  }, 120_000);
});
