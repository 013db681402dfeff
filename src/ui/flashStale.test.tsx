/**
 * A key that changes what the list shows replaces a message left by an earlier key: `s`'s "sorts nothing" was still
 * on the notice line after `f` had changed the status, read as if about the new list.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { renderApp, type Harness } from '../../test/support/fixtures.js';
import { press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

const SORT_NONE = 'sorts nothing server-side';

describe('a stale message after a key that changes the view', () => {
  it('f replaces s\'s "sorts nothing" (the list now filtered by status)', async () => {
    h = renderApp({ caps: KALSHI_CAPS });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, 's');
    await waitForFrame(h.term, SORT_NONE);
    await press(h.term, 'f');
    const f = await waitForFrame(h.term, (s) => !s.includes(SORT_NONE));
    expect(h.sync.searches.at(-1)).toMatchObject({ status: KALSHI_CAPS.statuses[1] });
    // the notice line is f's own now: the status it shows (src/ui/key/statusSaid.test.tsx)
    expect(f).toMatch(new RegExp(`» Status: ${KALSHI_CAPS.statuses[1]} \\(f: the next\\)`));
    expect(f.match(/»/g)).toHaveLength(1);
  });

  it('a view switch and c replace it too', async () => {
    h = renderApp({ caps: KALSHI_CAPS });
    await waitForFrame(h.term, 'Market number 1');
    for (const key of ['2', 'c']) {
      await press(h.term, 's');
      await waitForFrame(h.term, SORT_NONE);
      await press(h.term, key);
      await waitForFrame(h.term, (s) => !s.includes(SORT_NONE));
    }
  });
});
