/**
 * A wallet or username that is not one (docs/positions.md, "Reading them in the dashboard"): the dashboard keeps it
 * as a problem naming where it came from — the flag, the variable, the config file's line, never the value — and goes
 * on without it; the highest layer that names the identity decides; `positions` and `record` keep it a usage error
 * for a venue they read, and say one of another venue is ignored.
 */
import { describe, expect, it } from 'vitest';
import { configFile, noFile, usageMessage } from '../../test/support/configFiles.js';
import { prepare } from './dashboard.js';
import { resolveSettings, settingsFromFlags } from './config.js';
import { identityProblemsBy } from './settingValues.js';

const BAD = '0xnotawallet';
const GOOD = '0xee613b3fc183ee44f9da9c05f53e2da107e3debf';

function dashboard(argv: string[], env: NodeJS.ProcessEnv = noFile) {
  const p = prepare(['--source', 'all', ...argv], env);
  if (p.kind !== 'run') throw new Error('not run');
  return p.settings;
}

describe('an identity that is not one', () => {
  it('the dashboard keeps each layer’s problem by where it came from, never the value, and runs', () => {
    const env = dashboard([], { ...noFile, ODDSBOARD_POLYMARKET_WALLET: BAD, ODDSBOARD_MANIFOLD_USER: 'a b' });
    expect(env.sources).toEqual(['polymarket', 'kalshi', 'manifold']);
    expect(env.polymarketWallet).toBeUndefined();
    expect(env.manifoldUser).toBeUndefined();
    expect(env.identityProblems).toEqual({
      polymarketWallet: expect.stringMatching(/^ODDSBOARD_POLYMARKET_WALLET: a Polymarket wallet is 0x/),
      manifoldUser: expect.stringMatching(/^ODDSBOARD_MANIFOLD_USER: a Manifold username is/),
    });
    const flag = dashboard(['--polymarket-wallet', BAD]);
    expect(flag.identityProblems?.polymarketWallet).toMatch(/^--polymarket-wallet: /);
    const path = configFile(`{\n  "sort": "volume",\n  "manifoldUser": "${BAD}!"\n}`);
    const file = dashboard([], { ODDSBOARD_CONFIG: path });
    expect(file.identityProblems?.manifoldUser).toBe(
      `config file ${path} line 3: a Manifold username is letters, digits and _ (the name in your profile URL)`,
    );
    for (const s of [env, flag, file]) expect(JSON.stringify(s.identityProblems)).not.toContain(BAD);
  });

  it('the highest layer naming it decides: a good flag over a bad variable, a bad flag over a good one', () => {
    const over = dashboard(['--polymarket-wallet', GOOD], { ...noFile, ODDSBOARD_POLYMARKET_WALLET: BAD });
    expect(over.polymarketWallet).toBe(GOOD);
    expect(over.identityProblems).toBeUndefined();
    const under = dashboard(['--polymarket-wallet', BAD], { ...noFile, ODDSBOARD_POLYMARKET_WALLET: GOOD });
    expect(under.polymarketWallet).toBeUndefined();
    expect(under.identityProblems).toEqual({ polymarketWallet: expect.stringMatching(/^--polymarket-wallet: /) });
  });

  it('elsewhere (positions, record) it stays a usage error naming where it came from, for a venue read', () => {
    const poly = { source: 'polymarket' } as const;
    expect(usageMessage(() => resolveSettings(poly, { ...noFile, ODDSBOARD_POLYMARKET_WALLET: BAD }))).toMatch(
      /^ODDSBOARD_POLYMARKET_WALLET: a Polymarket wallet is 0x followed by 40 hex digits/,
    );
    expect(usageMessage(() => settingsFromFlags({ 'manifold-user': 'a b' }, ['manifold-user']))).toMatch(
      /^--manifold-user: /,
    );
    const path = configFile(`{"polymarketWallet": "${BAD}"}`);
    expect(usageMessage(() => resolveSettings(poly, { ODDSBOARD_CONFIG: path }))).toMatch(
      /line 1: a Polymarket wallet/,
    );
    // the dashboard's lenient flags given to a strict resolve still stop it
    const lenient = settingsFromFlags({ 'polymarket-wallet': BAD }, ['polymarket-wallet'], true);
    expect(usageMessage(() => resolveSettings({ ...lenient, ...poly }, noFile))).toMatch(/^--polymarket-wallet: /);
  });

  it('for a venue not among the sources it is kept, and said to be ignored, never an error', () => {
    const env = { ...noFile, ODDSBOARD_POLYMARKET_WALLET: BAD };
    const s = resolveSettings({ sources: ['kalshi', 'manifold'] }, env);
    expect(s.polymarketWallet).toBeUndefined();
    expect(identityProblemsBy(s.identityProblems, s.sources)).toEqual({
      read: [],
      ignored: [
        'ODDSBOARD_POLYMARKET_WALLET: a Polymarket wallet is 0x followed by 40 hex digits (your profile address); ' +
          'ignored: Polymarket is not among --source kalshi,manifold',
      ],
    });
    // a command that reads no positions (markets, pairs) resolves leniently: never stopped by a wallet
    expect(resolveSettings({ source: 'polymarket' }, env, { lenientIdentities: true }).source).toBe('polymarket');
  });
});
