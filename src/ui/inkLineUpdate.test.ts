/**
 * Ink's line update (ink/build/line-update.js, incrementalRendering) repaints a changed line from its first changed
 * column and replays, before it, every SGR code of the unchanged prefix: a badge drawn before that column comes back
 * as `ESC[1m ESC[36m ESC[46m ESC[30m ESC[39m ESC[49m ESC[22m` around nothing, on every idle frame (the clock, the
 * request count). compactLineUpdate keeps what that replay leaves in force, and nothing else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactLineUpdate, netSgr } from './inkLineUpdate.js';

/** Ink's own line update, the reference (not in Ink's exports: loaded by path). */
const { default: inkLineUpdate } = (await import(
  new URL('../../node_modules/ink/build/line-update.js', import.meta.url).href
)) as { default: (previous: string, next: string, columns: number | undefined) => string };

const E = '\u001B[';
const badge = `${E}1m${E}36m${E}46m${E}30m MANIFOLD ${E}39m${E}49m${E}22m`;
const header = (n: number, dimTail: boolean) =>
  `oddsboard  ${badge}  ${n}/60 req/min${dimTail ? `${E}2m (allows 500)${E}22m` : ' (allows 500)'}`;

describe('the repaint of a changed line', () => {
  it("drops the badge's codes replayed around nothing; the line still ends as Ink's does", () => {
    const ink = inkLineUpdate(header(20, true), header(21, true), 120);
    expect(ink).toContain(`${E}1m${E}36m${E}46m${E}30m${E}39m${E}49m${E}22m`); // what QA saw
    const ours = compactLineUpdate(ink);
    expect(ours).not.toContain(`${E}1m${E}36m`);
    expect(ours.startsWith(`${E}25G${E}K`)).toBe(true);
    expect(ours).toBe(`${E}25G${E}K1/60 req/min${E}2m (allows 500)${E}22m`);
  });

  it('keeps a style still open where the repaint starts (a dim text changed in its middle)', () => {
    const prev = `a ${E}2mdata 10s old${E}22m`;
    const next = `a ${E}2mdata 11s old${E}22m`;
    const ink = inkLineUpdate(prev, next, 80);
    const ours = compactLineUpdate(ink);
    expect(ours).toBe(`${E}9G${E}K${E}2m1s old${E}22m`);
  });

  it('netSgr: what a run of codes leaves in force, from the default state', () => {
    expect(netSgr(`${E}1m${E}36m${E}46m${E}30m${E}39m${E}49m${E}22m`)).toBe('');
    expect(netSgr(`${E}1m${E}36m${E}22m${E}32m${E}39m${E}2m`)).toBe(`${E}2m`);
    expect(netSgr(`${E}38;5;208m${E}1m`)).toBe(`${E}1m${E}38;5;208m`);
    // a code it does not know is kept as it is, with the run
    expect(netSgr(`${E}1m${E}6m`)).toBe(`${E}1m${E}6m`);
  });

  it('any run of known codes: the same state as the run itself, never longer', () => {
    const codes = ['0', '1', '2', '3', '4', '7', '9', '22', '23', '24', '27', '29', '31', '36', '39', '41', '49'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...codes), { maxLength: 12 }), (run) => {
        const s = run.map((c) => `${E}${c}m`).join('');
        const net = netSgr(s);
        expect(net.length).toBeLessThanOrEqual(s.length);
        expect(netSgr(net)).toBe(net);
        expect(netSgr(`${s}${E}1m`)).toBe(netSgr(`${net}${E}1m`));
      }),
    );
  });
});
