/**
 * A failed write of pairs.json is said on the notice line, as the watchlist's, the alerts' and paper.json's are (it
 * was said only in the Across view's problem list: gone from sight on Markets). Markets: the recorded Fed decision
 * markets (test/support/acrossBoard.tsx).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bookOf, startAcrossBoard } from '../../../test/support/acrossBoard.js';
import type { TestTerminal } from '../../../test/support/terminal.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { PAIRS_FILE } from '../../pairs/decisions.js';
import { SAVE_DEBOUNCE_MS } from './decisionsFile.js';

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

describe('pairs.json that cannot be written', () => {
  it('is said on the notice line, seen from Markets too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-save-failed-'));
    const b = startAcrossBoard(dir, { book: bookOf({ bid: 0.6, ask: 0.62 }, { bid: 0.8, ask: 0.82 }) });
    term = b.term;
    await waitForFrame(term, 'Fed');
    await press(term, 'P');
    b.answer();
    await waitForFrame(term, '? same');
    // a directory in its place since the board started: the write's rename over it fails
    mkdirSync(join(dir, PAIRS_FILE));
    await press(term, 'y');
    await waitForFrame(term, 'Pair confirmed');
    b.clock.advance(SAVE_DEBOUNCE_MS);
    await waitForFrame(term, () => b.desk.store.getState().problems.some((p) => p.includes(PAIRS_FILE)));
    await press(term, '1');
    const f = await waitForFrame(term, (x) => x.includes('◆ Markets') && /Could not save .*pairs\.json/.test(x));
    expect(f).toContain(PAIRS_FILE);
    b.desk.stop();
    b.joined.dispose();
  });
});
