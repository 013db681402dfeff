/**
 * The one fake terminal: renders an Ink tree into streams of a chosen size and
 * types keys into it — for the tests (every frame kept, Ink's debug mode: one
 * full frame per React commit) and for the benchmarks (only the last write and
 * a byte count kept, the dashboard's own render options: throttled frames,
 * incremental output). ink-testing-library 4 hard-codes 100 columns and no rows
 * (so useWindowSize falls back to the real terminal); this mirrors its streams
 * with a settable size. Waited on with the helpers of wait.ts.
 */
import { EventEmitter } from 'node:events';
import { render, type Instance, type RenderOptions } from 'ink';
import type { ReactElement } from 'react';

class FakeStdout extends EventEmitter {
  /** Not a TTY, so Ink's cursor helper registers no "show cursor" write on the real stderr at exit. */
  isTTY = false;
  frames: string[] = [];
  last = '';
  bytes = 0;
  constructor(
    public columns: number,
    public rows: number,
    private readonly keepFrames: boolean,
  ) {
    super();
  }
  write = (frame: string, encodingOrCallback?: unknown, callback?: unknown) => {
    if (this.keepFrames) this.frames.push(frame);
    this.last = frame;
    this.bytes += Buffer.byteLength(frame);
    const cb = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (typeof cb === 'function') queueMicrotask(() => (cb as () => void)());
    return true;
  };
}

/** A stdin Ink accepts as a terminal: what `write` puts in is read once, as a keypress would be. */
export class FakeStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

export interface TestTerminal {
  lastFrame(): string;
  /** Every frame written (empty when `keepFrames` is off). */
  frames: string[];
  /** The last write: a whole frame in debug mode, only the changed lines with incremental rendering. */
  lastWrite(): string;
  bytesWritten(): number;
  /** Write raw bytes to stdin (a key, an escape sequence, a paste). */
  write(data: string): void;
  stdin: { write(data: string): void };
  resize(columns: number, rows: number): void;
  unmount(): void;
  instance: Instance;
}

export interface TerminalOptions {
  columns?: number;
  rows?: number;
  /** Keep every frame (tests; default) or only the last write (benchmarks that draw for hours). */
  keepFrames?: boolean;
  /**
   * Render as the dashboard does (src/cli/dashboard.tsx): frames throttled to `maxFps` per second of real time,
   * written incrementally. Default: Ink's debug mode, every React commit a full frame.
   */
  dashboard?: { maxFps: number };
  onRender?: RenderOptions['onRender'];
}

export function renderTerminal(tree: ReactElement, o: TerminalOptions = {}): TestTerminal {
  const columns = o.columns ?? 100;
  const rows = o.rows ?? 30;
  const keep = o.keepFrames ?? true;
  const stdout = new FakeStdout(columns, rows, keep);
  const stderr = new FakeStdout(columns, rows, false);
  const stdin = new FakeStdin();
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    ...(o.dashboard ? { maxFps: o.dashboard.maxFps, incrementalRendering: true, interactive: true } : { debug: true }),
    ...(o.onRender ? { onRender: o.onRender } : {}),
  });
  return {
    lastFrame: () => (keep ? (stdout.frames[stdout.frames.length - 1] ?? '') : stdout.last),
    frames: stdout.frames,
    lastWrite: () => stdout.last,
    bytesWritten: () => stdout.bytes,
    write: (data) => stdin.write(data),
    stdin,
    resize(c, r) {
      stdout.columns = c;
      stdout.rows = r;
      stdout.emit('resize');
    },
    unmount() {
      instance.unmount();
      instance.cleanup();
    },
    instance,
  };
}
