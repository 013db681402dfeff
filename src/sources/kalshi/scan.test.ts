/**
 * The events scan's search (scan.ts) on recorded Kalshi events and markets: every word of the query, in any order,
 * case and accents aside, in the event's texts with the market's own (docs/sources/kalshi.md § Search and categories).
 * A recording of markets alone holds no event object: theirs is the event they name, with them nested.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { queryWords } from '../../util/searchWords.js';
import type { JsonAnswer } from '../http.js';
import { keptMarkets, scanEvents } from './scan.js';

type Obj = Record<string, unknown>;
const REAL = 'test/fixtures/real';
const read = (file: string) => JSON.parse(readFileSync(`${REAL}/${file}`, 'utf8').replace(/^\uFEFF/, '')) as Obj;
/** The recorded markets of one `/markets` answer, nested in the event they all name. */
function eventOf(file: string): Obj {
  const markets = read(file).markets as Obj[];
  return { event_ticker: markets[0]!.event_ticker, markets };
}
const NESTED = read('kalshi/trade-api-v2-events-with-nested-markets-category-shared-title-siblings.json')
  .events as Obj[];
const POPE = NESTED.find((e) => e.event_ticker === 'KXNEWPOPE-70')!;
const GAME = eventOf(
  'kalshi/trader/sportsbet-pro-2026-07/trade-api-v2-markets-KXMLBGAME-26JUL231840KCDET-KC-and-DET-active.json',
);
const FED = eventOf('pairs/kalshi-markets-KXFEDDECISION-26SEP-5-open.json');
const kept = (e: Obj, query: string) => keptMarkets(e, queryWords(query), undefined).map((m) => (m as Obj).ticker);

describe('the events scan keeps the markets holding every word of the query', () => {
  it('words in any order and case: "kansas city detroit" finds "Kansas City vs Detroit Winner?"', () => {
    const both = ['KXMLBGAME-26JUL231840KCDET-KC', 'KXMLBGAME-26JUL231840KCDET-DET'];
    expect(kept(GAME, 'kansas city detroit')).toEqual(both);
    expect(kept(GAME, 'Detroit  KANSAS city')).toEqual(both);
    expect(kept(GAME, 'kansas city boston')).toEqual([]);
  });

  it('"fed september" finds the September Fed decision; a third word narrows it to the markets that hold it', () => {
    expect(FED.markets).toHaveLength(5);
    expect(kept(FED, 'fed september')).toEqual((FED.markets as Obj[]).map((m) => m.ticker));
    expect(kept(FED, 'september fed hike')).toEqual([
      'KXFEDDECISION-26SEP-H25',
      'KXFEDDECISION-26SEP-H0',
      'KXFEDDECISION-26SEP-H26',
    ]);
    expect(kept(FED, 'fed october')).toEqual([]);
  });

  it("an event's words with a market's own: the next Pope's Parolin market; accents aside either way", () => {
    expect(kept(POPE, 'next pope parolin')).toEqual(['KXNEWPOPE-70-PPAR']);
    expect(kept(POPE, 'PAROLÍN')).toEqual(['KXNEWPOPE-70-PPAR']);
    expect(kept(POPE, 'pope')).toHaveLength((POPE.markets as Obj[]).length);
  });

  it('a blank query keeps every market; a category still keeps its events only', () => {
    expect(kept(POPE, '   ')).toHaveLength((POPE.markets as Obj[]).length);
    expect(keptMarkets(POPE, [], 'No such category')).toEqual([]);
  });

  it('scanEvents sends the words through: one /events page, the game found by its words out of order', async () => {
    const events = [...NESTED, GAME];
    const paths: string[] = [];
    const get = (path: string): Promise<JsonAnswer> => {
      paths.push(path);
      return Promise.resolve({ status: 200, data: { events, cursor: '' } } as JsonAnswer);
    };
    const r = await scanEvents(get, { term: ' Detroit kansas ', offset: 0, limit: 20, now: 0 });
    expect(r.data.map((m) => m.id)).toEqual(['KXMLBGAME-26JUL231840KCDET-KC', 'KXMLBGAME-26JUL231840KCDET-DET']);
    expect(paths).toEqual(['/events']);
    expect(r.more).toBe(false);
  });
});
