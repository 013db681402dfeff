/**
 * Runs a venue's lookups (plan.ts) through its client, one request at a time: the first that finds something wins, a
 * "not found" moves to the next, any other failure stops (it is the venue's trouble, not the input's). The one-shot
 * commands call it directly; the dashboard goes through sync (src/sync/goTo.ts), one job per lookup, in the budget.
 */
import { ApiError } from '../api/errors.js';
import type { ApiResult, CallOptions, MarketClient } from '../api/types.js';
import type { SourceClient } from '../sources/types.js';
import type { Found, Lookup } from './types.js';

/** What a lookup needs of a client: a market and an event by id, and the source's own `lookup` for the rest. */
export type LookupClient = Pick<MarketClient, 'getMarket' | 'getEvent'> & Partial<Pick<SourceClient, 'lookup'>>;

/** One lookup, one request. */
export async function runLookup(client: LookupClient, l: Lookup, opts?: CallOptions): Promise<ApiResult<Found>> {
  if (l.route === 'market') {
    const r = await client.getMarket(l.id, opts);
    return { ...r, data: { market: r.data } };
  }
  if (l.route === 'event') {
    const r = await client.getEvent(l.id, opts);
    return { ...r, data: { event: r.data } };
  }
  if (!client.lookup)
    throw new ApiError({
      kind: 'invalid_request',
      code: 'NOT_SUPPORTED',
      message: `This source cannot look up a ${l.route === 'series' ? 'series' : 'slug'}.`,
    });
  return client.lookup(l, opts);
}

/** A lookup that found nothing: the next one is tried. */
export const notFound = (e: unknown): boolean =>
  e instanceof ApiError && (e.kind === 'not_found' || (e.kind === 'invalid_request' && e.code !== 'NOT_SUPPORTED'));

/** The lookups in order until one finds something; undefined when none does. Other failures are thrown. */
export async function resolveLookups(
  client: LookupClient,
  lookups: readonly Lookup[],
  opts?: CallOptions,
): Promise<{ found: Found; requests: number } | { found?: undefined; requests: number }> {
  let requests = 0;
  for (const l of lookups) {
    requests++;
    try {
      return { found: (await runLookup(client, l, opts)).data, requests };
    } catch (e) {
      if (!notFound(e)) throw e;
    }
  }
  return { requests };
}
