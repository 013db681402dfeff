/**
 * The Across view's rows at 80 and 200 columns: every row, not only the cursor's, says which candidate it is (the other
 * leg's title, cut) and its first no-edge reason (cut to fit), where the reason and the title were dropped whole.
 * Markets: the recorded Fed decision markets (test/fixtures/real/pairs/, SOURCES.md), no book answered.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { askCandidates, startAcrossBoard } from '../../../test/support/acrossBoard.js';
import type { TestTerminal } from '../../../test/support/terminal.js';
import { press, waitForFrame } from '../../../test/support/wait.js';

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

/** The Across view after `P` on Kalshi's H0 (two candidates, no book), in a `columns` × `rows` terminal. */
async function acrossFrame(columns: number, rows = 30): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-width-'));
  const b = startAcrossBoard(dir, {
    book: () => ({ marketId: '', outcome: 'Yes', bids: [], asks: [], raw: {} }),
    columns,
    rows,
  });
  b.books(false);
  term = b.term;
  const f = await askCandidates(b, 'gap');
  b.desk.stop();
  b.joined.dispose();
  return f;
}

async function acrossRows(columns: number): Promise<string[]> {
  const f = await acrossFrame(columns);
  const rows = f.split('\n').filter((l) => /\? (same|related)/.test(l));
  expect(rows).toHaveLength(2);
  return rows;
}

describe('the Across rows at 80, 100 and 200 columns', () => {
  it('80 columns: each row, the cursor’s and the others, names its candidate and says it has no edge', async () => {
    const [same, july] = await acrossRows(80);
    // the words both titles begin with ("Will there be no change in Fed interest rates after the") are left out
    expect(same).toMatch(/\? same 95% .* · no edge:.*…Sept/);
    expect(july).toMatch(/\? related 90% .* · no edge:.*…July/);
  });

  it('100 columns (the list 58 wide, the detail beside it): each row still says it has no edge', async () => {
    for (const row of await acrossRows(100)) {
      expect(row).toMatch(/gap 2\.\d¢ · no edge/);
      expect(row).not.toMatch(/no edge…|no e…/);
    }
  });

  it('200 columns: each row with its first no-edge reason and the candidate’s own title', async () => {
    const [same, july] = await acrossRows(200);
    expect(same).toMatch(
      /\? same \(unconfirmed\) 95% .* · no edge: no order book from Kalshi +…September 2026 meeting\?/,
    );
    // the related one: what differs (the reason said shorter than "not the same contract (related): …"), title whole
    expect(july).toMatch(
      /\? related \(unconfirmed\) 90% .* · no edge: date 2026-09-16 vs 2026-07 +…July 2026 meeting\?/,
    );
  });

  it('under the list, every reason there is no edge, wrapped, not cut after the matcher’s reasons', async () => {
    const f = await acrossFrame(80);
    const under = f.split('\n').filter((l) => /^ {2}(no edge|why|up|order)/.test(l));
    expect(under.join(' ')).toContain('no edge: no order book from Kalshi; no order book from Polymarket');
    expect(under.some((l) => l.startsWith('  why: about fed'))).toBe(true);
  });

  it('60×16: the pane holds fewer rows than the board pages by; the cursor’s row is still drawn', async () => {
    await acrossFrame(60, 16);
    await press(term!, 'j');
    const f = await waitForFrame(term!, (x) => /▸ K P \? related/.test(x));
    expect(f).toContain('Across 2–2 of 2');
  });
});
