import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './testing/fixtures.js';
import { waitForFrame } from './testing/terminal.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('App smoke', () => {
  it('renders', async () => {
    h = renderApp();
    const f = await waitForFrame(h.term, 'Market number 1');
    console.log(f);
    expect(f).toContain('KEY …abcd');
  });
});
