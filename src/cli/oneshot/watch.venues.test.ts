import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { valid } from '../../../test/support/oneShot.js';
import { venueReplays, type VenueDoc } from '../../../test/support/venueReplays.js';
import { encodeWatchlist } from '../../watch/codec.js';

/**
 * `oddsboard watch` over several venues (docs/commands.md "Several venues"): the watchlist of the dashboard with the
 * same --source — a board of several keeps one (`<state>/venues/`), one venue its own — each venue's markets asked of
 * it, against the three platforms' recordings replayed.
 */
const { url, baseUrls, run } = venueReplays();

/** A watchlist file of `ids` (added in that order) in `<stateHome>/oddsboard/<sub>`. */
function watchlist(stateHome: string, sub: string, ids: string[]): void {
  const dir = join(stateHome, 'oddsboard', sub);
  mkdirSync(dir, { recursive: true });
  const byId = Object.fromEntries(ids.map((id, i) => [id, { id, addedAt: i + 1 }]));
  writeFileSync(join(dir, 'watchlist.json'), encodeWatchlist({ ids, byId }));
}

const home = () => mkdtempSync(join(tmpdir(), 'oddsboard-watch-'));
const ids = (out: string) => (JSON.parse(out) as VenueDoc).data.map((m) => `${m.venue}:${m.id}`);

describe('watch over several venues', () => {
  it('--source all: the one watchlist of a board of several, venue by venue; a list names its venues', async () => {
    const stateHome = home();
    watchlist(stateHome, 'venues', ['manifold:CL56c9sqQp', 'kalshi:KXELONMARS-99', 'polymarket:2063134']);
    // a per-source file that the board of several has merged already: not read again
    watchlist(stateHome, 'sources/kalshi', ['KXNEWPOPE-70-PPIZ']);
    const all = await run(['watch', '--source', 'all', ...baseUrls(), '--json'], { stateHome });
    expect(all.code).toBe(0);
    valid(JSON.parse(all.out));
    expect(ids(all.out)).toEqual(['polymarket:2063134', 'kalshi:KXELONMARS-99', 'manifold:CL56c9sqQp']);
    expect((JSON.parse(all.out) as VenueDoc).venues.map((v) => [v.venue, v.count])).toEqual([
      ['polymarket', 1],
      ['kalshi', 1],
      ['manifold', 1],
    ]);
    const two = await run(
      ['watch', '--source', 'kalshi,manifold', '--base-url', `kalshi=${url.kalshi},manifold=${url.manifold}`, '--json'],
      { stateHome },
    );
    expect(two.err).toBe('');
    expect(ids(two.out)).toEqual(['kalshi:KXELONMARS-99', 'manifold:CL56c9sqQp']);
    // one source: the watchlist `oddsboard --source kalshi` keeps, its own
    const one = await run(['watch', '--source', 'kalshi', '--base-url', url.kalshi, '--json'], { stateHome });
    expect(one.err).toBe('');
    expect(ids(one.out)).toEqual(['kalshi:KXNEWPOPE-70-PPIZ']);
  });

  it('before a board of several merged the files, each venue’s own file is read, as the merge takes it', async () => {
    const stateHome = home();
    watchlist(stateHome, 'sources/kalshi', ['KXELONMARS-99']);
    watchlist(stateHome, 'sources/manifold', ['CL56c9sqQp']);
    const r = await run(['watch', '--source', 'all', ...baseUrls()], { stateHome, columns: 120 });
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/KXELONMARS-99|Elon/);
    expect(r.out).toMatch(/CL56c9sqQp|millennium/i);
  });

  it('an unreadable joined watchlist is a usage error naming the file', async () => {
    const stateHome = home();
    mkdirSync(join(stateHome, 'oddsboard', 'venues'), { recursive: true });
    writeFileSync(join(stateHome, 'oddsboard', 'venues', 'watchlist.json'), '{ broken');
    const r = await run(['watch', '--source', 'all', ...baseUrls()], { stateHome });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/venues\/watchlist\.json is not a watchlist oddsboard can read/);
  });
});

/** A watchlist file of these entries as they are (some not understood), in `<stateHome>/oddsboard/<sub>`. */
function written(stateHome: string, sub: string, markets: unknown[]): { file: string; text: string } {
  const dir = join(stateHome, 'oddsboard', sub);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'watchlist.json');
  const text = `${JSON.stringify({ version: 1, markets }, null, 2)}\n`;
  writeFileSync(file, text);
  return { file, text };
}

const LEFT = 'left as it is (a read changes no file; the dashboard moves it aside when it writes); the rest read';

describe('watch: entries of the watchlist it cannot understand', () => {
  it('are said on stderr, how many and why, once; the rest listed and the file left as it is', async () => {
    const stateHome = home();
    // they were skipped without a word: a script saw two markets of a watchlist of five
    const { file, text } = written(stateHome, 'sources/kalshi', [
      { id: 'KXELONMARS-99', addedAt: 1 },
      42,
      { id: 'KXNEWPOPE-70-PPIZ' },
      { id: 'KXELONMARS-99', addedAt: 2 },
      { id: 'KXNEWPOPE-70-PPAR', addedAt: 3 },
    ]);
    const r = await run(['watch', '--source', 'kalshi', '--base-url', url.kalshi, '--json'], { stateHome });
    expect(r.code).toBe(0);
    expect(ids(r.out)).toEqual(['kalshi:KXELONMARS-99', 'kalshi:KXNEWPOPE-70-PPAR']);
    expect(r.err).toBe(
      `oddsboard: ${file} has 3 entries that could not be understood (1 not an object, 1 without the time it was ` +
        `added, 1 listed before): ${LEFT}\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('a board of several: said once, not once for each venue; an entry that names no venue counted too', async () => {
    const stateHome = home();
    const { file, text } = written(stateHome, 'venues', [
      { id: 'kalshi:KXELONMARS-99', addedAt: 1 },
      { id: 'polymarket:2063134', addedAt: 2, status: 'open' },
      { id: 'KXNEWPOPE-70-PPIZ', addedAt: 3 },
    ]);
    const r = await run(['watch', '--source', 'all', ...baseUrls(), '--json'], { stateHome });
    expect(r.code).toBe(0);
    expect(ids(r.out)).toEqual(['kalshi:KXELONMARS-99']);
    expect(r.err).toBe(
      `oddsboard: ${file} has 2 entries that could not be understood (1 with a title, status or time that is ` +
        `not one, 1 naming no venue): ${LEFT}\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('watch: a watched market the venue no longer has', () => {
  it('is left out and said on stderr by its id (it went unsaid: 2 of 3 listed without a word)', async () => {
    const stateHome = home();
    watchlist(stateHome, 'sources/kalshi', ['KXELONMARS-99', 'KXGONE-1', 'KXNEWPOPE-70-PPIZ']);
    const r = await run(['watch', '--source', 'kalshi', '--base-url', url.kalshi, '--json'], { stateHome });
    expect(r.code).toBe(0);
    expect(ids(r.out)).toEqual(['kalshi:KXELONMARS-99', 'kalshi:KXNEWPOPE-70-PPIZ']);
    expect(r.err).toBe('oddsboard: 1 watched market not found on Kalshi, left out: KXGONE-1\n');
  });
});
