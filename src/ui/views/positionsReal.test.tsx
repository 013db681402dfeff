/**
 * The Positions view with the person's real positions (as the venue's sync stored them: src/sync/positions.ts): marked
 * real, valued at the board's price when the board has the market (and moving with it), at the reader's own price
 * when not; the venue's total in its currency; a failed reading said in the title while the header stays online.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VenuePositions } from '../../positions/types.js';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { offBoard, onBoard as heldOnBoard } from '../../../test/support/heldPositions.js';
import stringWidth from 'string-width';

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

const yesAt = (yes: number) =>
  makeMarket(1, {
    outcomes: [
      { id: 'y', name: 'Yes', price: yes },
      { id: 'n', name: 'No', price: 1 - yes },
    ],
  });

// 10 Yes of the board's market m1 bought for $4.00; 20 No of a market the board does not show, at the reader's 30¢
const onBoard = heldOnBoard();
const read: VenuePositions = {
  venue: 'public',
  currency: 'USD',
  identity: 'me',
  positions: [onBoard, offBoard],
};

async function shown(columns = 160, rows = 30): Promise<Harness> {
  h = renderApp({
    columns,
    rows,
    markets: [yesAt(0.55)],
    prepare: (store) => store.getState().positionsRead(read, 0, 300_000),
  });
  await waitForFrame(h.term, 'Market number 1');
  await press(h.term, '6', () => h!.term.lastFrame().includes('◆ Positions'));
  return h;
}

describe('Positions view: real positions', () => {
  it('marked real; the board price where the board has the market (and it moves), else the reader’s', async () => {
    const { term, store } = await shown();
    // m1 at the board's 55¢: 10 × 0.55 = 5.50, P&L +1.50 (+37.5%); far-away at the reader's 30¢: 6.00, +1.00 (+20.0%)
    let f = await waitForFrame(term, '+$1.50');
    expect(f).toMatch(/real +Yes .*\$5\.50 +\+\$1\.50 +\+37\.5%/);
    expect(f).toMatch(/far aw.*real +No .*\$6\.00 +\+\$1\.00 +\+20\.0%/);
    // the venue's total in its currency: 11.50, P&L +2.50
    expect(f).toContain('I USD value $11.50 · P&L +$2.50');
    store.getState().listLoaded([yesAt(0.3)], 2);
    // at 30¢: 3.00, −1.00 (−25.0%)
    f = await waitForFrame(term, '−$1.00');
    expect(f).toMatch(/real +Yes .*\$3\.00 +−\$1\.00 +−25\.0%/);
  });

  it('a position whose market is not on the board: the detail says so, not "no market selected"', async () => {
    const { term } = await shown();
    await waitForFrame(term, 'A market far');
    await press(term, 'j', () => /▸ .*A market far/.test(term.lastFrame()));
    const f = await waitForFrame(term, 'not on the board: the venue’s figures');
    expect(f).not.toContain('no market selected');
  });

  it('60×20: the detail says the market is not on the board whole (was “…: its figures are …”)', async () => {
    const { term } = await shown(60, 20);
    await waitForFrame(term, 'A market far');
    await press(term, 'j', () => /▸ .*A market far/.test(term.lastFrame()));
    const f = await waitForFrame(term, 'not on the board');
    const line = f.split('\n').find((l) => l.includes('not on the board'))!;
    expect(line).toMatch(/not on the board: the venue’s figures/);
    expect(line).not.toContain('…');
  });

  it('a failed reading is said in the title, the positions read before kept, the header still online', async () => {
    const { term, store } = await shown();
    const refused = { message: 'Kalshi refused the signature.', status: 401, at: 5 };
    store.getState().positionsFailed('public', 'me', refused, 9);
    const f = await waitForFrame(term, 'positions unavailable (HTTP 401): Kalshi refused');
    expect(f).toMatch(/far aw.*real +No .*\$6\.00/);
    expect(f).toMatch(/● online/);
  });

  it('fits 80×24', async () => {
    const { term } = await shown(80, 24);
    const f = await waitForFrame(term, 'A market far');
    for (const line of f.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
  });

  it('80×24: a note and totals the title cannot hold go under it; the last row still shown when selected', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      ...offBoard,
      ref: { venue: 'public' as const, id: `r${i}` },
    }));
    h = renderApp({
      columns: 80,
      rows: 24,
      markets: [yesAt(0.55)],
      prepare: (store) => {
        store.getState().positionsRead({ ...read, positions: many }, 0, 300_000);
        const refused = { message: 'Kalshi refused the signature of this request.', status: 401, at: 5 };
        store.getState().positionsFailed('public', 'me', refused, 9);
      },
    });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, '6', () => h!.term.lastFrame().includes('◆ Positions'));
    await press(h.term, 'G', () => /◆ Positions \d+–20 of 20/.test(h!.term.lastFrame()));
    const lines = h.term.lastFrame().split('\n');
    const at = lines.findIndex((l) => l.includes('◆ Positions'));
    expect(lines[at + 1]).toMatch(/positions unavailable \(HTTP 401\)/);
    expect(lines.slice(at + 1).join('\n')).toContain('I USD value $120.00 · P&L +$20.00');
    // the range counts only the rows drawn, the last of them the selected one
    const [, from, to] = /Positions (\d+)–(\d+) of 20/.exec(lines[at]!)!;
    const rows = lines.filter((l) => /A market far a.*real/.test(l));
    expect(rows).toHaveLength(Number(to) - Number(from) + 1);
    expect(to).toBe('20');
    expect(lines.find((l) => l.startsWith('▸'))).toMatch(/A market far a/);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(lines.length).toBeLessThanOrEqual(24);
  });

  it('no rows and a failed reading: said once, in the empty line (before: in the title line too)', async () => {
    h = renderApp({
      columns: 160,
      rows: 30,
      markets: [yesAt(0.55)],
      prepare: (store) => {
        const refused = { message: 'Kalshi refused the signature.', status: 401, at: 5 };
        store.getState().positionsFailed('public', 'me', refused, 9);
      },
    });
    await waitForFrame(h.term, 'Market number 1');
    await press(h.term, '6', () => h!.term.lastFrame().includes('◆ Positions'));
    const f = await waitForFrame(h.term, 'Kalshi refused the signature.');
    expect(f.split('positions unavailable (HTTP 401)')).toHaveLength(2);
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.includes('◆ Positions'));
    expect(lines[at]).not.toContain('unavailable');
    expect(lines[at + 1]).toMatch(/positions unavailable \(HTTP 401\): Kalshi refused the signature\./);
  });
});
