import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cursorMovesCompacted } from '../../src/ui/inkCursorMoves.js';
import { mulberry32 } from '../../src/util/prng.js';
import { TmuxSession } from '../support/tmux.js';

/**
 * The frames Ink's incremental writer sends, as Ink writes them and through the stand-in that sends a run of `ESC[E`
 * as one `ESC[<n>E` (src/ui/inkCursorMoves.ts), played into a real terminal (tmux) of the frames' height: both screens
 * read the same, and each is the last frame.
 */
const { default: logUpdate } = (await import(
  new URL('../../node_modules/ink/build/log-update.js', import.meta.url).href
)) as { default: { create: (stream: object, o: { incremental: boolean }) => (text: string) => boolean } };

const COLUMNS = 100;
const ROWS = 48;
const E = '\u001B[';

/** 40 frames of a 48-line board, each changing a few lines (a price, a clock, a styled badge) at random. */
function frames(): string[] {
  const rand = mulberry32(7);
  let lines = Array.from({ length: ROWS }, (_, i) => `row ${i} ${'·'.repeat(30)} ${E}32m${i}.0¢${E}39m`);
  const out = [lines.join('\n')];
  for (let f = 0; f < 40; f++) {
    lines = lines.map((l, i) =>
      rand() < 0.08 ? `row ${i} ${'·'.repeat(30)} ${E}1m${E}3${1 + (f % 6)}m${f}.${i}¢${E}39m${E}22m` : l,
    );
    if (f % 5 === 0) lines[0] = `oddsboard 12:00:${String(f).padStart(2, '0')}`;
    out.push(lines.join('\n'));
  }
  return out;
}

function bytesOf(all: string[], compacted: boolean): string {
  const writes: string[] = [];
  const stream = { columns: COLUMNS, isTTY: false, write: (s: string) => (writes.push(s), true) };
  const log = logUpdate.create(compacted ? cursorMovesCompacted(stream) : stream, { incremental: true });
  for (const f of all) log(f);
  return writes.join('');
}

const sessions: TmuxSession[] = [];
afterEach(() => sessions.splice(0).forEach((s) => s.kill()));

async function screenAfter(file: string, last: string): Promise<string> {
  const t = new TmuxSession('cursor-moves');
  sessions.push(t);
  t.start(tmpdir(), COLUMNS, ROWS, {});
  await t.run(`clear; cat '${file}'; read x`);
  // the screen the file leaves (Ink's moves or ours), once it is the last frame; the deadline's error shows it
  return t.waitFor('the last frame', (s) => s.trimEnd() === last);
}

describe('one cursor move per run of unchanged lines (tmux)', { timeout: 60_000 }, () => {
  it("reads the same on screen as Ink's own moves, and is the last frame", async () => {
    const all = frames();
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-cursor-moves-'));
    const [ink, ours] = [bytesOf(all, false), bytesOf(all, true)];
    expect(ours.length).toBeLessThan(ink.length);
    expect(ours).toMatch(/\u001B\[\d+E/u);
    writeFileSync(join(dir, 'ink'), ink);
    writeFileSync(join(dir, 'ours'), ours);
    const plain = all.at(-1)!.replace(/\u001B\[[\d;]*m/gu, '');
    const inkScreen = await screenAfter(join(dir, 'ink'), plain);
    const ourScreen = await screenAfter(join(dir, 'ours'), plain);
    expect(ourScreen).toBe(inkScreen);
    expect(ourScreen.trimEnd()).toBe(plain);
  });
});
