/**
 * `a` on a market that has ended: a resolved one takes no alert (said on `a`, no form); a closed or settling one takes
 * only its status alert (the form opens on it; a price or move kind says why not as soon as it is chosen, and ⏎ sets
 * nothing); a market that resolves while the form is open is refused on ⏎ (docs/watcher.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { KEYS, press, waitForFrame } from '../../test/support/wait.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
});

/** The alert form's lines: from its title to its hint or problem line. */
function form(f: string): string {
  const lines = f.split('\n');
  const i = lines.findIndex((l) => l.startsWith('◆ Alert'));
  return i < 0 ? '' : lines.slice(i, i + 6).join('\n');
}

describe('an alert on a market that has ended', () => {
  it('a resolved market: a says why and opens no form; nothing is set', async () => {
    h = renderApp({ markets: [makeMarket(1, { status: 'resolved', resolvedOutcome: 'No' }), makeMarket(2)] });
    await waitForFrame(h.term, 'Market number 1');
    const f = await press(h.term, 'a');
    expect(f).toContain('» “Market number 1” is resolved (No): nothing on it changes any more, so no alert is set');
    expect(form(f)).toBe('');
    expect(h.store.getState().alerts.rules).toEqual([]);
  });

  it('a closed market: the form opens on its status alert; a price kind says why at once, ⏎ sets none', async () => {
    h = renderApp({ markets: [makeMarket(1, { status: 'closed' }), makeMarket(2)] });
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, 'a');
    expect(form(f)).toMatch(/▸ Alert on +‹ any status change ›/);
    // it fires at each change, not "once per crossing": a status has no level to cross
    expect(form(f)).toContain('⏎ sets it · Esc closes · fires at each status change');
    expect(form(f)).not.toContain('once per crossing');
    // ←/→ to a price: the reason shows before ⏎
    f = await press(h.term, KEYS.left);
    expect(form(f)).toContain('a move of at least');
    expect(form(f)).toContain(
      '“Market number 1” is closed: its price no longer trades; a status alert tells the result',
    );
    f = await press(h.term, [KEYS.down, KEYS.down, '5', KEYS.enter]);
    expect(form(f)).toContain('is closed: its price no longer trades');
    expect(h.store.getState().alerts.rules).toEqual([]);
    // back to the status alert: taken
    f = await press(h.term, [KEYS.up, KEYS.up, KEYS.right]);
    expect(form(f)).toContain('‹ any status change ›');
    f = await press(h.term, KEYS.enter);
    expect(f).toContain('Alert set on “Market number 1”');
    expect(h.store.getState().alerts.rules).toMatchObject([{ marketId: 'm1', kind: 'status' }]);
  });

  it('a market that resolves while the form is open: ⏎ says why and sets nothing', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    let f = await press(h.term, ['a', '7', '0']);
    expect(form(f)).toMatch(/Alert on +price at or above/);
    h.store.getState().marketLoaded(makeMarket(1, { status: 'resolved', resolvedOutcome: 'Yes' }), h.clock.now());
    f = await press(h.term, KEYS.enter);
    expect(form(f)).toContain('“Market number 1” is resolved (Yes): nothing on it changes any more');
    expect(h.store.getState().alerts.rules).toEqual([]);
  });
});
