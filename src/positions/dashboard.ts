/**
 * Which venues' real positions the dashboard reads (issue #28): a venue whose identity is configured — a Polymarket
 * wallet, a Manifold username (flags, environment or the config file), Kalshi's key in the environment. A venue with
 * no identity has no reader (the Positions view shows its paper positions alone); an identity that cannot be used (a
 * half-configured Kalshi key, a wallet that is not one) is a warning, never the end of the dashboard, and never names
 * the key.
 */
import { ApiError } from '../api/errors.js';
import type { SourceId } from '../sources/types.js';
import { openPositionsReader, type PositionSettings } from './open.js';
import type { PositionsReader } from './readers.js';

/** Whether the settings or the environment name this venue's person. */
export function identityGiven(venue: SourceId, settings: PositionSettings, env: NodeJS.ProcessEnv): boolean {
  switch (venue) {
    case 'polymarket':
      return settings.polymarketWallet !== undefined;
    case 'manifold':
      return settings.manifoldUser !== undefined;
    case 'kalshi':
      return ['KALSHI_API_KEY_ID', 'KALSHI_PRIVATE_KEY_PATH', 'KALSHI_PRIVATE_KEY'].some((k) => !!env[k]);
    case 'public':
      return false;
  }
}

/** The venue's reader, or undefined (with `warn` told why when an identity was given but cannot be used). */
export function dashboardReader(
  venue: SourceId,
  settings: PositionSettings,
  env: NodeJS.ProcessEnv,
  warn: (line: string) => void,
  userAgent?: string,
): PositionsReader | undefined {
  // a wallet or username that is not one: said (by where it came from, never its value), nothing read
  const problem =
    venue === 'polymarket' || venue === 'manifold'
      ? settings.identityProblems?.[venue === 'polymarket' ? 'polymarketWallet' : 'manifoldUser']
      : undefined;
  if (problem !== undefined) {
    warn(`positions not read: ${problem}`);
    return undefined;
  }
  if (!identityGiven(venue, settings, env)) return undefined;
  try {
    const opened = openPositionsReader(venue, settings, env, warn, userAgent);
    if ('reader' in opened) return opened.reader;
    warn(`positions not read: ${opened.missing}`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    warn(`positions not read: ${e.message}`);
  }
  return undefined;
}
