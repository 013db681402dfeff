/**
 * `f` says the status it shows. Found in tmux on `--source all` at 100×30: the list pane's title (58 cells) gave up
 * "· status …" for "by venue, each in its own order", so f cycled the list through three statuses (32, 48 and 14
 * rows) with nothing on screen saying which.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../../sources/caps.js';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('f', () => {
  it('says the status the list now shows, each press', async () => {
    h = renderApp({ columns: 100, rows: 30 });
    await waitForFrame(h.term, 'Market number 1');
    const [first, second] = PUBLIC_CAPS.statuses.slice(1);
    let f = await press(h.term, 'f', () => h!.term.lastFrame().includes(`Status: ${first}`));
    expect(f).toContain(`» Status: ${first} (f: the next)`);
    f = await press(h.term, 'f', () => h!.term.lastFrame().includes(`Status: ${second}`));
    expect(f).not.toContain(`Status: ${first}`);
    expect(h.sync.searches.map((s) => s.status)).toEqual([first, second]);
  });
});
