/**
 * A stream with its `write` replaced (inkFrameWrites.ts joins a frame's writes, inkCursorMoves.ts compacts its cursor
 * moves): the same object for every other read (columns, rows, isTTY, its events), its methods bound to it.
 */

/** What Ink and its log-update read of a stdout: its size, whether it is a terminal, its events, and `write`. */
export type Writable = { write: (chunk: string, ...rest: never[]) => unknown };

export function writeWrapped<S extends Writable>(stream: S, write: (chunk: unknown, ...rest: never[]) => unknown): S {
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === 'write') return write;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
