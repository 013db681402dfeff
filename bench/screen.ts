/**
 * The real App rendered into the test kit's fake terminal (test/support/terminal.ts)
 * at a fixed size, for the benchmarks: only the last write is kept — a soak
 * renders hundreds of thousands — and frames and Ink's own per-frame render
 * time (layout + output, from `onRender`) are counted.
 *
 * Ink gets the dashboard's options (15 fps, incremental). The throttle runs
 * on real time: where the dashboard draws nearly every React commit (it
 * changes a few times a second), a bench that compresses an hour into a
 * minute draws only some of them, so `frames` depends on the machine's speed;
 * React still renders every commit. `throttle: false` draws every commit.
 */
import { createElement } from 'react';
import type { OddsStore } from '../src/store/store.js';
import type { SyncIntents } from '../src/sync/types.js';
import { App } from '../src/ui/App.js';
import type { Clock } from '../src/util/clock.js';
import { renderTerminal } from '../test/support/terminal.js';

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
  let frames = 0;
  let total = 0;
  let renderMs: number[] = [];
  const term = renderTerminal(
    createElement(App, {
      store: o.store,
      sync: o.sync,
      clock: o.clock,
      keyHint: o.keyHint ?? '',
      demo: o.demo ?? false,
    }),
    {
      columns: o.columns ?? 120,
      rows: o.rows ?? 40,
      keepFrames: false,
      // as the dashboard renders (src/cli/dashboard.tsx)
      ...(o.throttle === false ? {} : { dashboard: { maxFps: 15 } }),
      onRender: ({ renderTime }) => {
        frames++;
        total++;
        renderMs.push(renderTime);
      },
    },
  );
  const flush = async () => {
    // passive effects and anything they schedule; two turns are enough for Ink + React
    await tick();
    await tick();
  };
  return {
    async press(key) {
      term.write(key);
      if (key === KEY.esc) await new Promise((r) => setTimeout(r, ESC_FLUSH_MS));
      await flush();
    },
    flush,
    lastWrite: term.lastWrite,
    bytesWritten: term.bytesWritten,
    take() {
      const out = { frames, renderMs };
      frames = 0;
      renderMs = [];
      return out;
    },
    totalFrames: () => total,
    async unmount() {
      term.instance.unmount();
      await term.instance.waitUntilExit().catch(() => undefined);
      term.instance.cleanup();
    },
  };
}
