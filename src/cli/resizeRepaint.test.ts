import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { repaintAfterResize, SETTLE_MS } from './resizeRepaint.js';

/** A terminal's stdout as the repaint sees it: resize events, and what is written. */
function terminal() {
  const out = new EventEmitter() as EventEmitter & { write(s: string): boolean; written: string[] };
  out.written = [];
  out.write = (s: string) => (out.written.push(s), true);
  return out;
}

describe('a whole new screen once the window size settles', () => {
  it('a burst of resizes is one repaint after the last: the screen erased, the next frame drawn whole', () => {
    const clock = new ManualClock(0);
    const out = terminal();
    const calls: string[] = [];
    const stop = repaintAfterResize(
      out,
      { clear: () => calls.push('clear'), redraw: () => calls.push('redraw') },
      clock,
    );
    for (let i = 0; i < 4; i++) {
      out.emit('resize');
      clock.advance(SETTLE_MS / 2);
    }
    expect(calls).toEqual([]);
    clock.advance(SETTLE_MS);
    expect(out.written).toEqual(['\x1b[2J\x1b[H']);
    expect(calls).toEqual(['clear', 'redraw']);
    // nothing more until the next resize; none after stop
    clock.advance(10 * SETTLE_MS);
    expect(calls).toHaveLength(2);
    out.emit('resize');
    stop();
    clock.advance(10 * SETTLE_MS);
    expect(calls).toHaveLength(2);
    expect(out.listenerCount('resize')).toBe(0);
  });
});
