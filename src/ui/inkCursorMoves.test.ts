/**
 * Ink's incremental frame steps over every unchanged line with an `ESC[E` of its own; the stand-in sends each run of
 * them as one `ESC[<n>E` (the screen is compared in a real terminal by test/e2e/cursorMoves.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactCursorMoves, cursorMovesCompacted } from './inkCursorMoves.js';

/** Ink's own log-update, the writer the stand-in wraps (not in Ink's exports: loaded by path). */
const { default: logUpdate } = (await import(
  new URL('../../node_modules/ink/build/log-update.js', import.meta.url).href
)) as { default: { create: (stream: object, o: { incremental: boolean }) => (text: string) => boolean } };

const E = '\u001B[';

/** A terminal-like stream that keeps what is written to it. */
function sink(columns: number) {
  const writes: string[] = [];
  return { writes, stream: { columns, isTTY: false, write: (s: string) => (writes.push(s), true) } };
}

const board = (n: number, changed: Record<number, string>) =>
  Array.from({ length: n }, (_, i) => changed[i + 1] ?? `row ${i + 1} ${'.'.repeat(40)}`).join('\n');

/** What Ink's writer sends for `frames` drawn one after the other, through the stand-in or not. */
function written(frames: string[], compacted: boolean): string[] {
  const { writes, stream } = sink(160);
  const log = logUpdate.create(compacted ? cursorMovesCompacted(stream) : stream, { incremental: true });
  for (const f of frames) log(f);
  return writes;
}

describe('the cursor moves of an incremental frame', () => {
  it('a 48-line frame where lines 3 and 40 change: one move per run of unchanged lines, 122 bytes fewer', () => {
    const frames = [board(48, {}), board(48, { 3: 'row 3 changed', 40: 'row 40 changed' })];
    const ink = written(frames, false).at(-1)!;
    const ours = written(frames, true).at(-1)!;
    // what Ink writes: a move per unchanged line (2 before line 3, 36 between, 7 after line 40; the last has none)
    expect(ink).toBe(
      `${E}47A${`${E}E`.repeat(2)}${E}7G${E}Kchanged\n${`${E}E`.repeat(36)}${E}8G${E}Kchanged\n${`${E}E`.repeat(7)}`,
    );
    expect(ours).toBe(`${E}47A${E}2E${E}7G${E}Kchanged\n${E}36E${E}8G${E}Kchanged\n${E}7E`);
    expect(Buffer.byteLength(ink) - Buffer.byteLength(ours)).toBe(122);
  });

  it('an idle frame (only the top line changes): 46 moves become one', () => {
    const frames = [board(48, { 1: 'oddsboard 12:00:01' }), board(48, { 1: 'oddsboard 12:00:02' })];
    expect(written(frames, false).at(-1)).toBe(`${E}47A${E}18G${E}K2\n${`${E}E`.repeat(46)}`);
    expect(written(frames, true).at(-1)).toBe(`${E}47A${E}18G${E}K2\n${E}46E`);
  });

  it('leaves alone a single move, other sequences and text; the stream is the same for everything else', () => {
    expect(compactCursorMoves(`${E}3A${E}Ex\n${E}E`)).toBe(`${E}3A${E}Ex\n${E}E`);
    expect(compactCursorMoves(`${E}E${E}E${E}2E${E}E`)).toBe(`${E}2E${E}2E${E}E`);
    const { writes, stream } = sink(97);
    const wrapped = cursorMovesCompacted(stream);
    expect(wrapped.columns).toBe(97);
    stream.columns = 80;
    expect(wrapped.columns).toBe(80);
    wrapped.write(`${E}E${E}E`);
    expect(writes).toEqual([`${E}2E`]);
  });

  it('any run: as many lines moved, nothing else changed', () => {
    const part = fc.constantFrom(`${E}E`, `${E}2A`, 'a', '\n', `${E}K`, `${E}1m`);
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }), (parts) => {
        const s = parts.join('');
        const out = compactCursorMoves(s);
        const spelled = out.replace(/\u001B\[(\d+)E/gu, (_, n: string) => `${E}E`.repeat(Number(n)));
        expect(spelled).toBe(s);
        expect(out.length).toBeLessThanOrEqual(s.length);
      }),
    );
  });
});
