import { describe, expect, it } from 'vitest';
import { foldText, holdsWords, queryWords } from './searchWords.js';

describe('searchWords: one tokeniser for our searches', () => {
  it('a query folds to its words: lower case, accents dropped, split at any run of spaces', () => {
    expect(queryWords('  Pokémon  GO\tFed ')).toEqual(['pokemon', 'go', 'fed']);
    expect(queryWords(' \t ')).toEqual([]);
    expect(foldText('Ñuñoa São Paulo')).toBe('nunoa sao paulo');
  });

  it('every word, in any order, somewhere in the texts; non-strings skipped; no words hold anywhere', () => {
    const texts = ['Who will the next Pope be?', undefined, 'Pietro Parolin', 7];
    expect(holdsWords(texts, queryWords('parolin next pope'))).toBe(true);
    expect(holdsWords(texts, queryWords('parolin cardinal'))).toBe(false);
    expect(holdsWords([], [])).toBe(true);
  });
});
