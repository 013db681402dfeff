import { describe, expect, it } from 'vitest';
import { KALSHI_CAPS } from '../../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import type { Market } from '../../api/types.js';
import type { ListQuery, MarketEntry } from '../../store/types.js';
import { market } from '../../../test/support/markets.js';
import { fitSegments } from './Line.js';
import { listTitle, statusOthers } from './MarketList.js';

const query: ListQuery = { q: '', status: 'active', category: '', sort: 'volume', limit: 50, offset: 0 };
const title = (q: Partial<ListQuery>, caps = POLYMARKET_CAPS) =>
  listTitle({ ids: ['a', 'b'], top: 0, focused: true, query: { ...query, ...q }, page: 1, full: false, caps }, 2)
    .map((s) => s.text)
    .join('');

describe('the Markets title', () => {
  it('names the sort and the filters the list applies', () => {
    expect(title({})).toMatch(/· sort volume · status active · tag all$/);
    expect(title({ sort: 'closing', status: 'resolved' })).toMatch(/· sort closing · status resolved/);
  });

  it('with a search typed, names what the source’s search applies: Polymarket’s ranks by relevance, any status', () => {
    const t = title({ q: 'fed', sort: 'closing', status: 'closed' });
    expect(t).toMatch(/· by relevance · any status · tag all · search “fed”$/);
    expect(t).not.toMatch(/closed|sort closing/);
    // a source whose search applies the whole query keeps naming it
    const whole = { ...POLYMARKET_CAPS, searchIgnores: [] };
    expect(title({ q: 'fed', status: 'closed' }, whole)).toMatch(/· sort volume · status closed · tag all · search/);
  });

  it('on Kalshi, says the search looks through its first events only, kept with the search on a narrow line', () => {
    const t = title({ q: 'fed', sort: '' }, KALSHI_CAPS);
    expect(t).toMatch(/· search “fed” in the first 1,000 events$/);
    expect(title({}, KALSHI_CAPS)).not.toContain('1,000');
    const segs = listTitle(
      { ids: ['a'], top: 0, focused: true, query: { ...query, q: 'fed' }, page: 1, full: false, caps: KALSHI_CAPS },
      1,
    );
    expect(
      fitSegments(segs, 40)
        .map((s) => s.text)
        .join(''),
    ).toBe('◆ Markets 1 · search “fed” in the first…');
  });

  it('keeps the search on a narrow line, where the sort and filters are dropped first (nothing else shows it)', () => {
    const segs = listTitle(
      {
        ids: ['a', 'b'],
        top: 0,
        focused: true,
        query: { ...query, q: 'fed' },
        page: 1,
        full: false,
        caps: POLYMARKET_CAPS,
      },
      2,
    );
    const at = (w: number) =>
      fitSegments(segs, w)
        .map((s) => s.text)
        .join('');
    expect(at(60)).toBe('◆ Markets 2 · by relevance · any status · search “fed”');
    expect(at(40)).toBe('◆ Markets 2 · search “fed”');
    expect(at(20)).toBe('◆ Markets 2 · searc…');
  });
});

describe('a row in another status than the list’s', () => {
  const entry = (status: Market['status']): MarketEntry => ({
    market: market(status, { status }),
    receivedAt: 0,
    firstSeenAt: 0,
    firstPrices: {},
  });
  const markets = { a: entry('active'), b: entry('settling'), c: entry('active') };
  const titled = (ids: string[], q: Partial<ListQuery> = {}) =>
    listTitle({ ids, top: 0, focused: true, query: { ...query, ...q }, page: 1, full: false, markets }, ids.length)
      .map((s) => s.text)
      .join('');

  it('says so beside the status: a Polymarket SETTLING row in the active list', () => {
    expect(titled(['a', 'b', 'c'])).toContain('· status active · 1 of them settling');
    expect(statusOthers(['a', 'b', 'b'], markets, 'active')).toBe(' · 2 of them settling');
  });

  it('says nothing when every row is in it, or when the list is of every status', () => {
    expect(titled(['a', 'c'])).toMatch(/· status active · category all$/);
    expect(titled(['a', 'b'], { status: 'all' })).not.toContain('of them');
  });
});
