/**
 * The readable output of the one-shot commands (table.ts) against the platform replays of the real recordings
 * (test/fixtures/real): a quote that does not fill, an empty book, a price move that adds up, a market that closed,
 * an event of one market.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { root } from '../../../test/support/oneShot.js';
import { loadPlatform } from '../../sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../sources/replay.js';
import type { SourceId } from '../../sources/types.js';
import { displayWidth } from '../../ui/format.js';
import { main } from '../main.js';

const REAL = join(root, 'test/fixtures/real');

const running: RunningSourceReplay[] = [];
const base = { polymarket: '', kalshi: '' };
beforeAll(async () => {
  const start = async (id: Exclude<SourceId, 'public'>, dir: string) => {
    const def = await loadPlatform(id);
    const r = await startSourceReplay({ def, dir });
    running.push(r);
    return r.url + def.replayPrefix;
  };
  base.polymarket = await start('polymarket', join(REAL, 'polymarket'));
  base.kalshi = await start('kalshi', join(REAL, 'kalshi'));
});
afterAll(() => Promise.all(running.map((r) => r.close())));

/** A command on one venue, piped (80 columns) or on a terminal of `columns`; its lines. */
async function run(venue: keyof typeof base, argv: string[], columns?: number) {
  const c = cliIo(columns === undefined ? {} : { tty: true, columns, env: { NO_COLOR: '1' } });
  const code = await main([...argv, '--source', venue, '--base-url', base[venue]], c.io);
  return { code, out: c.out(), err: c.err(), lines: c.out().trimEnd().split('\n') };
}

const widest = (lines: readonly string[]) => Math.max(...lines.map((l) => displayWidth(l)));

describe('quote', () => {
  const quote = (id: string, venue: 'polymarket' | 'kalshi', amount: string) =>
    run(venue, ['quote', id, '--outcome', 'Yes', '--amount', amount]);

  it('a book too thin for the amount says how much fills of it and that the rest found no orders, first', async () => {
    const r = await quote('2252243', 'polymarket', '100000000');
    expect(r.code, r.err).toBe(0);
    expect(r.lines[0]).toBe('Quote 2252243 · buy 100,000,000.00 of “Yes”');
    // the JSON's filled (22,005,525.53), then the fee: the total 22,008,360.94 paid for 22.5M shares
    expect(r.lines[1]).toBe('  filled      only 22,005,525.53 of 100,000,000.00; the rest found no orders');
    expect(r.out).toContain('  total       22,008,360.94\n');
    expect(widest(r.lines)).toBeLessThanOrEqual(80);
  });

  it('an empty book is said as such, nothing filled; a quote that fills says nothing of it', async () => {
    const r = await quote('KXNEWPOPE-70-PPIZ', 'kalshi', '10');
    expect(r.code, r.err).toBe(0);
    expect(r.lines[1]).toBe('  filled      nothing: the book is empty, no orders on either side');
    const whole = await quote('2252243', 'polymarket', '10');
    expect(whole.out).not.toContain('filled');
  });

  it('the price before and after and the impact agree as shown: 1.45¢ → 1.50¢, +0.05¢', async () => {
    // the recorded book's mid is 0.0145 (a float just under it), its best ask 0.015
    const r = await quote('2252243', 'polymarket', '10');
    expect(r.out).toContain('  price       1.45¢ → 1.50¢ (impact +0.05¢)\n');
  });
});

describe('market and event', () => {
  it('a market whose close time has passed says when it closed; an open one when it closes', async () => {
    const done = await run('kalshi', ['market', 'KXFEDDECISION-26JUL-H0']);
    expect(done.code, done.err).toBe(0);
    expect(done.lines[1]).toMatch(/^RESOLVED · closed \d+d ago · event KXFEDDECISION-26JUL$/);
    const open = await run('kalshi', ['market', 'KXELONMARS-99']);
    expect(open.lines[1]).toMatch(/^ACTIVE · closes in \d+d \d+h · /);
  });

  it('an event of one market says "1 market"', async () => {
    const r = await run('kalshi', ['event', 'KXELONMARS-99']);
    expect(r.code, r.err).toBe(0);
    expect(r.lines[1]).toBe('id KXELONMARS-99 · World · 1 market');
  });
});
