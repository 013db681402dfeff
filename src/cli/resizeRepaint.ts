/**
 * A whole new screen once the window's size settles. Ink redraws after a resize by changing only the rows it thinks
 * differ, from where it thinks its last frame is; a burst of resizes (a dragged corner, a tiling window manager) can
 * leave the terminal's rows elsewhere than that — it scrolls when a frame drawn for the old height meets a shorter
 * window — and the screen stays torn (prices beside other markets' titles) until enough of it changes. So when no
 * resize has come for `settleMs`, the screen is erased and the next frame drawn whole.
 */
import { systemClock, type Clock, type TimerHandle } from '../util/clock.js';

export interface Repaintable {
  /** Ink's `clear()`: what it drew is forgotten, so the next frame is drawn whole. */
  clear(): void;
  /** A render now (the next frame), rather than at the clock's next tick. */
  redraw(): void;
}

export const SETTLE_MS = 200;

export function repaintAfterResize(
  stdout: {
    on(event: 'resize', f: () => void): unknown;
    off(event: 'resize', f: () => void): unknown;
    write(s: string): unknown;
  },
  ink: Repaintable,
  clock: Clock = systemClock,
  settleMs = SETTLE_MS,
): () => void {
  let timer: TimerHandle | undefined;
  const onResize = () => {
    clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = undefined;
      // erase the whole screen and go home: where Ink's own erase (from its idea of the cursor) cannot reach
      stdout.write('\x1b[2J\x1b[H');
      ink.clear();
      ink.redraw();
    }, settleMs);
  };
  stdout.on('resize', onResize);
  return () => {
    clock.clearTimeout(timer);
    stdout.off('resize', onResize);
  };
}
