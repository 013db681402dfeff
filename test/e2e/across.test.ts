import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, ROOT, serveChild } from '../support/e2eKit.js';
import { TmuxSession } from './tmux.js';

/**
 * Pairs across venues on the dashboard (issue #29), end to end: a Kalshi replay and a Polymarket replay built from
 * recorded objects (the five KXFEDDECISION-26SEP markets of Kalshi, Polymarket's Fed September event 481717 with its
 * five markets and the recorded CLOB books — test/fixtures/real/SOURCES.md; copied verbatim into a temporary
 * directory, with a manifest naming the time they are replayed as of), the built dashboard on both. `g` to Kalshi's
 * "Fed maintains rate" (H0), `P`: its candidates with reasons; `y` confirms Polymarket's "no change" (2252244); the
 * Across view shows the pair with both prices, the gap and — Kalshi's book of H0 was never recorded — no edge and
 * why; `n` rejects another candidate; quit, start again: the rejected one is not proposed again.
 *
 * The second test is one game on both venues with both books recorded (pairs/nfl-det-buf-2026-09/, kv1514/arb-engine:
 * Kalshi's "Detroit wins" and its book, Polymarket's Lions vs. Bills event and the Lions token's book, served as
 * recorded): the candidate is related only by a postponement rule; confirmed, it is priced as same with the gap after
 * fees and the depth both books fill, the rule named; `n` rejects the spread beside it; after a restart the pair and
 * its figures are back and the spread is not proposed again.
 */

const REAL = join(ROOT, 'test/fixtures/real');
const children: ChildProcess[] = [];
let session: TmuxSession | undefined;
afterEach(() => {
  session?.kill();
  session = undefined;
  for (const c of children.splice(0)) c.kill('SIGTERM');
});

/** The two replay directories, from recorded files (verbatim) and a manifest of ours. */
function replayDirs(): { kalshi: string; polymarket: string } {
  const root = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-across-'));
  const manifest = (dir: string, source: string) =>
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ recordedAt: '2026-08-22T15:22:01Z', source, note: 'ours: the Fed files replayed as of then' }),
    );
  const kalshi = join(root, 'kalshi');
  mkdirSync(kalshi);
  copyFileSync(join(REAL, 'pairs/kalshi-markets-KXFEDDECISION-26SEP-5-open.json'), join(kalshi, 'markets.json'));
  manifest(kalshi, 'kalshi');
  const polymarket = join(root, 'polymarket');
  mkdirSync(join(polymarket, 'clob/books'), { recursive: true });
  const event = 'gamma-event-481717-detail-fed-september-negrisk-5-markets.json';
  copyFileSync(join(REAL, 'polymarket', event), join(polymarket, event));
  const books = 'clob/books/thabris-clob-books-2026-08-22-3-tokens.json';
  copyFileSync(join(REAL, 'polymarket', books), join(polymarket, books));
  manifest(polymarket, 'polymarket');
  return { kalshi, polymarket };
}

/**
 * Both replays served (`serve --replay DIR --source S --as-recorded`) and a state home of its own; `start` opens the
 * built dashboard on both in a fresh tmux terminal and waits until both venues are online with `rows` on screen.
 */
async function board(dirs: { kalshi: string; polymarket: string }, rows: RegExp[]) {
  const url: Record<string, string> = {};
  for (const s of ['kalshi', 'polymarket'] as const) {
    const r = await serveChild(['--replay', dirs[s], '--source', s, '--as-recorded', '--port', '0']);
    children.push(r.child);
    url[s] = r.url;
  }
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-across-home-'));
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, 'st') };
  const command =
    `${process.execPath} ${CLI} --source kalshi,polymarket ` +
    `--base-url kalshi=${url.kalshi} --base-url polymarket=${url.polymarket}`;
  const start = async (name: string) => {
    const t = new TmuxSession(name);
    session = t;
    t.start(ROOT, 180, 40, env);
    // after the shell's prompt (TmuxSession.run): typed earlier, the dashboard would start off column 0
    await t.run(command);
    await t.waitFor(
      'both venues online with rows',
      (x) => /Polymarket ● online/.test(x) && rows.every((r) => r.test(x)),
      30_000,
    );
    return t;
  };
  return { start, pairsFile: join(home, 'st', 'oddsboard', 'pairs.json') };
}

/** `g` to a market by its ticker; resolves once the go-to box is gone and `title` is on screen. */
async function goTo(t: TmuxSession, ticker: string, title: RegExp): Promise<void> {
  t.keys('g');
  await t.waitFor('the go-to box', (x) => x.includes('⏎ go · Esc cancel'));
  t.type(ticker);
  t.keys('Enter');
  await t.waitFor(`${ticker} selected`, (x) => !x.includes('⏎ go · Esc cancel') && title.test(x), 15_000);
}

