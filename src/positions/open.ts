/**
 * Which positions reader the settings describe for a venue (issue #28): Polymarket by a public wallet, Manifold by a
 * username (flags, environment or the config file), Kalshi by the user's own key (KALSHI_API_KEY_ID with
 * KALSHI_PRIVATE_KEY_PATH or KALSHI_PRIVATE_KEY, from the environment only). The Data API's base follows `--base-url`
 * when only that is given, as the CLOB's does, so one replay serves Gamma, the CLOB and the Data API.
 */
import { KALSHI_BASE_URL } from '../sources/kalshi/index.js';
import { kalshiSignerFromEnv, KalshiKeyProblem } from '../sources/kalshi/auth.js';
import { MANIFOLD_BASE_URL } from '../sources/manifold/index.js';
import type { SourceId } from '../sources/types.js';
import { DATA_API_BASE_URL, kalshiReader, manifoldReader, polymarketReader, type PositionsReader } from './readers.js';

/**
 * `missing`: no identity given for the venue (what to give, in one sentence); `broken` too when one was given but
 * cannot be used (a Kalshi key that does not parse) — a fault of that venue, not something merely left out.
 */
export type Opened = { reader: PositionsReader } | { missing: string; broken?: true };

/** The settings that say whose positions to read and where (the CLI's Settings has them). */
export interface PositionSettings {
  baseUrl?: string;
  dataUrl?: string;
  polymarketWallet?: string;
  manifoldUser?: string;
  /** The dashboard's: a wallet or username given that is not one (where it came from and why, never the value). */
  identityProblems?: { polymarketWallet?: string; manifoldUser?: string };
}

export function openPositionsReader(
  venue: SourceId,
  settings: PositionSettings,
  env: NodeJS.ProcessEnv,
  warn: (line: string) => void,
  userAgent?: string,
): Opened {
  const ua = userAgent ? { userAgent } : {};
  switch (venue) {
    case 'polymarket':
      if (!settings.polymarketWallet)
        return {
          missing:
            'Polymarket positions need a wallet: --polymarket-wallet 0x..., ODDSBOARD_POLYMARKET_WALLET, or ' +
            '"polymarketWallet" in the config file',
        };
      return {
        reader: polymarketReader(
          { baseUrl: settings.dataUrl ?? settings.baseUrl ?? DATA_API_BASE_URL, ...ua },
          settings.polymarketWallet,
        ),
      };
    case 'manifold':
      if (!settings.manifoldUser)
        return {
          missing:
            'Manifold positions need a username: --manifold-user NAME, ODDSBOARD_MANIFOLD_USER, or "manifoldUser" ' +
            'in the config file',
        };
      return {
        reader: manifoldReader({ baseUrl: settings.baseUrl ?? MANIFOLD_BASE_URL, ...ua }, settings.manifoldUser),
      };
    case 'kalshi': {
      let signer;
      try {
        signer = kalshiSignerFromEnv(env, warn);
      } catch (e) {
        if (e instanceof KalshiKeyProblem) return { missing: e.message, broken: true };
        throw e;
      }
      if (!signer)
        return {
          missing:
            'Kalshi positions need your API key: KALSHI_API_KEY_ID and KALSHI_PRIVATE_KEY_PATH (or the key in ' +
            'KALSHI_PRIVATE_KEY) in the environment',
        };
      return { reader: kalshiReader({ baseUrl: settings.baseUrl ?? KALSHI_BASE_URL, ...ua }, signer) };
    }
    case 'public':
      return { missing: 'the interface has no positions of its own: --source polymarket | kalshi | manifold' };
  }
}
