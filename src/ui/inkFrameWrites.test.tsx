/**
 * Ink writes a frame to a terminal as three writes (the synchronized-output opening, the frame, the closing); the
 * stream the dashboard hands Ink sends them as one, byte for byte the same.
 */
import { EventEmitter } from 'node:events';
import { render, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/support/wait.js';
import { FakeStdin } from '../../test/support/terminal.js';
import { BSU, ESU, framesJoined } from './inkFrameWrites.js';

/** A stream that keeps each write it is given (a terminal of 40×10 when `isTTY`). */
function sink(isTTY: boolean) {
  const writes: string[] = [];
  const stream = Object.assign(new EventEmitter(), {
    isTTY,
    columns: 40,
    rows: 10,
    write: (s: string, ...rest: unknown[]) => {
      writes.push(s);
      const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (cb) queueMicrotask(cb);
      return true;
    },
  });
  return { writes, stream };
}

describe('one write a frame', () => {
  it('the opening, the frame and the closing go out as one write; writes outside them as they came', () => {
    const { writes, stream } = sink(true);
    const joined = framesJoined(stream);
    joined.write('\r');
    joined.write(BSU);
    joined.write('\u001B[2A\u001B[3G\u001B[Kx\n');
    joined.write('\u001B[2E');
    expect(writes).toEqual(['\r']);
    expect(joined.write(ESU)).toBe(true);
    joined.write('\u001B[?25h');
    expect(writes).toEqual(['\r', `${BSU}\u001B[2A\u001B[3G\u001B[Kx\n\u001B[2E${ESU}`, '\u001B[?25h']);
  });

  it('what was held goes out at the next microtask without a closing, and before a write with a callback', async () => {
    const { writes, stream } = sink(true);
    const joined = framesJoined(stream);
    joined.write(BSU);
    joined.write('frame');
    expect(writes).toEqual([]);
    await Promise.resolve();
    expect(writes).toEqual([`${BSU}frame`]);
    joined.write(BSU);
    joined.write('more');
    let called = false;
    joined.write('last', () => (called = true));
    expect(writes).toEqual([`${BSU}frame`, `${BSU}more`, 'last']);
    await waitFor(() => called, 'the callback');
  });

  it('the stream is the same for everything but write: its size, whether a terminal, its events', () => {
    const { stream } = sink(true);
    const joined = framesJoined(stream);
    expect(joined.isTTY).toBe(true);
    expect('isTTY' in joined).toBe(true);
    stream.columns = 97;
    expect(joined.columns).toBe(97);
    let resized = 0;
    const onResize = () => resized++;
    joined.on('resize', onResize);
    stream.emit('resize');
    joined.off('resize', onResize);
    stream.emit('resize');
    expect(resized).toBe(1);
  });

  it("Ink's frames, drawn as the dashboard draws them: three writes each from Ink, one to the terminal", async () => {
    const { writes, stream } = sink(true);
    const joined = framesJoined(stream);
    // what Ink writes, before it is joined
    const fromInk: string[] = [];
    const tap = new Proxy(stream, {
      get: (target, prop) =>
        prop === 'write'
          ? (s: string, ...rest: never[]) => (fromInk.push(s), joined.write(s, ...rest))
          : (Reflect.get(target, prop, target) as unknown),
    });
    const stdin = new FakeStdin();
    const frame = (n: number) => <Text>{`clock ${n}\nrow two\nrow three`}</Text>;
    const instance = render(frame(0), {
      stdout: tap as unknown as NodeJS.WriteStream,
      stderr: sink(false).stream as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      alternateScreen: true,
      interactive: true,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 15,
      incrementalRendering: true,
    });
    const opened = (list: string[]) => list.filter((w) => w.includes(BSU)).length;
    for (let n = 1; n <= 3; n++) {
      const before = opened(writes);
      instance.rerender(frame(n));
      await waitFor(() => opened(writes) > before && writes.at(-1)!.endsWith(ESU), `frame ${n}`);
    }
    instance.unmount();
    instance.cleanup();
    await Promise.resolve();
    // the same bytes, in the same order
    expect(writes.join('')).toBe(fromInk.join(''));
    // Ink: the opening and the closing are writes of their own, around each frame
    const frames = fromInk.filter((w) => w === BSU).length;
    expect(frames).toBeGreaterThanOrEqual(4);
    expect(fromInk.filter((w) => w === ESU)).toHaveLength(frames);
    // the terminal: one write a frame, from its opening to its closing
    const framed = writes.filter((w) => w.includes(BSU));
    expect(framed).toHaveLength(frames);
    for (const w of framed) {
      expect(w.startsWith(BSU) && w.endsWith(ESU)).toBe(true);
      expect(w.split(BSU)).toHaveLength(2);
    }
    expect(writes.filter((w) => w === ESU)).toEqual([]);
    // and every write of Ink's outside a frame's brackets as it came (entering the alternate screen, hiding the cursor)
    let depth = 0;
    const outside = fromInk.filter((w) => (w === BSU ? (depth++, false) : w === ESU ? (depth--, false) : depth === 0));
    expect(writes).toHaveLength(outside.length + frames);
    expect(framed.at(-1)).toContain('3');
  });
});
