import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../../sources/caps.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { market } from '../../../test/support/markets.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { plural } from './browse.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const failed = { kind: 'not_found', status: 404, code: 'HTTP_404', message: 'Not found.', at: 0 } as const;

describe('c when the source’s groupings could not be fetched', () => {
  it('says so in the source’s word, and sends nothing when there is nothing to cycle', async () => {
    h = renderApp({
      markets: [market('m1'), market('m2')],
      prepare: (store) => {
        store.setState({ caps: { ...PUBLIC_CAPS, categoryWord: 'tag' } });
        store.getState().categoriesFailed(failed);
      },
    });
    await waitForFrame(h.term, 'Market m1');
    h.term.write('c');
    await waitForFrame(h.term, 'tags unavailable (HTTP 404)');
    expect(h.sync.searches).toEqual([]);
  });

  it('still cycles the categories seen in answers, after saying so', async () => {
    h = renderApp({
      markets: [makeMarket(1), makeMarket(2)],
      prepare: (store) => store.getState().categoriesFailed({ ...failed, kind: 'server', status: 500 }),
    });
    await waitForFrame(h.term, 'Market number 1');
    h.term.write('c');
    await waitForFrame(h.term, 'categories unavailable (HTTP 500)');
    expect(h.sync.searches).toEqual([{ category: 'politics', offset: 0 }]);
  });

  it('once they arrive, c cycles them and says nothing of the failure', async () => {
    h = renderApp({
      markets: [market('m1')],
      prepare: (store) => {
        store.getState().categoriesFailed(failed);
        store.getState().categoriesLoaded([{ id: 't1', label: 'Tee' }]);
      },
    });
    await waitForFrame(h.term, 'Market m1');
    h.term.write('c');
    await waitForFrame(h.term, 'category Tee');
    expect(h.term.lastFrame()).not.toContain('unavailable');
    expect(h.sync.searches).toEqual([{ category: 't1', offset: 0 }]);
  });

  it('Polymarket: the tags seen are labels, which its tag_id cannot take: says so and sends none of them', async () => {
    // `--chaos 404 --chaos-path /tags`: `c` sent `tag_id=Crypto` and the list emptied ("No markets match this filter")
    h = renderApp({
      markets: [makeMarket(1, { category: 'Crypto' }), makeMarket(2, { category: 'Politics' })],
      prepare: (store) => {
        store.setState({ caps: POLYMARKET_CAPS });
        store.getState().categoriesFailed(failed);
      },
    });
    await waitForFrame(h.term, 'Market number 1');
    expect(h.store.getState().categories).toContain('Crypto');
    h.term.write('c');
    const f = await waitForFrame(h.term, 'tags unavailable (HTTP 404)');
    expect(f).toContain("filters by a tag's id, which only its tags route gives");
    expect(h.sync.searches).toEqual([]);
  });

  it('Polymarket without its tags: c clears a tag set while they were there, and offers no label', async () => {
    h = renderApp({
      markets: [makeMarket(1, { category: 'Crypto' })],
      query: { category: '2' },
      prepare: (store) => {
        store.setState({ caps: POLYMARKET_CAPS });
        store.getState().categoriesFailed(failed);
      },
    });
    await waitForFrame(h.term, 'Market number 1');
    h.term.write('c');
    await waitForFrame(h.term, 'tags unavailable (HTTP 404)');
    expect(h.sync.searches).toEqual([{ category: '', offset: 0 }]);
  });

  it('the words: categories, tags, topics, series', () => {
    expect(['category', 'tag', 'topic', 'series'].map(plural)).toEqual(['categories', 'tags', 'topics', 'series']);
  });
});

describe('r with several venues', () => {
  it('refreshes the venues that may, and names one that may not and when (a 429 not hidden)', async () => {
    h = renderApp({ markets: [makeMarket(1)] });
    await waitForFrame(h.term, 'Market number 1');
    const at = h.clock.now() + 12_000;
    h.sync.refreshNow = () => ({ ok: true, held: [{ venue: 'kalshi', retryAt: at, reason: 'rate_limited' }] });
    h.term.write('r');
    await waitForFrame(h.term, 'Refreshing… · Kalshi: Rate limited: refresh in 12s');
  });
});

describe('h with several venues', () => {
  const board = (markets: ReturnType<typeof market>[]) =>
    renderApp({
      markets,
      prepare: (store) => {
        const { connection, rate } = store.getState();
        const venues = (['polymarket', 'manifold'] as const).map((id) => ({ id, connection, rate }));
        // the joint caps: Manifold publishes no history, so neither do "the venues shown" together
        store.setState({ venues, prefixed: true, caps: { ...PUBLIC_CAPS, history: false } });
      },
    });

  it('on a Manifold market, names Manifold (it said "Not every venue shown publishes no price history")', async () => {
    h = board([market('manifold:m1')]);
    await waitForFrame(h.term, 'Market manifold:m1');
    h.term.write('h');
    const f = await waitForFrame(h.term, 'Manifold publishes no price history here');
    expect(f).not.toContain('Not every venue');
  });

  it('with no market under the cursor, switches the range the venues with a history draw', async () => {
    h = board([]);
    await waitForFrame(h.term, 'Markets');
    h.term.write('h');
    await waitForFrame(h.term, 'Price history: last 7 days');
    expect(h.store.getState().historyRange).toBe('7d');
  });
});
