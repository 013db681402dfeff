import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('Across with nothing to list', () => {
  it('one venue, 60 columns: what to start with is wrapped, whole (was cut at “--source kalshi,…”)', async () => {
    h = renderApp({ columns: 60, rows: 20 });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, '7');
    const f = await waitForFrame(h.term, '◆ Across 0');
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.startsWith('◆ Across 0'));
    expect(lines.slice(at + 1, at + 3)).toEqual([
      '  Pairs need several venues: start with --source',
      '  kalshi,polymarket (or all).',
    ]);
  });
});
