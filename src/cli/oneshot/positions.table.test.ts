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
    /** A venue's header and its one row (the wallet may be on a line of its own before them). */
    const rows = (lines: string[], venue: string) => {
      const from = lines.findIndex((l) => l.startsWith(`Positions · ${venue}`));
      const at = lines.findIndex((l, i) => i > from && l.startsWith('OUTCOME'));
      return [lines[at]!, lines[at + 1]!] as const;
    };
    const piped = await table();
    expect(widest(piped)).toBeLessThanOrEqual(80);
    // every figure's right edge under its heading's, the market's title where MARKET starts
    const [head, row] = rows(piped, 'Polymarket');
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
    const [head60, row60] = rows(sixty, 'Polymarket');
    expect(head60).toMatch(/^OUTCOME +PRICE +VALUE +P&L MARKET$/);
    expect(row60.slice(head60.indexOf('MARKET') - 1)).toMatch(/^ Timberwolv…$/);
    // at 40 the wallet (42 characters) cannot fit even alone: it is the one line printed whole, longer than the width
    const forty = await table(40);
    expect(widest(forty.filter((l) => l !== EE61))).toBeLessThanOrEqual(40);
    expect(forty).toContain(EE61);
  });

  it('a narrow terminal moves the wallet and the totals to the next line, never cutting one', async () => {
    const poly = await replay('polymarket', join(root, 'test/fixtures/real/polymarket'));
    const argv = ['--source', 'polymarket', '--base-url', poly, '--polymarket-wallet', EE61];
    const whole = await run(argv, {}, undefined, 100);
    expect(whole.out).toContain(`Positions · Polymarket · ${EE61}\n`);
    // the realized P&L is the Data API row's realizedPnl (2401.2866), apart from the P&L of what is held
    expect(whole.out).toContain(
      'Total USDC: value 14,181.80 USDC · cost 7,648.34 USDC · P&L +6,533.46 USDC · realized +2,401.29 USDC\n',
    );
    const r = await run(argv, {}, undefined, 60);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => displayWidth(l)))).toBeLessThanOrEqual(60);
    // the heading, then the wallet whole on its own line (it was cut at 60: "0xee613b3fc183ee44f9da9c05f53e2da1…")
    expect(lines.slice(0, 2)).toEqual(['Positions · Polymarket', `  ${EE61}`]);
    // the totals wrapped at their separators (the P&L was cut at 60: "P&L…")
    const at = lines.findIndex((l) => l.startsWith('Total USDC'));
    expect(lines.slice(at, at + 2)).toEqual([
      'Total USDC: value 14,181.80 USDC · cost 7,648.34 USDC',
      '  P&L +6,533.46 USDC · realized +2,401.29 USDC',
    ]);
    expect(r.out).toContain("Polymarket reports the positions' value as 82,537.42");
  });
  it('nothing kept on the interface is an empty answer, exit 0, as an empty watchlist is', async () => {
    // it was a usage error, exit 2: a script could not tell "none yet" from a mistake
    const r = await run([]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(
      "Positions · The interface\nNo paper positions kept yet (p in the dashboard quote form keeps one); a venue's\n" +
        'own positions: --source polymarket | kalshi | manifold\n',
    );
    expect(r.err).not.toMatch(/paper positions/); // stdout says it, as watch's empty list does
    const json = await run(['--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out).data).toMatchObject({ positions: [], totals: [] });
  });
});
