import fc from 'fast-check';
import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { fitWidth } from '../format.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { Line, fitSegments, mergeRuns, sameLine, type Seg } from './Line.js';

afterEach(() => cleanup());

/** Reference oracle for fitSegments: measures the whole line again for every segment. */
function referenceFit(segs: readonly Seg[], width: number): Seg[] {
  let kept = segs.filter((s) => s.text !== '');
  const total = (xs: Seg[]) => xs.reduce((n, s) => n + stringWidth(s.text), 0);
  while (total(kept) > width) {
    const droppable = kept.filter((s) => (s.priority ?? 0) < 0);
    if (droppable.length === 0) break;
    const lowest = Math.min(...droppable.map((s) => s.priority ?? 0));
    const victim = kept
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => (s.priority ?? 0) === lowest)
      .pop()!;
    kept = kept.filter((_, i) => i !== victim.i);
  }
  const out: Seg[] = [];
  let used = 0;
  for (const s of kept) {
    const room = width - used;
    if (room <= 0) break;
    const w = stringWidth(s.text);
    if (w <= room) {
      out.push(s);
      used += w;
    } else {
      out.push({ ...s, text: fitWidth(s.text, room) });
      break;
    }
  }
  return out;
}

const seg = fc.record(
  {
    text: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.constantFrom('', ' · sort volume', '63.5¢', '選挙'),
    ),
    priority: fc.integer({ min: -3, max: 0 }),
    bold: fc.boolean(),
  },
  { requiredKeys: ['text'] },
);

describe('Line', () => {
  it('fits segments exactly as before: lowest priority (rightmost first) dropped, then the last one cut', () => {
    fc.assert(
      fc.property(fc.array(seg, { maxLength: 8 }), fc.integer({ min: -1, max: 60 }), (segs, width) => {
        expect(fitSegments(segs, width)).toEqual(referenceFit(segs, width));
      }),
    );
  });

  it('cuts a segment marked minCut to the room left instead of dropping it, while that room is at least minCut', () => {
    const said: Seg = { text: '  the server said something long', priority: -1, minCut: 10 };
    const segs: Seg[] = [{ text: 'DEGRADED' }, said, { text: ' (x)', priority: -1 }];
    // the rightmost of the lowest goes first, as before: here both are -1, so ' (x)' is dropped, then said is cut
    expect(fitSegments(segs, 20).map((s) => s.text)).toEqual(['DEGRADED', '  the serve…']);
    expect(fitSegments([segs[0]!, said], 18).map((s) => s.text)).toEqual(['DEGRADED', '  the ser…']);
    expect(fitSegments([segs[0]!, said], 17).map((s) => s.text)).toEqual(['DEGRADED']);
  });

  it('takes the short forms once nothing more can be dropped, before cutting', () => {
    const segs: Seg[] = [
      { text: ' Kalshi ', short: ' K ' },
      { text: 'retry in 120s' },
      { text: ' (why)', priority: -1 },
    ];
    expect(fitSegments(segs, 30).map((s) => s.text)).toEqual([' Kalshi ', 'retry in 120s', ' (why)']);
    expect(fitSegments(segs, 22).map((s) => s.text)).toEqual([' Kalshi ', 'retry in 120s']);
    expect(fitSegments(segs, 16).map((s) => s.text)).toEqual([' K ', 'retry in 120s']);
    expect(fitSegments(segs, 12).map((s) => s.text)).toEqual([' K ', 'retry in…']);
  });

  it('makes room for a minCut segment by dropping the others that may be dropped first, lowest first', () => {
    const said: Seg = { text: '  the server said something long', priority: -3, minCut: 10 };
    const segs: Seg[] = [
      { text: 'DEGRADED' },
      { text: ' since 12:03', priority: -2 },
      { text: ' (x)', priority: -1 },
      { text: ' retry', priority: -1 },
      said,
    ];
    // enough room: said is cut, the rest kept
    expect(fitSegments(segs, 40).map((s) => s.text)).toEqual([...segs.slice(0, 4).map((s) => s.text), '  the ser…']);
    // too little: ' since 12:03' goes, then the rightmost of the -1s; said keeps its room
    expect(fitSegments(segs, 32).map((s) => s.text)).toEqual(['DEGRADED', ' (x)', ' retry', '  the server …']);
    expect(fitSegments(segs, 24).map((s) => s.text)).toEqual(['DEGRADED', ' (x)', '  the serve…']);
    // nothing else may be dropped: said goes, as before
    expect(fitSegments(segs, 17).map((s) => s.text)).toEqual(['DEGRADED']);
  });

  it('compares lines by what they draw', () => {
    const a: Seg[] = [
      { text: 'x', bold: true },
      { text: ' 3s', dim: true },
    ];
    expect(sameLine({ segs: a, width: 10 }, { segs: a.map((s) => ({ ...s })), width: 10 })).toBe(true);
    expect(sameLine({ segs: a, width: 10 }, { segs: a, width: 11 })).toBe(false);
    expect(sameLine({ segs: a, width: 10 }, { segs: [a[0]!, { text: ' 4s', dim: true }], width: 10 })).toBe(false);
    expect(sameLine({ segs: a, width: 10 }, { segs: [a[0]!, { text: ' 3s' }], width: 10 })).toBe(false);
    expect(sameLine({ segs: a, width: 10 }, { segs: [a[0]!], width: 10 })).toBe(false);
  });

  it('draws new segments when they change (memoized on content, not on identity)', async () => {
    const t = render(<Line width={20} segs={[{ text: 'age ' }, { text: '3s' }]} />);
    expect(await waitForFrame(t, 'age 3s')).toBe('age 3s');
    t.rerender(<Line width={20} segs={[{ text: 'age ' }, { text: '3s' }]} />);
    t.rerender(<Line width={20} segs={[{ text: 'age ' }, { text: '4s' }]} />);
    expect(await waitForFrame(t, 'age 4s')).toBe('age 4s');
    t.rerender(<Line width={5} segs={[{ text: 'age ' }, { text: '4s' }]} />);
    expect(await waitForFrame(t, 'age …')).toBe('age …');
  });
  it('joins neighbours drawn alike into one Text, keeping every character and style', () => {
    const segs: Seg[] = [
      { text: '▸ ', color: 'cyan', bold: true },
      { text: ' ' },
      { text: 'title ', bold: false },
      { text: '63.5¢ ', dim: true, priority: -1 },
      { text: '1.5k', dim: true },
      { text: '!', dim: true, inverse: true },
    ];
    const runs = mergeRuns(segs);
    expect(runs.map((s) => s.text)).toEqual(['▸ ', ' title ', '63.5¢ 1.5k', '!']);
    expect(runs.map((s) => s.text).join('')).toBe(segs.map((s) => s.text).join(''));
    expect(runs[2]).toMatchObject({ dim: true });
    expect(runs[3]).toMatchObject({ dim: true, inverse: true });
    expect(mergeRuns([])).toEqual([]);
  });
});
