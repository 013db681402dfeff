import { describe, expect, it } from 'vitest';
import {
  BSU,
  ESU,
  countPricedRows,
  framesIn,
  latencyStats,
  linesInFrame,
  parseControlLine,
  splitLines,
  type Press,
} from './frames.js';
import { percentile } from './metrics.js';

describe('parseControlLine', () => {
  it('decodes %output data: octal escapes for control bytes and the backslash, other bytes as they are', () => {
    const line = Buffer.from('%output %0 \\033[?2026hA\\134b 63.5¢\\015\\012', 'utf8');
    const l = parseControlLine(line);
    expect(l.kind).toBe('output');
    if (l.kind !== 'output') return;
    expect(l.pane).toBe('%0');
    expect(l.bytes.toString('utf8')).toBe('\x1b[?2026hA\\b 63.5¢\r\n');
  });

  it('keeps a backslash that does not start three octal digits', () => {
    const l = parseControlLine(Buffer.from('%output %3 a\\9b\\01', 'latin1'));
    expect(l.kind === 'output' && l.bytes.toString('latin1')).toBe('a\\9b\\01');
  });

  it('reads command blocks with their number and flags', () => {
    expect(parseControlLine(Buffer.from('%begin 1795438041 270 1'))).toEqual({ kind: 'begin', num: 270, flags: 1 });
    expect(parseControlLine(Buffer.from('%end 1795438041 270 1'))).toEqual({ kind: 'end', num: 270, flags: 1 });
    expect(parseControlLine(Buffer.from('%error 1 7 1'))).toEqual({ kind: 'error', num: 7, flags: 1 });
    expect(parseControlLine(Buffer.from('160x48 9606'))).toEqual({ kind: 'other', text: '160x48 9606' });
  });
});

describe('splitLines', () => {
  it('returns complete lines and carries the unfinished tail into the next chunk', () => {
    const a = splitLines(Buffer.alloc(0), Buffer.from('one\ntw'));
    expect(a.lines.map(String)).toEqual(['one']);
    const b = splitLines(a.rest, Buffer.from('o\nthree\n'));
    expect(b.lines.map(String)).toEqual(['two', 'three']);
    expect(b.rest.length).toBe(0);
  });
});

describe('frames', () => {
  const changed = (col: number, text: string) => `\x1b[${col}G\x1b[K${text}`;

  it('counts the lines an incremental frame rewrites, not the ones it steps over', () => {
    const frame = `\x1b[47A\x1b[E\x1b[E${changed(150, '12:00:01')}\n\x1b[E${changed(1, 'row')}\n`;
    expect(linesInFrame(frame)).toBe(2);
  });

  it('counts every written line of a full redraw', () => {
    expect(linesInFrame('\x1b[1;1H\x1b[Jheader\nrow 1\nrow 2\n\n')).toBe(3);
  });

  it('one frame per BSU; output before the first is not a frame', () => {
    const text = `\x1b[?1049h${BSU}${changed(1, 'a')}${ESU}${BSU}${changed(1, 'b')}\n${changed(1, 'c')}${ESU}`;
    expect(framesIn(text)).toEqual([1, 2]);
    expect(framesIn('\x1b[?25l')).toEqual([]);
  });

  it('counts the rows that show a price', () => {
    expect(countPricedRows('header\n▸ ACTIVE  Will it  Yes 63.5¢\n  ACTIVE  Other  No 1.0¢\nfooter')).toBe(2);
  });
});

describe('latencyStats', () => {
  it('p50 over every answered press, p95 only over presses not right after a frame', () => {
    const presses: Press[] = [
      { at: 0, latencyMs: 10, sinceFrameMs: 500 },
      { at: 1, latencyMs: 12, sinceFrameMs: 300 },
      { at: 2, latencyMs: 60, sinceFrameMs: 20 },
      { at: 3, latencyMs: undefined, sinceFrameMs: 400 },
      { at: 4, latencyMs: 14, sinceFrameMs: undefined },
    ];
    expect(latencyStats(presses, percentile)).toEqual({ presses: 5, answered: 4, p50Ms: 12, p95Ms: 14, p95Count: 3 });
  });
});
