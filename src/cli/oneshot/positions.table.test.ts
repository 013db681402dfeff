import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../../test/support/oneShot.js';
import { EE61, positionsOneShot } from '../../../test/support/positionsOneShot.js';
import { displayWidth } from '../../ui/format.js';

/** `oddsboard positions` as a table, on Polymarket's and Manifold's replays: every line within the width. */
const { replay, run } = positionsOneShot();

describe('oddsboard positions, the table', () => {
  it('the table fits the width, piped (80) as on a narrower terminal, its columns under their headings', async () => {
    const poly = await replay('polymarket', join(root, 'test/fixtures/real/polymarket'));
    const mani = await replay('manifold', join(root, 'test/fixtures/real/manifold'));
    const argv = ['--source', 'polymarket,manifold', '--base-url', `polymarket=${poly}`, '--base-url'];
    const who = [`manifold=${mani}`, '--polymarket-wallet', EE61, '--manifold-user', 'LucasGoldfein56b1'];
    const table = async (columns?: number) => {
      const r = await run([...argv, ...who], {}, undefined, columns);
      expect(r.code, r.err).toBe(0);
      return r.out.trimEnd().split('\n');
    };
    const widest = (lines: string[]) => Math.max(...lines.map((l) => displayWidth(l)));
    /** A venue's heading and its one row. */
    const rows = (lines: string[], venue: string) => {
      const at = lines.findIndex((l) => l.startsWith(`Positions · ${venue}`));
      return [lines[at + 1]!, lines[at + 2]!] as const;
    };
    const piped = await table();
    expect(widest(piped)).toBeLessThanOrEqual(80);
    // every figure's right edge under its heading's, the market's title where MARKET starts
    const [head, row] = rows(piped, 'polymarket');
    const figures: [string, string][] = [
      ['VALUE', '14,181.80 USDC'],
      ['P&L', '+6,533.46 USDC'],
      ['P&L%', '+85.4%'],
      ['PRICE', '67.5¢'],
      ['AVG', '36.4¢'],
      ['SHARES', '21,010.07'],
    ];
    for (const [name, figure] of figures)
      expect(row.indexOf(figure) + figure.length, name).toBe(head.indexOf(` ${name} `) + name.length + 1);
    expect(row.slice(head.indexOf('MARKET') - 1)).toMatch(/^ Timberw/);
    expect(head).toMatch(/^OUTCOME +SHARES +AVG +PRICE +VALUE +P&L +P&L% MARKET$/);
    // narrower: figures left out (AVG, then SHARES, then P&L%) before the title gets shorter than 8; never wider
    const sixty = await table(60);
    expect(widest(sixty)).toBeLessThanOrEqual(60);
    const [head60, row60] = rows(sixty, 'polymarket');
    expect(head60).toMatch(/^OUTCOME +PRICE +VALUE +P&L MARKET$/);
    expect(row60.slice(head60.indexOf('MARKET') - 1)).toMatch(/^ Timberwolv…$/);
    expect(widest(await table(40))).toBeLessThanOrEqual(40);
  });
});
