import { describe, expect, it } from 'vitest';
import { manifoldCaps } from '../sources/manifold/caps.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import { createOddsStore } from '../store/store.js';
import type { ListQuery } from '../store/types.js';
import type { SourceId } from '../sources/types.js';
import { fitSegments } from '../ui/components/Line.js';
import { listTitle } from '../ui/components/MarketList.js';
import { eventDataAt, eventEntries } from '../ui/views/events.js';
import { event, market } from '../../test/support/syncHarness.js';
import { recordingSync } from '../../test/support/venues.js';
import { PairDecisions } from '../pairs/decisions.js';
import { createJoiner } from './join.js';
import { joinVenues } from './joined.js';

/** Polymarket and Manifold (both sort server-side; or Kalshi) joined, each venue's list query as given. */
function joined(poly: string | Partial<ListQuery>, manifold: string | Partial<ListQuery>, other = 'manifold') {
  const query = (q: string | Partial<ListQuery>) => (typeof q === 'string' ? { sort: q } : q);
  const second = other === 'kalshi' ? ({ mode: 'kalshi', caps: KALSHI_CAPS } as const) : { caps: manifoldCaps };
  const stores = [
    createOddsStore({ mode: 'polymarket', limit: 50, caps: POLYMARKET_CAPS, query: query(poly) }),
    createOddsStore({ mode: 'manifold', limit: 50, ...second, query: query(manifold) }),
  ];
  // Polymarket's tags by id, as its tags route gives them
  stores[0]!.getState().categoriesLoaded([{ id: '2', label: 'Politics' }]);
  const states = stores.map((s) => s.getState());
  const ids = ['polymarket', other === 'kalshi' ? 'kalshi' : 'manifold'] as const;
  const st = createJoiner()({ ids: [...ids], states, filter: undefined, selectedId: undefined });
  const q = st.list.query;
  const title = listTitle(
    { ids: [], top: 0, focused: true, query: q, page: 1, full: false, caps: st.caps, together: true },
    0,
  );
  // the 75-cell title of the list at 120 columns
  const at75 = fitSegments(title, 75)
    .map((s) => s.text)
    .join('');
  return { sort: q.sort, title: title.map((s) => s.text).join(''), at75 };
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

  it('names the categories a venue still applies (set with c while narrowed): its section was filtered unsaid', () => {
    expect(joined({ category: '2' }, {}).title).toMatch(/by venue, each by volume · status active · P tag Politics$/);
    expect(joined({ category: '2' }, { category: 'fun' }).title).toContain('· P tag Politics · M topic fun');
    expect(joined({}, {}).title).not.toMatch(/tag|topic/);
    // a search typed on one venue alone (its rows were gone, unsaid); one every venue shares is the title's own
    expect(joined({}, { q: 'fed' }).title).toMatch(/each by volume · status active · M search “fed”$/);
    expect(joined({ q: 'fed' }, { q: 'fed' }).title).toMatch(/· search “fed”$/);
    expect(joined({ q: 'fed' }, { q: 'fed' }).title).not.toContain('M search');
    // at 120 columns (a 75-cell title) the status gives way to them
    const at75 = joined({ category: '2' }, { category: 'fun' }).at75;
    expect(at75).toBe('◆ Markets 0 · by venue, each by volume · P tag Politics · M topic fun');
  });

  it("says a search on Kalshi looks through its first events only, as Kalshi's own title does", () => {
    expect(joined({ q: 'fed' }, { q: 'fed' }, 'kalshi').title).toMatch(
      /· search “fed” in each venue \(K: the first 1,000 events\)$/,
    );
    expect(joined({}, { q: 'fed' }, 'kalshi').title).toMatch(/· K search “fed” in the first 1,000 events$/);
    // Polymarket and Manifold search all of their lists: nothing to add
    expect(joined({ q: 'fed' }, { q: 'fed' }).title).not.toContain(' in ');
  });
});

describe('the joined events', () => {
  it("date each event by its own venue's answer: a venue gone quiet does not borrow another's fresh one", () => {
    const stores = [
      createOddsStore({ mode: 'polymarket', limit: 50, caps: POLYMARKET_CAPS }),
      createOddsStore({ mode: 'manifold', limit: 50, caps: manifoldCaps }),
    ];
    const m = (id: string) => market(id);
    // Manifold's events answered 4 minutes ago and not since (its venue stopped answering); Polymarket's just now
    stores[1]!.getState().eventsLoaded([event('manifold:e2', [m('manifold:m2')])], 1_000);
    stores[0]!.getState().eventsLoaded([event('polymarket:e1', [m('polymarket:m1')])], 241_000);
    const states = stores.map((s) => s.getState());
    const st = createJoiner()({ ids: ['polymarket', 'manifold'], states, filter: undefined, selectedId: undefined });
    expect(st.events.loadedAt).toBe(241_000);
    expect(eventDataAt(st, 'polymarket:e1')).toBe(241_000);
    expect(eventDataAt(st, 'manifold:e2')).toBe(1_000);
    // the open event's rows, before its own answer, are as old as the answer that brought them
    const open = { ...st.events, openId: 'manifold:e2' };
    expect(eventEntries({ events: open, markets: {} })['manifold:m2']?.receivedAt).toBe(1_000);
  });
});

