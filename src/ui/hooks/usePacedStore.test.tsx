import { afterEach, describe, expect, it } from 'vitest';
import { createOddsStore } from '../../store/store.js';
import { ManualClock } from '../../util/clock.js';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { INTERACTIVE_MS, pacedStore } from './usePacedStore.js';

describe('pacedStore', () => {
  it(
    'announces and shows changes for a while after start and after each key; while idle, only what the tick ' +
      'refreshes',
    () => {
      const clock = new ManualClock();
      const store = createOddsStore({ mode: 'key', limit: 30 });
      const paced = pacedStore(store, clock);
      let calls = 0;
      const off = paced.api.subscribe(() => calls++);
      store.getState().listLoaded([makeMarket(1)], clock.now());
      expect(calls).toBe(1); // just started: drawn at once
      clock.advance(INTERACTIVE_MS);
      store.getState().listLoaded([makeMarket(2)], clock.now());
      expect(calls).toBe(1); // idle: left to the next clock tick
      expect(paced.api.getState().list.ids).toEqual(['m1']); // still what was shown
      paced.refresh(); // the tick
      expect(paced.api.getState().list.ids).toEqual(['m2']);
      store.getState().listLoaded([makeMarket(6)], clock.now());
      paced.touch(); // a key shows the store as it is
      expect(paced.api.getState().list.ids).toEqual(['m6']);
      store.getState().listLoaded([makeMarket(3)], clock.now());
      expect(calls).toBe(2); // a key: drawn at once again
      clock.advance(INTERACTIVE_MS - 1);
      store.getState().listLoaded([makeMarket(4)], clock.now());
      expect(calls).toBe(3);
      off();
      paced.touch();
      store.getState().listLoaded([makeMarket(5)], clock.now());
      expect(calls).toBe(3);
    },
  );
});

describe('paced App', () => {
  let h: Harness | undefined;
  afterEach(() => h?.term.unmount());

  it('shows an answer that came while idle with the next clock tick, and one after a key at once', async () => {
    h = renderApp({ paced: true, columns: 120 });
    await waitForFrame(h.term, 'Market number 1');
    h.clock.advance(INTERACTIVE_MS);
    h.store.getState().listLoaded([makeMarket(1, { title: 'Answer while idle' })], h.clock.now());
    h.clock.advance(1000); // the tick reads the store
    await waitForFrame(h.term, 'Answer while idle');
    h.term.write('j');
    h.store.getState().listLoaded([makeMarket(1, { title: 'Answer after a key' })], h.clock.now());
    await waitForFrame(h.term, 'Answer after a key');
  });
});
