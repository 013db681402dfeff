import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneShotService, valid } from '../../../test/support/oneShot.js';

/**
 * The order `quote` judges its input in: every flag that needs no answer (the amount, the action) before anything is
 * sent; an empty `--outcome`, which names the market's own outcomes, once the market is read — so a market that is
 * not there is said (4) before its outcome is judged.
 */
const service = oneShotService();
const { run, visible } = service;
// no ledger was touched: no request was sent (commands.test.ts reads "nothing sent" the same way)
const sentNothing = (stateHome: string) => !existsSync(join(stateHome, 'oddsboard'));

describe('quote: what is judged before anything is sent', () => {
  it('an unknown market with an empty --outcome is not found (4), not a bad outcome (2)', async () => {
    const r = await run(['quote', 'no-such-market', '--outcome', '', '--amount', '5', '--json']);
    expect(r.code).toBe(4);
    const doc = JSON.parse(r.out);
    valid(doc);
    expect(doc.error).toMatchObject({ code: 'NOT_FOUND', exit: 4 });
  });

  it('a bad --amount beside an empty --outcome is a usage error with nothing sent (it was read first)', async () => {
    const m = visible('active');
    for (const [amount, said] of [
      ['-5', '--amount: amount must be greater than 0'],
      ['1,000', '--amount: amount takes no separators: write 1000'],
      ['abc', '--amount: amount must be a number'],
    ] as const) {
      for (const id of [m.id, 'no-such-market']) {
        const r = await run(['quote', id, '--outcome', '', '--amount', amount]);
        expect(r, `${id} --amount ${amount}`).toMatchObject({ code: 2, err: `oddsboard quote: ${said}\n` });
        expect(sentNothing(r.stateHome)).toBe(true);
      }
    }
  });

  it('a bad --action beside an empty --outcome is a usage error with nothing sent', async () => {
    const r = await run(['quote', visible('active').id, '--outcome', ' ', '--amount', '5', '--action', 'hold']);
    expect(r).toMatchObject({ code: 2, err: 'oddsboard quote: --action: action must be "buy" or "sell"\n' });
    expect(sentNothing(r.stateHome)).toBe(true);
  });

  it('with the amount and action good, an empty --outcome still reads the market to name its outcomes', async () => {
    const m = visible('active');
    const r = await run(['quote', m.id, '--outcome', '', '--amount', '5', '--action', 'sell']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `oddsboard quote: --outcome: give an outcome of the market by name or id, one of: ${m.outcomes
        .map((o) => o.name)
        .join(', ')}\n`,
    );
    expect(sentNothing(r.stateHome)).toBe(false);
  });
});