describe('a search on a board with a venue that cannot search', () => {
  it("hides that venue's rows while a search is typed, and the title names the search (its list stayed shown)", () => {
    const calls: string[] = [];
    const p = createOddsStore({ mode: 'polymarket', limit: 50, caps: POLYMARKET_CAPS });
    const m = createOddsStore({ mode: 'manifold', limit: 50, caps: { ...manifoldCaps, search: false } });
    // both titles hold the words searched: Manifold's row is gone for not being an answer, not for its title
    p.getState().listLoaded([market('polymarket:1', { title: 'Fed cuts' })], 0);
    m.getState().listLoaded([market('manifold:2', { title: 'Fed holds' })], 0);
    const board = joinVenues([
      { id: 'polymarket', store: p, sync: recordingSync(p, []) },
      { id: 'manifold', store: m, sync: recordingSync(m, calls) },
    ]);
    expect(board.store.getState().list.ids).toEqual(['polymarket:1', 'manifold:2']);
    board.sync.search({ q: 'fed' });
    // the text is never sent to Manifold here (it cannot search): its list is not an answer to "fed"
    expect(calls.filter((c) => c.startsWith('search'))).toEqual([]);
    const list = board.store.getState().list;
    expect(list.query.q).toBe('fed');
    expect(list.ids).toEqual(['polymarket:1']);
    // the search cleared: its rows again
    board.sync.search({ q: '' });
    expect(board.store.getState().list.ids).toEqual(['polymarket:1', 'manifold:2']);
    board.dispose();
  });
});

describe('the joined state with nothing selected and with the market drawn selected', () => {
  it('come from one join: asked in turn on the same states, neither is worked out again', () => {
    const p = createOddsStore({ mode: 'polymarket', limit: 50, caps: POLYMARKET_CAPS });
    const k = createOddsStore({ mode: 'kalshi', limit: 50, caps: KALSHI_CAPS });
    p.getState().listLoaded([market('polymarket:1')], 0);
    k.getState().listLoaded([market('kalshi:2')], 0);
    // the board's own list of venues, given every time
    const input = {
      ids: ['polymarket', 'kalshi'] as SourceId[],
      states: [p.getState(), k.getState()],
      filter: undefined,
    };
    const join = createJoiner();
    // the board's refresh on each change: the first row drawn with none selected, then the state with it selected
    const none = join({ ...input, selectedId: undefined });
    const picked = join({ ...input, selectedId: 'kalshi:2' });
    expect(none.selectedId).toBeUndefined();
    expect(picked.selectedId).toBe('kalshi:2');
    // the selected market's venue's trader's view: Kalshi's books
    expect(picked.caps.book).toBe(KALSHI_CAPS.book);
    for (const key of Object.keys(none) as (keyof typeof none)[])
      if (key !== 'caps') expect(picked[key], key).toBe(none[key]);
    // again on the same states: the very objects of the first turn, the caps of each included
    expect(join({ ...input, selectedId: undefined }).caps).toBe(none.caps);
    expect(join({ ...input, selectedId: 'kalshi:2' }).caps).toBe(picked.caps);
  });

  it('is one object, the pairs in it, made again only when a field, the selection or the pairs changed', () => {
    const p = createOddsStore({ mode: 'polymarket', limit: 50, caps: POLYMARKET_CAPS });
    const k = createOddsStore({ mode: 'kalshi', limit: 50, caps: KALSHI_CAPS });
    p.getState().listLoaded([market('polymarket:1')], 0);
    k.getState().listLoaded([market('kalshi:2')], 0);
    const across = { rev: 0, decisions: new PairDecisions(), books: {}, problems: [] };
    // the board's own list of venues, given every time
    const ids: SourceId[] = ['polymarket', 'kalshi'];
    const input = () => ({
      ids,
      states: [p.getState(), k.getState()],
      filter: undefined,
      across,
    });
    const join = createJoiner();
    // the board asks in turn on every change: with nothing selected, then with the market drawn
    const none = join({ ...input(), selectedId: undefined });
    const picked = join({ ...input(), selectedId: 'kalshi:2' });
    expect(picked.across).toBe(across);
    expect(none.across).toBe(across);
    expect(join({ ...input(), selectedId: undefined })).toBe(none);
    expect(join({ ...input(), selectedId: 'kalshi:2' })).toBe(picked);
    const moreAcross = { ...across, rev: 1 };
    const withPairs = join({ ...input(), across: moreAcross, selectedId: 'kalshi:2' });
    expect(withPairs).not.toBe(picked);
    expect(withPairs.across).toBe(moreAcross);
    expect(withPairs.markets).toBe(picked.markets);
    k.getState().listLoaded([market('kalshi:2'), market('kalshi:3')], 1);
    const more = join({ ...input(), across: moreAcross, selectedId: 'kalshi:2' });
    expect(Object.keys(more.markets)).toEqual(['polymarket:1', 'kalshi:2', 'kalshi:3']);
    expect(join({ ...input(), selectedId: 'polymarket:1' }).selectedId).toBe('polymarket:1');
  });
});
