import { describe, expect, it } from 'vitest';
import { BSU, ESU, FrameTracker, OPEN_FRAME_MS, settledScreen, type PaneRead, type Ticker } from './frames.js';
import { runningTestEnds, TEST_MARGIN_MS, waitDeadline } from './testBudget.js';
import { WAIT_DEADLINE_MS } from './wait.js';

/** Time that moves only when the wait sleeps on it. */
function ticker(testEnds?: number): Ticker & { slept: number } {
  const t = {
    slept: 0,
    now: () => t.slept,
    sleep: async (ms: number) => void (t.slept += ms),
    testEnds: () => testEnds,
  };
  return t;
}

/** A pane that answers `reads` in turn, then the last of them for ever. */
function pane(reads: PaneRead[]): { read(): Promise<PaneRead>; count: number } {
  const p = { count: 0, read: async () => reads[Math.min(p.count++, reads.length - 1)]! };
  return p;
}

const OLD = 'Markets        │ Detail\n▸ m1  41¢      │ m1 Will it rain?\n  m2  60¢      │ Bid 40¢\n';
const NEW = 'Markets        │ Detail\n  m1  41¢      │ m2 Will it snow?\n▸ m2  60¢      │ Bid 59¢\n';
/** The new frame's top two rows over the old frame's last: what a capture between BSU and ESU shows. */
const TORN = NEW.split('\n').slice(0, 2).join('\n') + '\n' + OLD.split('\n').slice(2).join('\n');
const torn = { screen: TORN, midFrame: true };
const whole = (screen: string) => ({ screen, midFrame: false });

describe('settledScreen: a torn frame never satisfies a wait, nor is shown as what it saw', () => {
  it('a torn capture that satisfies the test, read twice the same, is passed over for the whole frame', async () => {
    // the program descheduled between its BSU and ESU: two reads SETTLE_MS apart agree on the torn screen
    const p = pane([torn, torn, whole(NEW)]);
    const selected = (s: string) => /m2 Will it snow\?/.test(s);
    expect(selected(TORN)).toBe(true);
    const got = await settledScreen(p, 'm2 selected', selected, WAIT_DEADLINE_MS, ticker());
    expect(got).toBe(NEW);
    expect(p.count).toBeGreaterThanOrEqual(4);
  });

  it('a condition of something gone (the old title) is not met by a torn frame that lost it', async () => {
    const p = pane([whole(OLD), torn, torn, whole(NEW)]);
    const gone = (s: string) => !/m1 Will it rain\?/.test(s);
    expect(gone(TORN)).toBe(true);
    expect(await settledScreen(p, 'the old title gone', gone, WAIT_DEADLINE_MS, ticker())).toBe(NEW);
  });

  it('a screen between frames is taken only once a second read agrees (a resize erased it, its redraw to come)', async () => {
    const p = pane([whole(''), whole(NEW)]);
    expect(await settledScreen(p, 'a blank screen?', () => true, WAIT_DEADLINE_MS, ticker())).toBe(NEW);
  });

  it('a timed-out wait shows the last whole screen, not the torn one read after it', async () => {
    const p = pane([whole(OLD), torn]);
    const t = ticker();
    const e = await settledScreen(p, 'm3', (s) => s.includes('m3'), WAIT_DEADLINE_MS, t).catch((x: Error) => x);
    expect(String(e)).toBe(`Error: timed out waiting for m3; the screen was:\n${OLD}`);
    expect(t.slept).toBeGreaterThan(WAIT_DEADLINE_MS);
  });

  it('a pane read only inside frames says so, with the last read', async () => {
    const e = await settledScreen(pane([torn]), 'm3', () => false, WAIT_DEADLINE_MS, ticker()).catch((x: Error) => x);
    expect(String(e)).toMatch(/the screen was:\n\(every read fell inside a frame; the last was\)\n/);
  });
});

describe('a wait inside a test ends before the test does', () => {
  it('keeps its own deadline when the test has time for it, or outside a test', () => {
    expect(waitDeadline(1_000, 10_000, 60_000)).toEqual({ at: 11_000, note: '' });
    expect(waitDeadline(1_000, 10_000, undefined)).toEqual({ at: 11_000, note: '' });
  });

  it('is cut to TEST_MARGIN_MS before the test’s end, and its error says the test’s time ran out', async () => {
    const ends = 4_000 + TEST_MARGIN_MS;
    expect(waitDeadline(0, WAIT_DEADLINE_MS, ends).at).toBe(4_000);
    const t = ticker(ends);
    const e = await settledScreen(pane([whole(OLD)]), 'm3', () => false, WAIT_DEADLINE_MS, t).catch((x: Error) => x);
    expect(String(e)).toMatch(/^Error: timed out waiting for m3 \(cut from 10000 ms to 4000 ms: the test's timeout/);
    expect(t.slept).toBeLessThan(ends);
  });

  it('reads the running test’s end from vitest: its start and its own timeout', { timeout: 30_000 }, () => {
    const ends = runningTestEnds()!;
    expect(ends).toBeGreaterThan(Date.now() + 20_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30_000);
  });

  it('a test already past its margin gets one look, not a negative deadline', () => {
    expect(waitDeadline(9_000, WAIT_DEADLINE_MS, 10_000).at).toBe(9_000);
  });
});

describe('FrameTracker: inside a frame from its BSU to its ESU', () => {
  it('follows the brackets, one cut across two chunks too', () => {
    let now = 0;
    const f = new FrameTracker(() => now);
    expect(f.midFrame()).toBe(false);
    f.feed(`${BSU}\x1b[2K top row`);
    expect(f.midFrame()).toBe(true);
    f.feed(`bottom row${ESU}`);
    expect(f.midFrame()).toBe(false);
    f.feed(`${BSU}row${ESU}${BSU.slice(0, 4)}`);
    expect(f.midFrame()).toBe(false);
    f.feed(`${BSU.slice(4)}row`);
    expect(f.midFrame()).toBe(true);
    f.feed(ESU.slice(0, 3));
    f.feed(Buffer.from(ESU.slice(3), 'latin1'));
    expect(f.midFrame()).toBe(false);
    now = 1;
    f.feed('E2E$ ');
    expect(f.midFrame()).toBe(false);
  });

  it('a frame its program never closed (killed mid-write) stops counting after OPEN_FRAME_MS', () => {
    let now = 0;
    const f = new FrameTracker(() => now);
    f.feed(`${BSU}half a frame`);
    now = OPEN_FRAME_MS - 1;
    expect(f.midFrame()).toBe(true);
    now = OPEN_FRAME_MS;
    expect(f.midFrame()).toBe(false);
    f.feed(`${ESU}${BSU}`);
    expect(f.midFrame()).toBe(true);
  });
});
