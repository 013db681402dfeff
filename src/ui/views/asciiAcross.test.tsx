/**
 * Across with candidates and a confirmed pair, at 80×24 and 200×30 in ASCII (docs/views.md § Terminals without
 * UTF-8): no line wider than the terminal, nothing outside ASCII. Markets: the recorded Fed decision markets
 * (test/fixtures/real/pairs/, SOURCES.md), whose titles are ASCII.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askCandidates, bookOf, confirmPair, startAcrossBoard } from '../../../test/support/acrossBoard.js';
import type { TestTerminal } from '../../../test/support/terminal.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { setGlyphs } from '../glyphs.js';

let term: TestTerminal | undefined;
beforeEach(() => setGlyphs('ascii'));
afterEach(() => {
  term?.unmount();
  term = undefined;
  setGlyphs('unicode');
});

/**
 * The lines wider than the terminal or holding a character outside ASCII. Kalshi's H0 is titled `Fed maintains rate ·
 * Will the Federal Reserve …`: its subtitle joined to its title when it was read (src/api/normalizeCommon.ts), a
 * title as the store holds it, drawn as received — that one `·` is the service's text, not the board's.
 */
const offending = (frame: string, columns: number) =>
  frame
    .split('\n')
    .filter((l) => stringWidth(l) > columns || /[^\x00-\x7f]/.test(l.replaceAll('Fed maintains rate · ', '')));

describe('Across in ASCII', () => {
  it.each([
    [80, 24],
    [200, 30],
  ])('%ix%i: the candidates, then the pair confirmed with its books and gap', async (columns, rows) => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-across-ascii-'));
    const b = startAcrossBoard(dir, { book: bookOf({ bid: 0.4, ask: 0.42 }, { bid: 0.45, ask: 0.47 }), columns, rows });
    term = b.term;
    const candidates = await askCandidates(b, 'gap');
    expect(offending(candidates, columns)).toEqual([]);
    expect(candidates).toMatch(/\? (same|related)/);
    await confirmPair(b);
    const confirmed = await waitForFrame(b.term, '+ same');
    expect(offending(confirmed, columns)).toEqual([]);
    b.desk.stop();
    b.joined.dispose();
  });
});
