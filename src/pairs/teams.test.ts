/**
 * A game's sides under every name a venue gives them (teams.ts). The Kalshi rules sentence is recorded
 * ("If Detroit wins the DET Lions vs BUF Bills Pro Football game originally scheduled for Sep 17, 2026, then the
 * market resolves to Yes.", pairs/nfl-det-buf-2026-09/); the title forms "Indianapolis at Los Angeles C Winner?" and
 * "Denver at Memphis Winner?" are Kalshi's as quoted in public repositories (ckellum/endzone-oracle
 * KALSHI_ODDS_FIX.md, a KXNBAGAME-26JAN25DENMEM note); the codes and nicknames set beside them here are ours.
 */
import { describe, expect, it } from 'vitest';
import { codeFits, gameNames, rulesTeams } from './teams.js';

const RULES =
  'If Detroit wins the DET Lions vs BUF Bills Pro Football game originally scheduled for Sep 17, 2026, then the ' +
  'market resolves to Yes.';

describe('the sides of a game', () => {
  it("reads the two teams' codes and nicknames from Kalshi's rules, up to what the game is", () => {
    expect(rulesTeams(RULES)).toEqual([
      { code: 'DET', nick: 'Lions' },
      { code: 'BUF', nick: 'Bills' },
    ]);
    expect(rulesTeams('If the LA Red Sox vs NY Yankees Pro Baseball game …')).toEqual([
      { code: 'LA', nick: 'Red Sox' },
      { code: 'NY', nick: 'Yankees' },
    ]);
    expect(rulesTeams('If Yale wins the UNC Wilmington at Yale men’s college basketball game')).toBeUndefined();
  });

  it('ties a code to a city by its first letters or its initials, never by a guess', () => {
    for (const [code, city] of [
      ['DET', 'Detroit'],
      ['LAC', 'Los Angeles C'],
      ['KC', 'Kansas City'],
      ['NYJ', 'New York J'],
      ['BUF', 'Buffalo'],
    ])
      expect(codeFits(code!, city!), `${code} ${city}`).toBe(true);
    expect(codeFits('JAX', 'Jacksonville')).toBe(false);
    expect(codeFits('LAR', 'Los Angeles C')).toBe(false);
    expect(codeFits('D', 'Detroit')).toBe(false);
  });

  it('Kalshi: a title with both cities lines them up with the codes; one that fits leaves the other team', () => {
    const rules = RULES.replace('DET Lions vs BUF Bills', 'IND Colts at LAC Chargers');
    const t = { title: 'Indianapolis at Los Angeles C Winner?', rules };
    expect(gameNames('kalshi', t, ['Indianapolis', 'Los Angeles C'])?.names).toEqual([
      ['indianapolis', 'colts', 'ind'],
      ['los angeles c', 'chargers', 'lac'],
    ]);
    const jax = RULES.replace('DET Lions vs BUF Bills', 'JAX Jaguars at DEN Broncos');
    expect(gameNames('kalshi', { title: 'x', rules: jax }, ['Jacksonville', 'Denver'])?.names).toEqual([
      ['jacksonville', 'jaguars', 'jax'],
      ['denver', 'broncos', 'den'],
    ]);
    // neither city fits a code: no names are tied
    expect(gameNames('kalshi', { title: 'x', rules: jax }, ['Memphis', 'Orlando'])).toBeUndefined();
  });

  it('Kalshi: a market titled for one side ties its option to a code (or the ticker’s last part)', () => {
    const t = { title: 'Detroit wins', option: 'Detroit', rules: RULES, ticker: 'KXNFLGAME-26SEP17DETBUF-DET' };
    expect(gameNames('kalshi', t, undefined)).toEqual({
      names: [
        ['detroit', 'lions', 'det'],
        ['bills', 'buf'],
      ],
      words: 'Lions Bills',
      sides: ['Lions', 'Bills'],
    });
    const byTicker = { ...t, option: 'Motor City', ticker: 'KXNFLGAME-26SEP17DETBUF-DET' };
    expect(gameNames('kalshi', byTicker, undefined)?.names[0]).toEqual(['motor city', 'lions', 'det']);
  });

  it('Polymarket: each outcome is the team whose alias or name it is; two outcomes on one team tie nothing', () => {
    const teams = [
      { name: 'Detroit Lions', alias: 'Lions', abbreviation: 'det' },
      { name: 'Buffalo Bills', alias: 'Bills', abbreviation: 'buf' },
    ];
    expect(gameNames('polymarket', { title: 'Lions vs. Bills', rules: '', teams }, ['Bills', 'Lions'])?.names).toEqual([
      ['bills', 'buffalo bills', 'buf'],
      ['lions', 'detroit lions', 'det'],
    ]);
    expect(gameNames('polymarket', { title: 'x', rules: '', teams }, ['Lions', 'Detroit Lions'])).toBeUndefined();
    expect(gameNames('polymarket', { title: 'x', rules: '', teams }, ['Over', 'Under'])).toBeUndefined();
    expect(gameNames('manifold', { title: 'x', rules: RULES }, ['Lions', 'Bills'])).toBeUndefined();
  });
});
