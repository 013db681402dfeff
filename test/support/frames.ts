/**
 * When a read of a terminal shows a whole frame. Ink 8 writes each frame between the synchronized-output brackets
 * (BSU `ESC[?2026h` … ESU `ESC[?2026l`, bench/frames.ts); tmux 3.3 does not hold its screen for them, so a
 * capture-pane taken between the two shows the top of the new frame over the bottom of the old one (a torn frame).
 * The tmux driver (tmux.ts) reads the screen through a control-mode client, which gets the program's bytes in order
 * with its commands' answers: a FrameTracker fed those bytes says, at the moment a capture's answer comes, whether
 * the capture fell inside a frame. A wait (settledScreen) takes a screen only between frames, and only once a second
 * read a moment later agrees (what is drawn outside the brackets: the shell, a resize's erase before its redraw).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { refuseShortDeadline, WAIT_DEADLINE_MS } from './wait.js';
import { runningTestEnds, waitDeadline } from './testBudget.js';

export const BSU = '\x1b[?2026h';
export const ESU = '\x1b[?2026l';

/**
 * A frame left open longer than this no longer counts as being drawn: its program was killed mid-write (it never
 * closes it), and a terminal that honours the brackets gives up on them too. Ink writes BSU, the frame and ESU in one
 * turn of its event loop, so a real frame is open for milliseconds, a loaded machine's descheduled writer a little more.
 */
export const OPEN_FRAME_MS = 2_000;

/** Fed every byte the program writes, in order; says whether the last of them left a frame open. */
export class FrameTracker {
  /** The last bytes of the last chunk (one short of a bracket): a bracket cut across two chunks is still seen. */
  private tail = '';
  private openedAt: number | undefined;

  constructor(private readonly now: () => number) {}

  feed(bytes: Buffer | string): void {
    const s = this.tail + (typeof bytes === 'string' ? bytes : bytes.toString('latin1'));
    const begin = s.lastIndexOf(BSU);
    const end = s.lastIndexOf(ESU);
    // the tail is too short to hold a whole bracket: one found is new in this chunk
    if (begin > end) this.openedAt = this.now();
    else if (end > begin) this.openedAt = undefined;
    this.tail = s.slice(-(BSU.length - 1));
  }

  midFrame(): boolean {
    return this.openedAt !== undefined && this.now() - this.openedAt < OPEN_FRAME_MS;
  }
}

/** One read of the screen, and whether it fell inside a frame (its program between BSU and ESU). */
export interface PaneRead {
  screen: string;
  midFrame: boolean;
}

export interface Pane {
  read(): Promise<PaneRead>;
}

/** The time a wait goes by; tests give one that moves only when slept on. */
export interface Ticker {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** When the running test is stopped by its timeout (on `now`'s scale), if one runs. */
  testEnds(): number | undefined;
}

export const realTicker: Ticker = { now: () => Date.now(), sleep: (ms) => delay(ms), testEnds: runningTestEnds };

/** How long a screen must stay the same to count as drawn (what is drawn outside the brackets has no other mark). */
export const SETTLE_MS = 60;
const POLL_MS = 50;

/**
 * Reads `pane` until `test` holds on a screen read between frames, and returns it once a second such read
 * SETTLE_MS later is the same: a torn frame neither satisfies the test nor is shown as the screen a timed-out wait
 * saw. A screen that never holds still (an animation) is taken as it is at the deadline. The deadline is cut short of
 * the running test's own (testBudget.ts), so the wait, not the test's timeout, says what was on screen.
 */
export async function settledScreen(
  pane: Pane,
  what: string,
  test: (screen: string) => boolean,
  timeoutMs = WAIT_DEADLINE_MS,
  ticker: Ticker = realTicker,
): Promise<string> {
  refuseShortDeadline(timeoutMs, what);
  const { at: deadline, note } = waitDeadline(ticker.now(), timeoutMs, ticker.testEnds());
  let whole: string | undefined;
  let torn = '';
  for (;;) {
    const first = await pane.read();
    if (first.midFrame) torn = first.screen;
    else {
      whole = first.screen;
      if (test(first.screen)) {
        await ticker.sleep(SETTLE_MS);
        const again = await pane.read();
        const late = ticker.now() > deadline;
        if (!again.midFrame && (again.screen === first.screen || (late && test(again.screen)))) return again.screen;
      }
    }
    if (ticker.now() > deadline) {
      const seen = whole ?? `(every read fell inside a frame; the last was)\n${torn}`;
      throw new Error(`timed out waiting for ${what}${note}; the screen was:\n${seen}`);
    }
    await ticker.sleep(POLL_MS);
  }
}
