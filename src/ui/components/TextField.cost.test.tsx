/**
 * TextField's cost per frame (TextField.tsx): fitting the window around the cursor measured a slice of the text for
 * each code point it moved past, each slice up to the whole text, so a long pasted address cost the square of its
 * length on every frame. The cells it measures now grow with the text, not its square.
 */
import { cleanup, render } from 'ink-testing-library';
import type * as FormatModule from '../format.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForFrame } from '../../../test/support/wait.js';
import { displayWidth } from '../format.js';
import { TextField } from './TextField.js';

vi.mock('../format.js', async (importOriginal) => {
  const real = await importOriginal<typeof FormatModule>();
  return { ...real, displayWidth: vi.fn(real.displayWidth) };
});

/** The characters displayWidth was asked to measure since the last clear. */
const measured = () => vi.mocked(displayWidth).mock.calls.reduce((n, [text]) => n + text.length, 0);

beforeEach(() => {
  vi.mocked(displayWidth).mockClear();
});
afterEach(() => cleanup());

describe('text field, a long text', () => {
  const address = `https://example.com/${'a-long-pasted-path/'.repeat(100)}end`;

  it('with the cursor at its end: the cells measured grow with the text, not its square', async () => {
    const field = render(<TextField state={{ value: address, cursor: address.length }} width={40} focused />);
    expect(await waitForFrame(field, 'end')).toBe(`…${'a-long-pasted-path/'.repeat(2).slice(-35)}end`);
    expect(measured()).toBeLessThanOrEqual(8 * address.length);
  });

  it('with the cursor in its middle: both ends cut, the cells measured grow with the text', async () => {
    const cursor = Math.floor(address.length / 2);
    const field = render(<TextField state={{ value: address, cursor }} width={40} focused={false} />);
    const frame = await waitForFrame(field, '…');
    expect(frame).toMatch(/^…[a-z/-]{38}…$/);
    expect(measured()).toBeLessThanOrEqual(8 * address.length);
  });

  // the cells are summed by grapheme: a window whose edge cuts one (a cursor inside a family emoji, an accent) is
  // measured whole, so it still fits its cells
  it('a text of graphemes of several code points: every window fits the field', async () => {
    const text = 'caf\u0065\u0301 👨\u200d👩\u200d👧 日本語 ❤\ufe0f 🇫🇷 '.repeat(6);
    const n = Array.from(text).length;
    for (let cursor = 0; cursor <= n; cursor += 3) {
      const field = render(<TextField state={{ value: text, cursor }} width={16} focused={false} />);
      const frame = await waitForFrame(field, '…');
      expect(displayWidth(frame)).toBeLessThanOrEqual(16);
      cleanup();
    }
  });
});
