import { describe, expect, it } from 'vitest';
import { planVenues } from './venues.js';

/**
 * With the interface among several sources, a bare word is one of its ids too (its ids are its own words:
 * docs/links.md), so it is never taken for a platform's alone. Before, `oddsboard market mkt-0auq2x --source
 * public,kalshi` — an id the same command's `markets` had just listed on an `I` row — was asked of Kalshi, and said
 * "Kalshi has nothing for slug mkt-0auq2x." (exit 4).
 */
const market = { name: 'market', span: 'one' as const };
const event = { name: 'event', span: 'one' as const, needs: 'events' as const };

describe('a bare id with the interface among the sources', () => {
  it('read by a platform too: a usage error writing it with each venue, in the order of --source', async () => {
    await expect(planVenues(market, ['public', 'kalshi'], ['mkt-0auq2x'])).rejects.toThrow(
      'with several sources (public,kalshi) the id names its venue: public:mkt-0auq2x or kalshi:mkt-0auq2x',
    );
    await expect(planVenues(market, ['kalshi', 'public'], ['KXELONMARS-99'])).rejects.toThrow(
      'the id names its venue: kalshi:KXELONMARS-99 or public:KXELONMARS-99',
    );
  });

  it('read by no other source: the interface’s', async () => {
    expect((await planVenues(market, ['public', 'kalshi'], ['mkt_0auq2x'])).venues).toEqual(['public']);
    expect((await planVenues(event, ['public', 'kalshi'], ['evt-lqkyk'])).venues).toEqual(['public']);
  });

  it('an address or a venue:id still names its venue; without the interface nothing changes', async () => {
    const page = 'https://kalshi.com/markets/kxelonmars/kxelonmars-99';
    expect((await planVenues(market, ['public', 'kalshi'], [page])).venues).toEqual(['kalshi']);
    expect((await planVenues(market, ['public', 'kalshi'], ['kalshi:KXELONMARS-99'])).venues).toEqual(['kalshi']);
    expect((await planVenues(market, ['polymarket', 'kalshi'], ['KXELONMARS-99'])).venues).toEqual(['kalshi']);
  });
});
