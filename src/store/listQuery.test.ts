/** The list's filter of cached rows (listQuery.ts): a search's words as the venues' searches take them. */
import { describe, expect, it } from 'vitest';
import { market } from '../../test/support/markets.js';
import { matchesQuery } from './listQuery.js';
import type { ListQuery } from './types.js';

const query = (q: string): ListQuery => ({ q, status: '', category: '', sort: '', limit: 20, offset: 0 });
/** Kalshi's KC–DET game as recorded (test/fixtures/real/kalshi/trader/sportsbet-pro-2026-07). */
const game = market('KXMLBGAME-26JUL231840KCDET-KC', { title: 'Kansas City vs Detroit Winner?', category: 'Sports' });

describe('matchesQuery: a search keeps the cached rows holding every word of it', () => {
  it('in any order, case and accents aside, across the title and category', () => {
    for (const q of ['kansas city detroit', 'Detroit KANSAS', 'détroit sports', '  winner  '])
      expect(matchesQuery(game, query(q))).toBe(true);
  });

  it('a word in neither drops the row; a blank search keeps it', () => {
    expect(matchesQuery(game, query('kansas city boston'))).toBe(false);
    expect(matchesQuery(game, query('   '))).toBe(true);
  });
});
