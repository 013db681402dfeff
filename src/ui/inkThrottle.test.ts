/**
 * Ink's frame throttle (es-toolkit's, 67 ms at the dashboard's 15 fps) held a key's frame while the answers to the
 * previous selection kept committing less than 67 ms apart; keyFirst draws the first commit after a key at once.
 */
import { throttle } from 'es-toolkit/compat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawKeyAtOnce, keyFirst } from './inkThrottle.js';

const MS = 67;

/** A throttled frame drawer and the fake-clock times it drew at. */
function frames(wrap: boolean) {
  const drawn: number[] = [];
  const inks = throttle as Parameters<typeof keyFirst>[0];
  const make = wrap ? keyFirst(inks) : inks;
  const commit = make(() => drawn.push(Date.now()), MS, { leading: true, trailing: true });
  return { drawn, commit };
}

/** The turn of the event loop a key came in ends (drawKeyAtOnce's setImmediate; the clock does not move). */
const turnEnds = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Commits at these fake-clock times (the one at `keyAt` a key's), then the clock runs on. */
async function play(wrap: boolean, commits: number[], keyAt?: number): Promise<number[]> {
  const { drawn, commit } = frames(wrap);
  for (const t of commits) {
    vi.advanceTimersByTime(t - Date.now());
    if (t === keyAt) drawKeyAtOnce();
    commit();
    if (t === keyAt) await turnEnds();
  }
  vi.advanceTimersByTime(1000);
  return drawn;
}

describe("the first frame after a key, through Ink's throttle", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it("answers 20 ms apart, the key among them: Ink's throttle draws it 67 ms after the last answer", async () => {
    // a frame at 0, answers at 20 and 40, the key at 60, one more answer at 80
    expect(await play(false, [0, 20, 40, 60, 80], 60)).toEqual([0, 80 + MS]);
  });

  it('keyFirst draws the key at once; the answers after it still wait for the window', async () => {
    expect(await play(true, [0, 20, 40, 60, 80], 60)).toEqual([0, 60, 80 + MS]);
  });

  it('no key: throttled as Ink does; a key that commits nothing leaves the next commit throttled', async () => {
    const ink = await play(false, [0, 20, 40, 60, 80]);
    vi.setSystemTime(0);
    expect(await play(true, [0, 20, 40, 60, 80])).toEqual(ink);
    vi.setSystemTime(0);
    const { drawn, commit } = frames(true);
    commit();
    drawKeyAtOnce();
    await turnEnds(); // no commit in the key's turn
    vi.advanceTimersByTime(10);
    commit();
    expect(drawn).toEqual([0]);
  });
});
