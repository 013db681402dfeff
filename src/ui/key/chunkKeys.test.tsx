import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitFor, waitForFrame } from '../../../test/support/wait.js';

/** Several keys in ONE stdin chunk, as tmux send-keys, fast typing or key repeat over ssh deliver them. */
let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('keys arriving in one chunk', () => {
  it('"jj" moves twice and "kkk" three times back (clamped at the top)', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, 'jj');
    expect(h.store.getState().selectedId).toBe('m3');
    await press(h.term, 'kkk');
    expect(h.store.getState().selectedId).toBe('m1');
  });

  it('"\\r\\r" opens the detail and then the quote form with the amount field focused', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, 'j\r\r');
    const f = await waitForFrame(h.term, '◆ Quote');
    expect(f).toContain('▸ Amount');
    expect(h.store.getState().selectedId).toBe('m2');
    const sync = h.sync;
    await press(h.term, '25', () => sync.quotes.length > 0);
    expect(sync.quotes.at(-1)).toEqual({ marketId: 'm2', form: { outcome: 'Yes', amount: '25', action: 'buy' } });
  });

  it('types a chunk into the amount field as text, and a trailing Enter asks again', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, [KEYS.enter, KEYS.enter]);
    const sync = h.sync;
    await press(h.term, '1q', () => h!.term.lastFrame().includes('1q'));
    expect(h.quits).toEqual([]); // q is text here, not quit
    await press(h.term, KEYS.ctrlU);
    await press(h.term, '40\r', () => sync.quotes.filter((q) => q.form.amount === '40').length === 2);
    expect(sync.quotes.map((q) => q.form.amount)).toEqual(['40', '40']);
  });

  it('"/foo\\r" opens the search box, types foo and sends it; the rest of the chunk is never a command', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    const sync = h.sync;
    h.term.write('/foo\r');
    await waitFor(() => sync.searches.length === 1, 'a search');
    expect(sync.searches).toEqual([{ q: 'foo', offset: 0 }]);
    await press(h.term, '/'); // opens on the current query, "foo"
    await press(h.term, KEYS.ctrlU);
    h.term.write('a\rq\r'); // a pasted two-line text without bracketed paste
    await waitFor(() => sync.searches.length === 2, 'a second search');
    expect(sync.searches[1]).toEqual({ q: 'a q', offset: 0 });
    expect(h.quits).toEqual([]);
  });

  it('leaves escape sequences and bracketed paste whole', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, KEYS.down + KEYS.down);
    expect(h.store.getState().selectedId).toBe('m3');
    await press(h.term, '/');
    await press(h.term, KEYS.paste('jjq\r'));
    await waitForFrame(h.term, '/ jjq');
    expect(h.store.getState().selectedId).toBe('m3');
    expect(h.quits).toEqual([]);
  });

  it(
    '⏎ then / before React draws again: the search is sent and the box opens anew, "/" never typed into the old ' +
      'one',
    async () => {
      h = renderApp();
      await waitForFrame(h.term, 'Market number 1');
      const sync = h.sync;
      await press(h.term, '/');
      await press(h.term, 'dota');
      h.term.write('\r/'); // one read, as tmux send-keys Enter / can deliver it
      await waitFor(() => sync.searches.length === 1, 'the first search');
      // the box opened anew on the query just sent ("/ dota"), with no "/" typed into the old one ("/ dota /")
      await waitForFrame(h.term, (f) => /^\/ dota +⏎ search · Esc cancel/m.test(f) && f.includes('search “dota”'));
      await press(h.term, KEYS.ctrlU);
      h.term.write('\r'); // two reads with no render between them
      h.term.write('/');
      await waitFor(() => sync.searches.length === 2, 'the second search');
      await press(h.term, 'rihanna\r', () => sync.searches.length === 3);
      expect(sync.searches.map((s) => s.q)).toEqual(['dota', '', 'rihanna']);
      expect(h.term.lastFrame()).not.toContain('⏎ search · Esc cancel');
    },
  );
});
