import { describe, expect, it } from 'vitest';
import { createOddsStore } from '../store/store.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { POLYMARKET_CAPS } from '../sources/polymarket/query.js';
import type { SourceId } from '../sources/types.js';
import { joinVenues } from './joined.js';
import { parseTarget } from '../links/parse.js';
import type { ParsedTarget } from '../links/types.js';
import { mkt, venues } from '../../test/support/joinedVenues.js';
import { recordingSync } from '../../test/support/venues.js';

/** The recorded call's tail for a venue's further readings of the same input (a bare word: market, then event). */
const extra = (t: ParsedTarget, venue: string) =>
  t.ok
    ? t.readings
        .filter((r) => r.venue === venue)
        .slice(1)
        .map((r) => ` ${r.venue}:${r.value}`)
        .join('')
    : '';

describe('several venues joined for the screen', () => {
  it('lists one section per venue in its own order; closing soon merged on the close time; v narrows', () => {
    const { joined, stacks } = venues();
    const st = () => joined.store.getState();
    expect(st().list.ids).toEqual(['kalshi:K1', 'kalshi:K2', 'polymarket:1', 'polymarket:2']);
    stacks[0]!.store.getState().closingLoaded([mkt('kalshi:K1', 3_000), mkt('kalshi:K2', 1_000)], 20);
    stacks[1]!.store.getState().closingLoaded([mkt('polymarket:1', 2_000)], 20);
    expect(st().closing.ids).toEqual(['kalshi:K2', 'polymarket:1', 'kalshi:K1']);
    expect(st().venues!.map((v) => v.id)).toEqual(['kalshi', 'polymarket']);
    // Kalshi sorts nothing: together, no sort applies; its statuses and Polymarket's shared ones do
    expect(st().caps.sorts).toEqual([]);
    expect(st().caps.statuses).toEqual(['active', 'closed', 'resolved']);
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    expect(st().list.ids).toEqual(['kalshi:K1', 'kalshi:K2']);
    expect(st().caps).toBe(KALSHI_CAPS);
    expect(joined.sync.cycleVenue!()).toBe('polymarket');
    expect(st().list.ids).toEqual(['polymarket:1', 'polymarket:2']);
    expect(joined.sync.cycleVenue!()).toBeUndefined();
    expect(st().list.ids).toHaveLength(4);
  });

  it("keeps a field's object while no venue changed it; an answer on one venue rebuilds only what it touched", () => {
    const { joined, stacks } = venues();
    const before = joined.store.getState();
    stacks[1]!.store.getState().setRate({ usedInWindow: 3 });
    const after = joined.store.getState();
    expect(after.markets).toBe(before.markets);
    expect(after.list).toBe(before.list);
    expect(after.venues).not.toBe(before.venues);
    expect(after.venues![1]!.rate.usedInWindow).toBe(3);
  });

  it('a venue write that changes nothing joined leaves the joined state as it was: its listeners hear nothing', () => {
    const { joined, stacks } = venues();
    const before = joined.store.getState();
    let heard = 0;
    const stop = joined.store.subscribe(() => heard++);
    // a new state object on one venue with the same fields (as a write of an equal value makes)
    stacks[0]!.store.setState({});
    stacks[1]!.store.setState({});
    stop();
    expect(heard).toBe(0);
    expect(joined.store.getState()).toBe(before);
    expect(before.categories).toEqual([]);
  });

  it('selects the first row on its venue alone until one is chosen; then only the chosen venue holds one', () => {
    const { joined, calls, stacks } = venues();
    const own = () => stacks.map((s) => s.store.getState().selectedId);
    // none chosen: the first row is the one drawn, and its venue (only) polls it, as that venue alone does
    expect(joined.store.getState().selectedId).toBe('kalshi:K1');
    expect(own()).toEqual(['kalshi:K1', undefined]);
    // v narrows to Polymarket: its first row is the one drawn now
    joined.sync.cycleVenue!();
    joined.sync.cycleVenue!();
    expect(joined.store.getState().selectedId).toBe('polymarket:1');
    expect(own()).toEqual([undefined, 'polymarket:1']);
    joined.sync.cycleVenue!();
    expect(own()).toEqual(['kalshi:K1', undefined]);
    // a new list on a venue moves the first row with it
    stacks[0]!.store.getState().listLoaded([mkt('kalshi:K2'), mkt('kalshi:K1')], 20);
    expect(joined.store.getState().selectedId).toBe('kalshi:K2');
    expect(own()).toEqual(['kalshi:K2', undefined]);
    // chosen: it stays, whatever the lists do
    joined.sync.select('polymarket:2');
    stacks[0]!.store.getState().listLoaded([mkt('kalshi:K1'), mkt('kalshi:K2')], 30);
    expect(joined.store.getState().selectedId).toBe('polymarket:2');
    expect(own()).toEqual([undefined, 'polymarket:2']);
    expect(calls.kalshi).toEqual([
      'select kalshi:K1',
      'select undefined',
      'select kalshi:K1',
      'select kalshi:K2',
      'select undefined',
    ]);
    expect(calls.polymarket).toEqual(['select polymarket:1', 'select undefined', 'select polymarket:2']);
  });

  it('the first row leaves out a venue that cannot search while a search is typed, as the joined list does', () => {
    // each venue's list answered with the query `q` in force
    const mk = (id: SourceId, caps: typeof KALSHI_CAPS, ids: string[], q: string) => {
      const store = createOddsStore({ mode: id as 'kalshi', limit: 60, caps, query: { q } });
      store.getState().listLoaded(
        ids.map((x) => mkt(x)),
        10,
      );
      return { id, store, sync: recordingSync(store, []) };
    };
    const first = (k: string[], p: string[], q = '') => {
      const kalshi = mk('kalshi', { ...KALSHI_CAPS, search: false }, k, q);
      const b = joinVenues([kalshi, mk('polymarket', POLYMARKET_CAPS, p, q)]);
      const id = b.store.getState().selectedId;
      b.dispose();
      return id;
    };
    expect(first(['kalshi:1'], ['polymarket:1'])).toBe('kalshi:1');
    expect(first(['kalshi:1'], ['polymarket:1'], 'fed')).toBe('polymarket:1');
    expect(first([], ['polymarket:1'])).toBe('polymarket:1');
    expect(first([], [])).toBeUndefined();
  });

  it('routes each intent to the venue its id names; a search to every venue shown', () => {
    const { joined, calls, stacks } = venues();
    joined.sync.select('polymarket:2');
    expect(joined.store.getState().selectedId).toBe('polymarket:2');
    joined.sync.select('kalshi:K1');
    expect(calls.polymarket).toEqual(['select polymarket:2', 'select undefined']);
    expect(calls.kalshi).toEqual(['select kalshi:K1', 'select undefined', 'select kalshi:K1']);
    expect(joined.sync.toggleWatch('polymarket:1')).toBe(true);
    joined.sync.toggleWatch('kalshi:K2');
    expect(joined.store.getState().watch.ids).toEqual(['polymarket:1', 'kalshi:K2']);
    expect(stacks[0]!.store.getState().watch.ids).toEqual(['kalshi:K2']);
    joined.sync.search({ q: 'fed', offset: 20 });
    expect(calls.kalshi.at(-1)).toBe('search {"q":"fed"}');
    expect(calls.polymarket.at(-1)).toBe('search {"q":"fed"}');
    expect(joined.sync.page(1)).toEqual({ ok: false, reason: 'last_page' });
    joined.sync.openQuote('kalshi:K1');
    expect(calls.kalshi.at(-1)).toBe('openQuote kalshi:K1');
    expect(joined.sync.refreshNow()).toEqual({ ok: false, retryAt: 5, reason: 'budget' });
    // one venue may refresh, the other is paused: the refresh goes on, the paused one is named with its wait
    stacks[1]!.sync.refreshNow = () => ({ ok: true });
    stacks[0]!.sync.refreshNow = () => ({ ok: false, retryAt: 9, reason: 'rate_limited' });
    expect(joined.sync.refreshNow()).toEqual({
      ok: true,
      held: [{ venue: 'kalshi', retryAt: 9, reason: 'rate_limited' }],
    });
  });

  it("sends a pasted link to the venue it names, with only that venue's readings; a venue not shown is named", () => {
    const { joined, calls, stacks } = venues();
    // a bare word both Polymarket and Kalshi may read: the first reading of a venue on the board looks it up
    const both = parseTarget('fed-decision-in-december');
    expect(both.ok && both.readings.map((r) => r.venue)).toContain('polymarket');
    expect(joined.sync.goTo(both)).toMatchObject({ ok: true });
    expect(calls.polymarket.at(-1)).toBe('goTo polymarket:fed-decision-in-december' + extra(both, 'polymarket'));
    expect(calls.kalshi.filter((c) => c.startsWith('goTo'))).toEqual([]);
    // the lookup's outcome on that venue is the screen's
    stacks[1]!.store.getState().setGoTo({ seq: 1, understood: 'x', status: 'looking' });
    expect(joined.store.getState().goTo).toEqual({ seq: 1, understood: 'x', status: 'looking' });
    const kalshi = parseTarget('https://kalshi.com/markets/kxfeddecision');
    expect(joined.sync.goTo(kalshi)).toMatchObject({ ok: true });
    expect(calls.kalshi.at(-1)).toMatch(/^goTo kalshi:/);
    const manifold = parseTarget('https://manifold.markets/SG/will-a-fed-cut-happen');
    const r = joined.sync.goTo(manifold);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(
      /is on Manifold; this board shows Kalshi, Polymarket \(add it: --source kalshi,polymarket,manifold\)/,
    );
    expect(joined.sync.goTo(parseTarget('ftp://x'))).toMatchObject({ ok: false });
  });

  it('a word several venues read: the next venue asked when one finds nothing, no "nothing" heard between', () => {
    const { joined, calls, stacks } = venues();
    // each venue's lookup writes its own `goTo`, its count starting at one (as src/sync/goTo.ts does)
    for (const s of stacks) {
      const inner = s.sync.goTo.bind(s.sync);
      let seq = 0;
      s.sync.goTo = (t) => {
        const r = inner(t);
        if (r.ok) s.store.getState().setGoTo({ seq: ++seq, understood: t.ok ? t.understood : '', status: 'looking' });
        return r;
      };
    }
    const heard: string[] = [];
    joined.store.subscribe((st) => st.goTo && heard.push(`${st.goTo.seq} ${st.goTo.status}`));
    // a lower-case word: Polymarket's slugs first, then a Kalshi ticker (docs/links.md)
    const word = parseTarget('kxnewpope-70-ppar');
    expect(word.ok && [...new Set(word.readings.map((r) => r.venue))]).toEqual(['polymarket', 'manifold', 'kalshi']);
    expect(joined.sync.goTo(word)).toMatchObject({ ok: true });
    expect(calls.polymarket.at(-1)).toMatch(/^goTo polymarket:kxnewpope-70-ppar/);
    expect(calls.kalshi.filter((c) => c.startsWith('goTo'))).toEqual([]);
    // Polymarket finds nothing: Kalshi (Manifold is not on this board) is asked at once
    const poly = stacks[1]!.store.getState();
    poly.setGoTo({ ...poly.goTo!, status: 'none', message: 'Nothing found for kxnewpope-70-ppar.' });
    expect(calls.kalshi.at(-1)).toBe('goTo kalshi:KXNEWPOPE-70-PPAR');
    expect(joined.store.getState().goTo).toMatchObject({ status: 'looking' });
    // Kalshi finds it: that is what the screen hears; the "nothing" of Polymarket never was
    const kal = stacks[0]!.store.getState();
    kal.setGoTo({ ...kal.goTo!, status: 'found', market: 'kalshi:KXNEWPOPE-70-PPAR' });
    expect(joined.store.getState().goTo).toMatchObject({ status: 'found', market: 'kalshi:KXNEWPOPE-70-PPAR' });
    expect(heard.filter((h) => h.endsWith('none'))).toEqual([]);
    // the last venue finding nothing too: that "nothing" is the answer
    joined.sync.goTo(word);
    const p2 = stacks[1]!.store.getState();
    p2.setGoTo({ ...p2.goTo!, status: 'none', message: 'Nothing found.' });
    const k2 = stacks[0]!.store.getState();
    k2.setGoTo({ ...k2.goTo!, status: 'none', message: 'Nothing found for kxnewpope-70-ppar.' });
    expect(joined.store.getState().goTo).toMatchObject({ status: 'none', seq: 2 });
  });

  it('narrowed to one venue, a link found on another shows every venue again; found on the one shown, stays', () => {
    const { joined, stacks, calls } = venues();
    // as src/sync/goTo.ts does: the lookup says "looking" at once, under its own count
    for (const s of stacks) {
      const inner = s.sync.goTo.bind(s.sync);
      let seq = 0;
      s.sync.goTo = (t) => {
        const r = inner(t);
        if (r.ok) s.store.getState().setGoTo({ seq: ++seq, understood: 'x', status: 'looking' });
        return r;
      };
    }
    const found = (i: number, market: string) => {
      const st = stacks[i]!.store.getState();
      st.setGoTo({ ...st.goTo!, status: 'found', market });
    };
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    joined.sync.show('closing');
    joined.sync.goTo(parseTarget('polymarket:2'));
    found(1, 'polymarket:2');
    // it said "→ Market polymarket:2" while the list and the detail stayed on Kalshi's rows alone
    expect(joined.store.getState().venueFilter).toBeUndefined();
    // and Polymarket, shown again, is told the view shown while it was hidden (it kept fetching markets)
    expect(calls.polymarket.filter((c) => c.startsWith('show'))).toEqual(['show closing']);
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    joined.sync.goTo(parseTarget('kalshi:K2'));
    found(0, 'kalshi:K2');
    expect(joined.store.getState().venueFilter).toBe('kalshi');
  });

  it("narrowed to one venue, closing soon is that venue's own answer, which another venue's answers leave", () => {
    const { joined, stacks } = venues();
    stacks[0]!.store.getState().closingLoaded([mkt('kalshi:K2', 1_000)], 20);
    stacks[1]!.store.getState().closingLoaded([mkt('polymarket:1', 2_000)], 20);
    joined.sync.cycleVenue!(); // Kalshi alone
    const before = joined.store.getState().closing;
    expect(before).toBe(stacks[0]!.store.getState().closing);
    stacks[1]!.store.getState().listLoaded([mkt('polymarket:3', 500)], 30);
    expect(joined.store.getState().markets['polymarket:3']).toBeDefined();
    expect(joined.store.getState().closing).toBe(before);
    expect(before.ids).toEqual(['kalshi:K2']);
  });

  it('v hiding the venue of the open event closes it there: its rows left the screen, and nothing polls it', () => {
    const { joined, stacks, calls } = venues();
    stacks[1]!.sync.openEvent = (id) => (
      calls.polymarket.push(`openEvent ${id}`),
      stacks[1]!.store.getState().openEvent(id)
    );
    joined.sync.show('events');
    joined.sync.openEvent('polymarket:e1');
    expect(joined.store.getState().events.openId).toBe('polymarket:e1');
    expect(joined.sync.cycleVenue!()).toBe('kalshi');
    // it said "Showing Kalshi only" over Polymarket's event, whose event, detail and book were still polled
    expect(joined.store.getState().events.openId).toBeUndefined();
    expect(calls.polymarket.at(-1)).toBe('openEvent undefined');
  });
});
