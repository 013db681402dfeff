/**
 * Test helper: renders an Ink tree into a fake terminal of a chosen size and
 * types keys into it. ink-testing-library 4 hard-codes 100 columns and no rows
 * (so useWindowSize falls back to the real terminal); this mirrors its streams
 * with a settable size. Waiting is done by polling the last frame with a short
 * interval and a deadline — never a fixed sleep.
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
  resize(columns: number, rows: number): void;
  unmount(): void;
  instance: Instance;
}

export const KEYS = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  enter: '\r',
  tab: '\t',
  shiftTab: '\x1b[Z',
  esc: '\x1b',
  backspace: '\x7f',
  ctrlC: '\x03',
  ctrlU: '\x15',
  paste: (text: string) => `\x1b[200~${text}\x1b[201~`,
} as const;

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

/** Poll `cond` every few ms until it holds; fail after `timeout` ms with `message`. */
export async function waitFor(cond: () => boolean, message = 'condition', timeout = 1500): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (cond()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${message}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

/** Wait until the last frame satisfies `pred` (a substring or a predicate). */
export async function waitForFrame(term: TestTerminal, pred: string | ((frame: string) => boolean), timeout?: number): Promise<string> {
  const test = typeof pred === 'string' ? (f: string) => stripAnsi(f).includes(pred) : (f: string) => pred(stripAnsi(f));
  try {
    await waitFor(() => test(term.lastFrame()), typeof pred === 'string' ? `"${pred}" on screen` : 'frame', timeout);
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- last frame ---\n${stripAnsi(term.lastFrame())}`);
  }
  return stripAnsi(term.lastFrame());
}

/**
 * Type keys one by one; after each, wait until the frame changes (or, with
 * `until`, until that holds — for keys whose effect is not on screen).
 */
export async function press(term: TestTerminal, keys: string | readonly string[], until?: () => boolean): Promise<string> {
  for (const k of typeof keys === 'string' ? [keys] : keys) {
    const before = term.lastFrame();
    term.write(k);
    if (until) await waitFor(until, `effect of key ${JSON.stringify(k)}`);
    else await waitForFrame(term, (f) => f !== stripAnsi(before));
  }
  return stripAnsi(term.lastFrame());
}

/** Remove SGR colour codes only (any other escape left in a frame is a bug the tests should see). */
export function stripAnsi(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}
