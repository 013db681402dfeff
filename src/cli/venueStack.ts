/**
 * One venue's stack for the dashboard: its source (client, budget limit, ledger, window), its store and its sync —
 * exactly what the dashboard runs with that venue alone. With several venues (`prefixed`), the client writes the
 * venue's ids as `venue:id` (src/venues/prefixClient.ts) so its store can be joined with the others.
 */
import { createOddsStore, type OddsStore } from '../store/store.js';
import { createSync } from '../sync/index.js';
import type { RateAwareSync } from '../sync/types.js';
import type { Clock } from '../util/clock.js';
import { fitQuery } from '../sources/fit.js';
import { SOURCE_NAMES } from '../sources/names.js';
import type { SourceId } from '../sources/types.js';
import { prefixClient } from '../venues/prefixClient.js';
import { DEFAULTS, venueSettings, type Settings } from './config.js';
import { UsageError } from './errors.js';
import { identityProblemsBy } from './settingValues.js';
import { openSource, type Source } from './source.js';
import { dashboardReader } from '../positions/dashboard.js';
import type { PositionsReader } from '../positions/readers.js';
import { version } from './version.js';

export interface VenueStackOpen {
  id: SourceId;
  source: Source;
  store: OddsStore;
  sync: RateAwareSync;
  /** The person's real positions on this venue, when an identity is configured (closed with the source). */
  positions?: PositionsReader;
}

/**
 * Opens one venue; a UsageError (a start query it cannot do, a bad base URL) names the venue when there are several.
 */
export async function openVenueStack(
  settings: Settings,
  venue: SourceId,
  env: NodeJS.ProcessEnv,
  clock: Clock,
  prefixed: boolean,
): Promise<VenueStackOpen> {
  const own = venueSettings(settings, venue);
  let source: Source;
  try {
    source = await openSource(own, env);
  } catch (e) {
    if (!prefixed) throw e;
    throw new UsageError(`${venue}: ${(e as Error).message}`);
  }
  const fitted = fitQuery(
    source.caps,
    SOURCE_NAMES[source.id],
    { query: own.query, status: own.status, category: own.category, sort: own.sort, limit: own.limit },
    DEFAULTS,
  );
  if (!fitted.ok) {
    await source.close();
    // the flag or the config file: either may have set it
    throw new UsageError(`${fitted.message}; leave out --${fitted.key} (or "${fitted.key}" in the config file)`);
  }
  const start = fitted.query;
  const client = prefixed ? prefixClient(venue, source.client) : source.client;
  const store = createOddsStore({
    mode: source.mode,
    limit: source.limit,
    caps: source.caps,
    ...(source.id !== 'public' ? { documentedLimit: source.ceiling } : {}),
    query: { q: start.query, status: start.status, category: start.category, sort: start.sort, limit: start.limit },
    prefixed,
  });
  // the person's positions: read through this venue's sync, in its budget (src/sync/positions.ts)
  const warn = (line: string) => store.getState().notice(`${SOURCE_NAMES[venue]}: ${line}`, 'warn', clock.now());
  const reader = dashboardReader(venue, own, env, warn, `oddsboard/${version()}`);
  // a wallet or username that is not one, for a venue not on this board: said once (with the first venue), not read
  if (venue === settings.sources[0])
    for (const line of identityProblemsBy(settings.identityProblems, settings.sources).ignored)
      store.getState().notice(line, 'warn', clock.now(), 'board');
  const sync = createSync({
    client,
    store,
    clock,
    limit: source.limit,
    windowMs: source.windowMs,
    ledger: source.ledger,
    onLedgerProblem: warn,
    categories: source.id !== 'public',
    // several venues: the board picks the one selected market (src/venues/joined.ts)
    onBoard: prefixed,
    ...(source.baseHint ? { baseHint: source.baseHint } : {}),
    ...(reader ? { positions: { reader, client: source.client } } : {}),
  });
  return { id: venue, source, store, sync, ...(reader ? { positions: reader } : {}) };
}
