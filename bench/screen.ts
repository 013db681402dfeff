/**
 * The real App rendered into a fake terminal of a fixed size, for the
 * benchmarks. Unlike the test terminal (src/ui/testing) it keeps only the last
 * frame — a soak renders hundreds of thousands — and counts frames and Ink's
 * own per-frame render time (layout + output, from `onRender`).
 *
 * Ink gets the dashboard's options (15 fps, incremental). The throttle runs
 * on real time: where the dashboard draws nearly every React commit (it
 * changes a few times a second), a bench that compresses an hour into a
 * minute draws only some of them, so `frames` depends on the machine's speed;
 * React still renders every commit. `throttle: false` draws every commit.
 */
import { EventEmitter } from 'node:events';
import { render, type Instance } from 'ink';
import { createElement } from 'react';
import type { OddsStore } from '../src/store/store.js';
import type { SyncIntents } from '../src/sync/types.js';
import { App } from '../src/ui/App.js';
import type { Clock } from '../src/util/clock.js';

class BenchStdout extends EventEmitter {
  /** Not a TTY, so Ink's cursor helper does not register a "show cursor" write on the real stderr at exit; `interactive` is forced on instead. */
  isTTY = false;
  last = '';
  bytes = 0;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string, encodingOrCallback?: unknown, callback?: unknown): boolean => {
    this.last = frame;
    this.bytes += Buffer.byteLength(frame);
    const cb = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (typeof cb === 'function') queueMicrotask(() => (cb as () => void)());
    return true;
  };
}

class BenchStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(data: string): void {
    this.data = data;
    this.emit('readable');
  }
  read(): string | null {
    const d = this.data;
    this.data = null;
    return d;
  }
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

/** Frames and Ink render time (ms) since the last `take()`. */
export interface FrameStats {
  frames: number;
  renderMs: number[];
}

export interface BenchScreen {
  /** Type one key (one stdin chunk) and let React commit what it caused. */
  press(key: string): Promise<void>;
  /** Let pending React work (effects, renders caused by store updates or timers) run. */
  flush(): Promise<void>;
  /** The last write to the terminal: a whole frame at first, then only changed lines. */
  lastWrite(): string;
  /** Bytes written to the terminal so far. */
  bytesWritten(): number;
  /** Frames since the last take (and their render times); resets the counters. */
  take(): FrameStats;
  totalFrames(): number;
  unmount(): Promise<void>;
}

export interface ScreenOptions {
  store: OddsStore;
  sync: SyncIntents;
  clock: Clock;
  columns?: number;
  rows?: number;
  keyHint?: string;
  demo?: boolean;
  /**
   * The dashboard's setting (default): frames throttled to 15 per second of
   * real time, written incrementally. `false` makes every React commit a full
   * frame (Ink's debug mode).
   */
  throttle?: boolean;
}

export const KEY = {
  up: 'k',
  down: 'j',
  enter: '\r',
  esc: '\x1b',
  ctrlU: '\x15',
} as const;

/**
 * Ink holds a lone ESC for 20 ms of real time (it may start an escape
 * sequence) before it hands it to `useInput`; wait a little longer than that.
 */
const ESC_FLUSH_MS = 25;

const tick = () => new Promise<void>((r) => setImmediate(r));

export function renderScreen(o: ScreenOptions): BenchScreen {
  const stdout = new BenchStdout(o.columns ?? 120, o.rows ?? 40);
  const stderr = new BenchStdout(o.columns ?? 120, o.rows ?? 40);
  const stdin = new BenchStdin();
  let frames = 0;
  let total = 0;
  let renderMs: number[] = [];
  const instance: Instance = render(createElement(App, { store: o.store, sync: o.sync, clock: o.clock, keyHint: o.keyHint ?? '', demo: o.demo ?? false }), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: o.throttle === false,
    // as the dashboard renders (src/cli/dashboard.tsx)
    maxFps: 15,
    incrementalRendering: true,
    interactive: true,
    exitOnCtrlC: false,
    patchConsole: false,
    onRender: ({ renderTime }) => {
      frames++;
      total++;
      renderMs.push(renderTime);
    },
  });
  const flush = async () => {
    // passive effects and anything they schedule; two turns are enough for Ink + React
    await tick();
    await tick();
  };
  return {
    async press(key) {
      stdin.write(key);
      if (key === KEY.esc) await new Promise((r) => setTimeout(r, ESC_FLUSH_MS));
      await flush();
    },
    flush,
    lastWrite: () => stdout.last,
    bytesWritten: () => stdout.bytes,
    take() {
      const out = { frames, renderMs };
      frames = 0;
      renderMs = [];
      return out;
    },
    totalFrames: () => total,
    async unmount() {
      instance.unmount();
      await instance.waitUntilExit().catch(() => undefined);
      instance.cleanup();
    },
  };
}
