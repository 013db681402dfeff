/**
 * Pure helpers of bench:render: reading tmux control-mode lines and cutting
 * the bytes a program wrote to its terminal into frames.
 *
 * Ink 8 writes each frame to a TTY between the synchronized-output brackets
 * (BSU `ESC[?2026h` … ESU `ESC[?2026l`), so a frame is one BSU. Incremental
 * rendering rewrites a changed line as `ESC[<col>G ESC[K <text>` and steps over
 * an unchanged one with `ESC[E`, so the lines a frame rewrites are its
 * erase-to-end-of-line sequences; a full redraw (erase down / erase lines)
 * rewrites every line it writes.
 */

export const BSU = '\x1b[?2026h';
export const ESU = '\x1b[?2026l';
const ERASE_END_OF_LINE = '\x1b[K';
const FULL_REDRAW = /\x1b\[(?:0?J|2K)/;

export type ControlLine =
  | { kind: 'output'; pane: string; bytes: Buffer }
  | { kind: 'begin' | 'end' | 'error'; num: number; flags: number }
  | { kind: 'other'; text: string };

/**
 * One line of `tmux -C` output (without its newline). In `%output` data tmux
 * writes bytes below 0x20 and the backslash as `\ooo` (three octal digits);
 * every other byte is itself.
 */
export function parseControlLine(line: Buffer): ControlLine {
  if (line.subarray(0, 8).toString('latin1') === '%output ') {
    const space = line.indexOf(0x20, 8);
    if (space < 0) return { kind: 'output', pane: line.subarray(8).toString('latin1'), bytes: Buffer.alloc(0) };
    return {
      kind: 'output',
      pane: line.subarray(8, space).toString('latin1'),
      bytes: decodeOctal(line.subarray(space + 1)),
    };
  }
  const text = line.toString('utf8');
  const m = /^%(begin|end|error) (\d+) (\d+) (\d+)/.exec(text);
  if (m) return { kind: m[1] as 'begin' | 'end' | 'error', num: Number(m[3]), flags: Number(m[4]) };
  return { kind: 'other', text };
}

function decodeOctal(data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!;
    if (b === 0x5c && i + 3 < data.length && isOctal(data[i + 1]) && isOctal(data[i + 2]) && isOctal(data[i + 3])) {
      out[n++] = ((data[i + 1]! - 0x30) << 6) | ((data[i + 2]! - 0x30) << 3) | (data[i + 3]! - 0x30);
      i += 3;
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

const isOctal = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x37;

/** Splits a byte stream at '\n' into complete lines; the unfinished tail is returned to be continued. */
export function splitLines(pending: Buffer, chunk: Buffer): { lines: Buffer[]; rest: Buffer } {
  const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = data.indexOf(0x0a); i >= 0; i = data.indexOf(0x0a, start)) {
    lines.push(data.subarray(start, i));
    start = i + 1;
  }
  return { lines, rest: Buffer.from(data.subarray(start)) };
}

/** How many lines one frame (the text between a BSU and its ESU) rewrites. */
export function linesInFrame(frame: string): number {
  if (FULL_REDRAW.test(frame))
    return frame.split('\n').filter((l) => l.replace(/\x1b\[[\d;?]*[A-Za-z]/g, '').trim() !== '').length;
  let n = 0;
  for (let i = frame.indexOf(ERASE_END_OF_LINE); i >= 0; i = frame.indexOf(ERASE_END_OF_LINE, i + 1)) n++;
  return n;
}

/** The frames in a piece of terminal output and the lines each rewrote. Text before the first BSU is not a frame. */
export function framesIn(text: string): number[] {
  const parts = text.split(BSU);
  return parts.slice(1).map((p) => {
    const end = p.indexOf(ESU);
    return linesInFrame(end >= 0 ? p.slice(0, end) : p);
  });
}

/** Rows of a captured screen that show a price (`63.5¢`): the dashboard has drawn data. */
export function countPricedRows(screen: string): number {
  return screen.split('\n').filter((l) => /\d\.\d¢/.test(l)).length;
}

export interface Press {
  /** When the key was sent (ms, harness clock). */
  at: number;
  /** Until the first output after it (ms), or undefined when none came. */
  latencyMs: number | undefined;
  /** Since the last frame before the key (ms); undefined when there was none. */
  sinceFrameMs: number | undefined;
}

/**
 * Keypress → frame figures: p50 over every answered press, p95 over the presses
 * that did not land within `throttleMs` after a frame (Ink draws at most one
 * frame per throttle interval, so such a press waits for the interval whatever
 * the app does).
 */
export function latencyStats(
  presses: readonly Press[],
  percentile: (xs: number[], p: number) => number,
  throttleMs = 70,
) {
  const answered = presses.filter((p) => p.latencyMs !== undefined);
  const clear = answered.filter((p) => p.sinceFrameMs === undefined || p.sinceFrameMs >= throttleMs);
  return {
    presses: presses.length,
    answered: answered.length,
    p50Ms: percentile(
      answered.map((p) => p.latencyMs!),
      50,
    ),
    p95Ms: percentile(
      clear.map((p) => p.latencyMs!),
      95,
    ),
    p95Count: clear.length,
  };
}
