/**
 * Pasted addresses, tickers, slugs and ids resolved by each venue's resolver against its replay of the recordings in
 * test/fixtures/real/<venue> over loopback: the right market or event, in the fewest requests, each on a documented
 * route. The address forms are cited in parse.test.ts; the values are our recordings' (a Kalshi event address's title
 * slug is not in the API: the one here is ours, the resolver reads only the series and the event ticker).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSourceReplay, type RunningSourceReplay } from '../sources/replay.js';
import { loadPlatform } from '../sources/index.js';
import type { PlatformDef, SourceClient } from '../sources/types.js';
import { ManualClock } from '../util/clock.js';
import { parseTarget, readingsFor } from './parse.js';
import { lookupsOf } from './plan.js';
import { resolveLookups } from './resolve.js';
import type { Found, PlatformId } from './types.js';

const NOW = Date.UTC(2026, 9, 9, 12, 0, 0);
/** Event 481717 and two of its markets, as recorded (polymarket/gamma-event-481717-detail-…-5-markets.json). */
const FED = 'fed-decision-in-september-762';
const CUT25 = 'will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586';
const HIKE50 = 'will-the-fed-increase-interest-rates-by-50-bps-after-the-september-2026-meeting-664';
interface Venue {
  def: PlatformDef;
  srv: RunningSourceReplay;
  client: SourceClient;
  log: string[];
}
const venues = new Map<PlatformId, Venue>();

beforeAll(async () => {
  for (const id of ['polymarket', 'kalshi', 'manifold'] as const) {
    const def = await loadPlatform(id);
    const log: string[] = [];
    const srv = await startSourceReplay({
      def,
      dir: `test/fixtures/real/${id}`,
      clock: new ManualClock(NOW),
      onRequest: (e) => log.push(e.path),
    });
    const client = def.createClient({ baseUrl: `${srv.url}${def.replayPrefix}`, clobUrl: srv.url });
    venues.set(id, { def, srv, client, log });
  }
});
afterAll(async () => {
  for (const v of venues.values()) {
    await v.client.close?.();
    await v.srv.close();
  }
});

/** Resolves `input` on one venue: what was found, and the paths asked (each checked against the documented routes). */
async function go(venue: PlatformId, input: string): Promise<{ found?: Found; paths: string[] }> {
  const v = venues.get(venue)!;
  const p = parseTarget(input);
  if (!p.ok) throw new Error(p.message);
  const from = v.log.length;
  const r = await resolveLookups(v.client, lookupsOf(readingsFor(p, venue)));
  const paths = v.log.slice(from);
  expect(r.requests).toBe(paths.length);
  for (const path of paths) {
    const u = new URL(path, 'http://x');
    const below = u.pathname.slice(v.def.replayPrefix.length);
    expect(v.def.undocumented(below, u.searchParams), path).toBeUndefined();
  }
  return { ...(r.found ? { found: r.found } : {}), paths };
}
const marketId = (f: Found | undefined) => (f && 'market' in f ? f.market.id : undefined);
const eventId = (f: Found | undefined) => (f && 'event' in f ? f.event.id : undefined);

describe('Polymarket (Gamma replay)', () => {
  it('an event address → /events/slug/{slug}, one request', async () => {
    const r = await go('polymarket', 'https://polymarket.com/event/fed-decision-in-september-762?tid=1#x');
    expect(eventId(r.found)).toBe('481717');
    expect(r.paths).toEqual(['/events/slug/fed-decision-in-september-762']);
  });
  it('a market address (in its event, with a locale) → /markets/slug/{slug}, one request', async () => {
    const r = await go('polymarket', `polymarket.com/es/event/${FED}/${CUT25}`);
    expect(marketId(r.found)).toBe('2252243');
    expect(r.paths).toHaveLength(1);
  });
  it('a market slug alone → the market (one request); a numeric id → /markets/{id}', async () => {
    const slug = await go('polymarket', HIKE50);
    expect(marketId(slug.found)).toBe('2252246');
    expect(slug.paths).toHaveLength(1);
    const id = await go('polymarket', '2252244');
    expect(marketId(id.found)).toBe('2252244');
    expect(id.paths).toEqual(['/markets/2252244']);
  });
  it('an event slug alone: the market slug first (404), then the event', async () => {
    const r = await go('polymarket', 'fed-decision-in-september-762');
    expect(eventId(r.found)).toBe('481717');
    expect(r.paths).toHaveLength(2);
  });
  it('an unknown slug: nothing found, no other request', async () => {
    const r = await go('polymarket', 'https://polymarket.com/event/no-such-event-anywhere');
    expect(r.found).toBeUndefined();
    expect(r.paths).toHaveLength(1);
  });
});

