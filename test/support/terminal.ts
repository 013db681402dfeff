/**
 * Test helper: renders an Ink tree into a fake terminal of a chosen size and
 * types keys into it. ink-testing-library 4 hard-codes 100 columns and no rows
 * (so useWindowSize falls back to the real terminal); this mirrors its streams
 * with a settable size, for the tests whose layout depends on the size. Tests
 * of size-independent components use ink-testing-library's `render`; both are
 * waited on with the helpers of wait.ts.
 */
import { EventEmitter } from 'node:events';
import { render, type Instance } from 'ink';
import type { ReactElement } from 'react';

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string, encodingOrCallback?: unknown, callback?: unknown) => {
    this.frames.push(frame);
    const cb = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (typeof cb === 'function') queueMicrotask(() => (cb as () => void)());
    return true;
  };
}

class FakeStdin extends EventEmitter {
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
  frames: string[];
  /** Write raw bytes to stdin (a key, an escape sequence, a paste). */
  write(data: string): void;
  stdin: { write(data: string): void };
  resize(columns: number, rows: number): void;
  unmount(): void;
  instance: Instance;
}


export function renderTerminal(tree: ReactElement, size: { columns?: number; rows?: number } = {}): TestTerminal {
  const stdout = new FakeStdout(size.columns ?? 100, size.rows ?? 30);
  const stderr = new FakeStdout(size.columns ?? 100, size.rows ?? 30);
  const stdin = new FakeStdin();
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    lastFrame: () => stdout.frames[stdout.frames.length - 1] ?? '',
    frames: stdout.frames,
    write: (data) => stdin.write(data),
    stdin,
    resize(columns, rows) {
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit('resize');
    },
    unmount() {
      instance.unmount();
      instance.cleanup();
    },
    instance,
  };
}
