import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from './caps.js';
import { fitQuery } from './fit.js';
import type { SourceCaps } from './types.js';

const DEFAULTS = { status: 'active', sort: 'volume', limit: 50 };
const start = { query: '', status: 'active', category: '', sort: 'volume', limit: 50 };
/** A source that sorts nothing server-side and has no "settling" filter (as Kalshi's /markets). */
const NO_SORTS: SourceCaps = {
  ...PUBLIC_CAPS,
  statuses: ['active', 'closed', 'resolved', 'all'],
  sorts: [],
  categoryWord: 'category',
  maxLimit: 200,
  batch: 100,
};

describe('the starting query fitted to what a source can do', () => {
  it('the interface takes the defaults as they are', () => {
    expect(fitQuery(PUBLIC_CAPS, 'The interface', start, DEFAULTS)).toEqual({ ok: true, query: start });
  });

  it('a default the source cannot do becomes what it offers: no sort is sent where it sorts nothing', () => {
    expect(fitQuery(NO_SORTS, 'Kalshi', start, DEFAULTS)).toEqual({ ok: true, query: { ...start, sort: '' } });
  });

  it('a sort or status the person chose that the source cannot do is a usage error naming it', () => {
    expect(fitQuery(NO_SORTS, 'Kalshi', { ...start, sort: 'liquidity' }, DEFAULTS)).toEqual({
      ok: false,
      message: 'Kalshi sorts nothing server-side (its list comes in its own order)',
      key: 'sort',
    });
    expect(fitQuery(NO_SORTS, 'Kalshi', { ...start, status: 'settling' }, DEFAULTS)).toEqual({
      ok: false,
      message: 'Kalshi has no status filter "settling" (it takes active, closed, resolved, all)',
      key: 'status',
    });
    const sorts: SourceCaps = { ...NO_SORTS, sorts: ['volume', 'newest'] };
    expect(fitQuery(sorts, 'Polymarket', { ...start, sort: 'liquidity' }, DEFAULTS)).toEqual({
      ok: false,
      message: 'Polymarket cannot sort by liquidity (it sorts by volume, newest)',
      key: 'sort',
    });
  });

  it('no category or search where the source has none; a page larger than it pages is capped or refused', () => {
    const bare: SourceCaps = { ...NO_SORTS, categoryWord: undefined, search: false, maxLimit: 20 };
    expect(fitQuery(bare, 'X', { ...start, category: 'Politics' }, DEFAULTS)).toMatchObject({ ok: false });
    expect(fitQuery(bare, 'X', { ...start, query: 'fed' }, DEFAULTS)).toEqual({
      ok: false,
      message: 'X has no text search',
      key: 'query',
    });
    expect(fitQuery(bare, 'X', start, DEFAULTS)).toEqual({ ok: true, query: { ...start, sort: '', limit: 20 } });
    expect(fitQuery(bare, 'X', { ...start, limit: 40 }, DEFAULTS)).toEqual({
      ok: false,
      message: 'X pages at most 20 rows',
      key: 'limit',
    });
  });
});
