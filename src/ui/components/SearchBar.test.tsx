import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { KEYS, press, waitFor, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('search', () => {
  it('typing /foo⏎ asks sync to search for "foo" from the first page', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, ['/', 'f', 'o', 'o']);
    await waitForFrame(h.term, '/ foo');
    const sync = h.sync;
    await press(h.term, KEYS.enter, () => sync.searches.length === 1);
    expect(sync.searches).toEqual([{ q: 'foo', offset: 0 }]);
    await waitForFrame(h.term, (f) => !f.includes('/ foo'));
  });

  it('types q and other command letters as text, edits, and Esc cancels without searching', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, ['/', 'q', 's', 'f', 'x', KEYS.backspace]);
    await waitForFrame(h.term, '/ qsf');
    expect(h.quits).toEqual([]);
    await press(h.term, KEYS.paste('bar\nbaz'));
    await waitForFrame(h.term, '/ qsfbar baz');
    await press(h.term, KEYS.esc);
    expect(h.sync.searches).toEqual([]);
    expect(h.term.lastFrame()).not.toContain('qsf');
  });

  it('still quits on Ctrl-C while typing', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, ['/', 'a']);
    h.term.write(KEYS.ctrlC);
    const quits = h.quits;
    await waitFor(() => quits.length === 1, 'quit');
    await h.term.instance.waitUntilExit();
  });

  it('starts from the current query, so a search can be edited', async () => {
    h = renderApp({ prepare: (store) => store.getState().setQuery({ q: 'elect' }) });
    const f = await waitForFrame(h.term, 'search “elect”');
    expect(f).toContain('Markets');
    await press(h.term, ['/', 'i', 'o', 'n']);
    await press(h.term, KEYS.enter, () => h!.sync.searches.length === 1);
    expect(h.sync.searches[0]).toEqual({ q: 'election', offset: 0 });
  });
});