/** The Polymarket ids pairs.json holds rejected (none while it is not written yet; it is written whole, by rename). */
function rejectedIn(file: string): string[] {
  if (!existsSync(file)) return [];
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { rejected?: { b: string }[] };
  return (saved.rejected ?? []).map((r) => r.b);
}

/**
 * `n` on the selected candidate (rejected for good), then `q`: resolves once pairs.json, written on the way out (the
 * last decision was less than the save's second ago), holds Polymarket's `id` rejected — the decision made last, so
 * the file holds every one before it too (a wait on the pair confirmed earlier could pass on a file saved before `n`).
 */
async function rejectAndQuit(t: TmuxSession, file: string, id: string): Promise<void> {
  t.keys('n');
  await t.waitFor('rejected', (x) => x.includes('never proposed again'), 10_000);
  t.keys('q');
  await t.waitFor('the shell again', (x) => !x.includes('◆ Across'), 10_000);
  await t.waitFor(`pairs.json with ${id} rejected`, () => rejectedIn(file).includes(`polymarket:${id}`));
}

describe('pairs across two venues (tmux)', { timeout: 120_000 }, () => {
  it('candidates with reasons; confirm one; the Across view; reject another; restart: not proposed again', async () => {
    if (!TmuxSession.available()) throw new Error('tmux is required for this test');
    const { start, pairsFile: file } = await board(replayDirs(), [/K Fed maintains rate/, /P Will there be no change/]);
    /** `g` to a Kalshi market, then `P`: its candidates in the Across view. */
    const candidatesOf = async (t: TmuxSession, ticker: string, title: RegExp) => {
      // (a `g` to the market already selected would, once found, bring Markets back over Across)
      if (title.test(await t.screen())) {
        t.keys('P');
        return t.waitFor('the candidates', (s) => s.includes('◆ Across') && !s.includes('searching'), 20_000);
      }
      await goTo(t, ticker, title);
      t.keys('P');
      return t.waitFor('the candidates', (s) => s.includes('◆ Across') && !s.includes('searching'), 20_000);
    };
    const unconfirmed = (s: string) => s.split('\n').filter((l) => l.includes('(unconfirmed)'));

    const t = await start('across');
    const cands = await candidatesOf(t, 'KXFEDDECISION-26SEP-H0', /▸ ACTIVE +K Fed maintains rate/);
    // the strongest first: Polymarket's "no change" (same), with its reasons under the list
    expect(cands).toMatch(/▸ K P \? same \(unconfirmed\) \d+%/);
    expect(cands).toMatch(/why: about fed · .*fed rate change \(bps\): no change/);
    expect(cands).not.toMatch(/NaN|undefined|\[object|arbitrage/i);
    t.keys('y');
    const pair = await t.waitFor('the pair confirmed', (s) => /▸ K P ✓ same/.test(s), 10_000);
    // both prices with their currencies and the gap; after fees only from books that hold something, else why not
    expect(pair).toMatch(/✓ same \d+% +71\.0¢ USD · 68\.5¢ USDC · gap 2\.5¢ · (after fees .*depth|no edge: )/);
    // the twin's price beside the market's own in the detail pane
    expect(pair).toMatch(/Twin ⇄P 68\.5¢ Polymarket \(USDC\)/);

    // Kalshi's "Cut 25bps": Polymarket's 25 bps cut is related (it rounds a change off the ladder up): rejected
    const c25 = await candidatesOf(t, 'KXFEDDECISION-26SEP-C25', /▸ ACTIVE +K Cut 25bps/);
    const before = unconfirmed(c25);
    expect(before.some((l) => /\? related/.test(l))).toBe(true);
    // the confirmed pair is the first row: down to the related candidate
    const rowsOf = (x: string) => x.split('\n').filter((l) => /^[▸ ] K P [✓?]/.test(l));
    const steps = rowsOf(c25).findIndex((l) => /\? related/.test(l));
    expect(steps).toBeGreaterThan(0);
    t.keys(...Array<string>(steps).fill('j'));
    const onIt = await t.waitFor('the cursor on the related candidate', (x) => /▸ K P \? related/.test(x));
    const rejected = /▸ K P \? related[^│]*/.exec(onIt)![0].slice(2).trim();
    await rejectAndQuit(t, file, '2252243');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { confirmed: { b: string }[]; rejected: { b: string }[] };
    expect(saved.confirmed.map((c) => c.b)).toEqual(['polymarket:2252244']);
    expect(saved.rejected.map((c) => c.b)).toEqual(['polymarket:2252243']);
    t.kill();

    // a fresh terminal, the same state directory: the pair is still confirmed, the rejected one not proposed again
    const t2 = await start('across2');
    const again = await candidatesOf(t2, 'KXFEDDECISION-26SEP-C25', /▸ ACTIVE +K Cut 25bps/);
    expect(again).toMatch(/K P ✓ same/);
    expect(unconfirmed(again)).toHaveLength(before.length - 1);
    expect(again).not.toContain(rejected);
  }, 120_000);

  it('a game on both venues, both books recorded: related by a postponement rule; confirmed: after fees and depth', async () => {
    if (!TmuxSession.available()) throw new Error('tmux is required for this test');
    const nfl = join(REAL, 'pairs/nfl-det-buf-2026-09');
    const dirs = { kalshi: join(nfl, 'kalshi'), polymarket: join(nfl, 'polymarket') };
    const { start, pairsFile: file } = await board(dirs, [/K Detroit · Detroit wins/, /P Lions vs\. Bills /]);
    const t = await start('across-nfl');
    await goTo(t, 'KXNFLGAME-26SEP17DETBUF-DET', /▸ ACTIVE +K Detroit/);
    t.keys('P');
    const cands = await t.waitFor(
      'the candidates, Polymarket read with its event (rules and teams)',
      (x) => x.includes('◆ Across') && !x.includes('searching') && /▸ K P \? related \(unconfirmed\) 81%/.test(x),
      20_000,
    );
    // Kalshi's Detroit is Polymarket's Lions; the only difference is what happens if the game is postponed. Each row
    // names its candidate (the other leg's title) and its first no-edge reason, said shorter to share the row: the
    // game priced once confirmed, the spread with what differs or that it is not the same
    expect(cands).toMatch(/33\.0¢ USD · 33\.5¢ USDC · gap 0\.5¢ · no edge: until confirmed +Lions vs\. Bills/);
    expect(cands).toMatch(/64\.5¢ USDC · gap 31\.5¢ · no edge: [^…│]+ +Spread: Bills \(-1/);
    expect(cands).toMatch(/why: a postponed game settles at a fair price: Kalshi only/);
    t.keys('y');
    const priced = await t.waitFor(
      'the pair confirmed and priced through both books',
      (x) => /▸ K P ✓ related as same \d+% +33\.0¢ USD · 33\.5¢ USDC · gap 0\.5¢ · after fees/.test(x),
      20_000,
    );
    // by hand (src/pairs/gap.test.ts): 100 at Kalshi's 0.33 ask + 1.55 fee, 100 into Polymarket's 0.33 bid + 1.1055
    // fee: −2.7¢ a contract; Kalshi's best ask is not below Polymarket's best bid, so no contract fills at a gap
    expect(priced).toMatch(/after fees −2\.7¢\/100 · depth 0/);
    expect(priced).toMatch(/assumes: priced as same because you confir/);
    expect(priced).not.toMatch(/NaN|undefined|\[object|arbitrage/i);
    // the spread nested beside it (Bills −1.5) is a weaker candidate: rejected for good
    t.keys('j');
    await t.waitFor('the cursor on the spread', (x) =>
      /▸ K P \? related \(unconfirmed\) \d+% +33\.0¢ USD · 64\.5¢/.test(x),
    );
    await rejectAndQuit(t, file, '3517184');
    t.kill();

    // a fresh terminal: the confirmed pair is in Across with its figures (its books asked for again in the background)
    const t2 = await start('across-nfl2');
    t2.keys('7');
    const again = await t2.waitFor(
      'the pair with its figures after a restart',
      (x) =>
        /K P ✓ related as same \d+% +33\.0¢ USD · 33\.5¢ USDC · gap 0\.5¢ · after fees −2\.7¢\/100 · depth 0/.test(x),
      30_000,
    );
    expect(again).toContain('◆ Across');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { confirmed: { b: string }[]; rejected: { b: string }[] };
    expect(saved.rejected.map((r) => r.b)).toEqual(['polymarket:3517184']);
    // Detroit's candidates again: the pair confirmed, the rejected spread not proposed (the total never is: a
    // different question)
    t2.keys('1');
    await t2.waitFor('Markets', (x) => x.includes('◆ Markets'));
    await goTo(t2, 'KXNFLGAME-26SEP17DETBUF-DET', /▸ ACTIVE +K Detroit/);
    t2.keys('P');
    const cands2 = await t2.waitFor(
      'the candidates again',
      (x) => x.includes('◆ Across') && !x.includes('searching') && /K P ✓ related as same/.test(x),
      20_000,
    );
    expect(cands2).not.toMatch(/64\.5¢ USDC/); // the spread's price
    expect(cands2).not.toMatch(/61\.5¢ USDC/); // the total's
    expect(cands2).not.toContain('(unconfirmed)');
  }, 150_000);
});
