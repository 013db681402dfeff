import { describe, expect, it } from 'vitest';
import { manifoldCaps } from '../sources/manifold/caps.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import { createOddsStore } from '../store/store.js';
import { listTitle } from '../ui/components/MarketList.js';
import { createJoiner } from './join.js';

/** Polymarket and Manifold (both sort server-side) joined, each venue's list query as given. */
function joined(poly: string, manifold: string) {
  const states = [
    createOddsStore({ mode: 'polymarket', limit: 50, caps: POLYMARKET_CAPS, query: { sort: poly } }),
    createOddsStore({ mode: 'manifold', limit: 50, caps: manifoldCaps, query: { sort: manifold } }),
  ].map((s) => s.getState());
  const st = createJoiner()({ ids: ['polymarket', 'manifold'], states, filter: undefined, selectedId: undefined });
  const q = st.list.query;
  const title = listTitle(
    { ids: [], top: 0, focused: true, query: q, page: 1, full: false, caps: st.caps, together: true },
    0,
  );
  return { sort: q.sort, title: title.map((s) => s.text).join('') };
}

describe('the joined list query', () => {
  it('names the sort every venue applies; when they differ, none ("each by volume" of a list by newest)', () => {
    expect(joined('volume', 'volume')).toMatchObject({ sort: 'volume' });
    expect(joined('volume', 'volume').title).toContain('by venue, each by volume');
    // Polymarket narrowed with v, s to newest, then every venue again: its section is by newest, Manifold's by volume
    const mixed = joined('newest', 'volume');
    expect(mixed.sort).toBe('');
    expect(mixed.title).toContain('by venue, each in its own order');
    expect(mixed.title).not.toMatch(/by (volume|newest)/);
    // an unset sort is the venue's first: the same as naming it
    expect(joined('', 'volume').sort).toBe('volume');
  });
});
