/**
 * Across narrowed with `v` to the venue of the market `P` asked about: each of its candidates is still a row (they
 * had collapsed into one, the cursor and the selection working by market id, and every candidate's leg on the venue
 * shown being that one market). Markets: the recorded Fed decision markets (test/support/acrossBoard.tsx).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askCandidates, bookOf, H0, JULY, SAME, startAcrossBoard } from '../../../test/support/acrossBoard.js';
import { parseRefKey } from '../../venue/ref.js';
import type { TestTerminal } from '../../../test/support/terminal.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let term: TestTerminal | undefined;
afterEach(() => {
  term?.unmount();
  vi.restoreAllMocks();
});

const rowsIn = (f: string) => f.split('\n').filter((l) => /^[▸ ] K P [?✓]/.test(l));

describe('Across narrowed to the venue of the market asked about', () => {
  it('lists each candidate pair, told apart by the other leg, and y/n/⏎ act on the row under the cursor', async () => {
    const b = startAcrossBoard(mkdtempSync(join(tmpdir(), 'oddsboard-across-narrowed-cands-')), {
      book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }),
    });
    term = b.term;
    // React's word for two rows drawn under one key (one market's): rows then duplicated or left out
    const errors = vi.spyOn(console, 'error');
    await askCandidates(b, '? related');
    await press(term, 'v', () => b.joined.store.getState().venueFilter === 'kalshi');
    let f = await waitForFrame(term, (x) => x.includes('Showing Kalshi only') && x.includes('◆ Across'));
    // both pairs, each titled by its Polymarket candidate (their shared words cut to …): one row each
    const rows = rowsIn(f);
    expect(rows).toHaveLength(2);
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([]);
    expect(rows[0]).toMatch(/^▸ K P \? same.*⇄ …September 2026 meeting\?/);
    expect(rows[1]).toMatch(/^ {2}K P \? related.*⇄ …July 2026 meeting\?/);
    // the market selected is the Kalshi leg of either row (Polymarket, hidden, polls none)
    expect(b.joined.store.getState().selectedId).toBe(H0);
    await press(term, 'j');
    await waitForFrame(term, (x) => rowsIn(x)[1]?.startsWith('▸') === true);
    expect(b.joined.store.getState().selectedId).toBe(H0);
    // ⏎ opens the second pair's rules (July), not the first's
    await press(term, '\r');
    f = await waitForFrame(term, '◆ Rules');
    expect(f).toContain('July');
    await press(term, '\u001b');
    await waitForFrame(term, '◆ Across');
    // n rejects the pair under the cursor (July's), not the first
    await press(term, 'n');
    await waitForFrame(term, 'never proposed again');
    const decisions = b.desk.store.getState().decisions;
    expect(decisions.decided(parseRefKey(H0)!, parseRefKey(JULY)!)).toBe('rejected');
    expect(decisions.decided(parseRefKey(H0)!, parseRefKey(SAME)!)).toBeUndefined();
    b.desk.stop();
    b.joined.dispose();
  });

  it('searching, then finding nothing, says what every venue shown says (was "no pair with …")', async () => {
    const b = startAcrossBoard(mkdtempSync(join(tmpdir(), 'oddsboard-across-narrowed-none-')), {
      book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }),
    });
    term = b.term;
    await waitForFrame(term, 'Fed');
    await press(term, 'v', () => b.joined.store.getState().venueFilter === 'kalshi');
    await press(term, 'P');
    let f = await waitForFrame(term, 'Searching Polymarket for "fed": candidates of “Fed maintains');
    expect(b.joined.store.getState().venueFilter).toBe('kalshi');
    expect(f).not.toContain('No pair with a leg');
    for (const r of b.extras.splice(0)) r.answered([], b.clock.now());
    f = await waitForFrame(term, 'No candidates on the other venues (searched for "fed") for “Fed maintains');
    expect(f).not.toContain('No pair with a leg');
    // and why, with how to pair it by hand (the recorded H0 closed on 2026-09-16)
    expect(f.replace(/\s*│?\n│?\s*/g, ' ')).toContain('This market passed its close time on 2026-09-16');
    b.desk.stop();
    b.joined.dispose();
  });
});