describe('Kalshi (trade API v2 replay)', () => {
  it('an event address → /events/{ticker}, one request', async () => {
    const r = await go('kalshi', 'https://kalshi.com/markets/kxnewpope/next-pope/kxnewpope-70');
    expect(eventId(r.found)).toBe('KXNEWPOPE-70');
    expect(r.paths).toHaveLength(1);
  });
  it('a series address → its open event (/events?series_ticker=), one request', async () => {
    const r = await go('kalshi', 'https://www.kalshi.com/markets/kxnewpope');
    expect(eventId(r.found)).toBe('KXNEWPOPE-70');
    expect(r.paths).toHaveLength(1);
  });
  it('a market ticker → /markets/{ticker}, one request; lower case from an address is upper-cased', async () => {
    const r = await go('kalshi', 'KXNEWPOPE-70-PPIZ');
    expect(marketId(r.found)).toBe('KXNEWPOPE-70-PPIZ');
    expect(r.paths).toHaveLength(1);
    const path = await go('kalshi', 'kalshi.com/markets/kxnewpope-70-ppar');
    expect(marketId(path.found)).toBe('KXNEWPOPE-70-PPAR');
  });
  it('an event ticker: the event first (two parts)', async () => {
    const r = await go('kalshi', 'KXELONMARS-99');
    expect(eventId(r.found)).toBe('KXELONMARS-99');
    expect(r.paths).toHaveLength(1);
  });
});

describe('Manifold (v0 replay)', () => {
  it('a market address → /slug/{slug}, one request', async () => {
    // the address as recorded in the market's own `url` (v0-market-5SEnEAddg5-CANCEL-2026-10-09.json)
    const r = await go('manifold', 'https://manifold.markets/JimMcMillan/will-a-second-ai-lab-say-one-of-its');
    expect(marketId(r.found)).toBe('5SEnEAddg5');
    expect(r.paths).toEqual(['/v0/slug/will-a-second-ai-lab-say-one-of-its']);
  });
  // QA's "Nothing found" for …/Haws/will-the-close-price-of-alphabet-in-i829anfe: the market recorded only in a list
  // (…-first-120.json) has the slug …-i829anfelo; its whole address is found on the slug route, and two letters short
  // it is not a slug Manifold holds: 404 as Manifold answers, and nothing else is asked
  it('a market recorded only in a list: its address by /slug/{slug}; the address cut short finds nothing', async () => {
    const page = 'https://manifold.markets/Haws/will-the-close-price-of-alphabet-in-i829anfelo';
    const whole = await go('manifold', page);
    expect(marketId(whole.found)).toBe('73y2fs1i7b');
    expect(whole.paths).toEqual(['/v0/slug/will-the-close-price-of-alphabet-in-i829anfelo']);
    const cut = await go('manifold', page.slice(0, -2));
    expect(cut.found).toBeUndefined();
    expect(cut.paths).toEqual(['/v0/slug/will-the-close-price-of-alphabet-in-i829anfe']);
  });
  it('an id → /market/{id}; a slug alone → /slug/{slug}', async () => {
    expect(marketId((await go('manifold', 'EU2P5AdyuE')).found)).toBe('EU2P5AdyuE');
    expect(marketId((await go('manifold', 'trump-wins-nobel-peace-prize-2026')).found)).toBe('nRSlhy5c2L');
  });
  // an all lower-case id, as the board shows it (v0-markets-list-open-closing-within-60-days-2024-06-24-first-120.json)
  it('a lower-case id: /slug/{word} finds nothing, then /market/{id}', async () => {
    const r = await go('manifold', '73y2fs1i7b');
    expect(marketId(r.found)).toBe('73y2fs1i7b');
    expect(r.paths).toEqual(['/v0/slug/73y2fs1i7b', '/v0/market/73y2fs1i7b']);
  });
  it('manifold:<id> with a digit: /market/{id} first, one request; without a digit the slug first', async () => {
    const r = await go('manifold', 'manifold:73y2fs1i7b');
    expect(marketId(r.found)).toBe('73y2fs1i7b');
    expect(r.paths).toEqual(['/v0/market/73y2fs1i7b']);
    const letters = await go('manifold', 'manifold:wtbuohcray');
    expect(marketId(letters.found)).toBe('wtbuohcray');
    expect(letters.paths).toEqual(['/v0/slug/wtbuohcray', '/v0/market/wtbuohcray']);
    // a slug with a prefix: one request, as without
    expect((await go('manifold', 'manifold:trump-wins-nobel-peace-prize-2026')).paths).toHaveLength(1);
  });
});
