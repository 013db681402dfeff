/** Flags that say whose positions to read (issue #28). */
import type { FlagTable } from './parse.js';

/** Whose positions to read (issue #28): public names, never secrets (Kalshi's key comes from the environment). */
export const IDENTITY_FLAGS: FlagTable = {
  'polymarket-wallet': {
    type: 'string',
    arg: '0x...',
    help:
      'whose Polymarket positions (a public wallet address; env ODDSBOARD_POLYMARKET_WALLET, config ' +
      'polymarketWallet)',
  },
  'manifold-user': {
    type: 'string',
    arg: 'NAME',
    help: 'whose Manifold positions (a username; env ODDSBOARD_MANIFOLD_USER, config manifoldUser)',
  },
};
