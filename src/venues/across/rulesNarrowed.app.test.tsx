/** The rules pane of a pair (⏎ in Across) stays open on that pair while `v` narrows the board and shows it again. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { askCandidates, bookOf, confirmPair, startAcrossBoard } from '../../../test/support/acrossBoard.js';
import type { TestTerminal } from '../../../test/support/terminal.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

describe('the rules pane and v', () => {
  it('narrowed to either venue of the pair, its rules stay open (were closed on the venue of leg b)', async () => {
    const b = startAcrossBoard(mkdtempSync(join(tmpdir(), 'oddsboard-across-rules-v-')), {
      book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }),
    });
    term = b.term;
    await askCandidates(b, '? same');
    await confirmPair(b);
    await waitForFrame(term, '✓ same');
    await press(term, '\r');
    await waitForFrame(term, '◆ Rules');
    const rulesAfterV = async (venue: string | undefined) => {
      await press(term!, 'v', () => b.joined.store.getState().venueFilter === venue);
      const f = await waitForFrame(term!, (x) => x.includes('◆ Rules'));
      expect(f).toContain('= fed rate change (bps): no change');
    };
    // opened with every venue shown (on the Kalshi leg's row), then Kalshi alone, Polymarket alone, every venue
    for (const venue of ['kalshi', 'polymarket', undefined]) await rulesAfterV(venue);
    // opened on Polymarket alone (the Polymarket leg's row), then every venue shown again
    await press(term, '\u001b');
    await press(term, 'v', () => b.joined.store.getState().venueFilter === 'kalshi');
    await press(term, 'v', () => b.joined.store.getState().venueFilter === 'polymarket');
    await press(term, '\r');
    await waitForFrame(term, '◆ Rules');
    await rulesAfterV(undefined);
    b.desk.stop();
    b.joined.dispose();
  });
});
