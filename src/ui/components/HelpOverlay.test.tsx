import { afterEach, describe, expect, it } from 'vitest';
import { KEY_BINDINGS } from '../key/keyBindings.js';
import { renderApp, type Harness } from '../testing/fixtures.js';
import { KEYS, press, waitForFrame } from '../testing/wait.js';
import { helpLines } from './HelpOverlay.js';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

describe('help overlay', () => {
  it('lists every command of the key registry', () => {
    const text = helpLines()
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n');
    for (const b of Object.values(KEY_BINDINGS)) expect(text).toContain(b.help);
  });

  it('opens with ? and closes with Esc or ?', async () => {
    h = renderApp({ columns: 160, rows: 50 });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, '?');
    expect(f).toContain('Keys');
    expect(f).toContain('Cycle sort: volume, newest, closing, liquidity');
    expect(f).toContain('Quit, everywhere');
    expect(f).not.toContain('Market number 1');
    f = await press(h.term, KEYS.esc);
    expect(f).toContain('Market number 1');
    await press(h.term, '?');
    f = await press(h.term, '?');
    expect(f).not.toContain('Cycle sort');
    expect(h.quits).toEqual([]);
  });
});

describe('help overlay on a small terminal', () => {
  it('scrolls with ↓ and PgDn so the last keys can be read', async () => {
    h = renderApp({ columns: 80, rows: 24 });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, '?');
    expect(f).toContain('more (↓/PgDn)');
    expect(f).not.toContain('Quit, everywhere');
    f = await press(h.term, KEYS.pageDown);
    expect(f).toContain('Quit, everywhere');
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
    f = await press(h.term, 'k');
    expect(f).not.toContain('Keys  (Esc');
  });
});
