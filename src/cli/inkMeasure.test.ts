import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import measureText, { MEASURE_CACHE_MAX, measureCacheSize } from './inkMeasure.js';

// Ink's own (with the real string-width: no hook in tests)
const { default: inkMeasureText } = (await import(
  new URL('../../node_modules/ink/build/measure-text.js', import.meta.url).href
)) as { default: (text: string) => { width: number; height: number } };

describe("inkMeasure (Ink's measure-text with a smaller cache)", () => {
  it("answers as Ink's measure-text does, twice (the second time from the cache)", () => {
    const samples = [
      '',
      'plain',
      'two\nlines, the second longer',
      '\x1b[1m\x1b[32mACTIVE\x1b[39m\x1b[22m  37.0¢ ▲1.2¢',
      '選挙の結果\nab',
      '👨‍👩‍👧‍👦 family',
      '\n\n',
    ];
    for (const s of samples) {
      expect(measureText(s), s).toEqual(inkMeasureText(s));
      expect(measureText(s), s).toEqual(inkMeasureText(s));
    }
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { maxLength: 4 }), (lines) => {
        const s = lines.join('\n');
        const a = measureText(s);
        const b = inkMeasureText(s);
        return a.width === b.width && a.height === b.height;
      }),
    );
  });

  it('keeps at most two generations of MEASURE_CACHE_MAX texts, however many it measured', () => {
    for (let i = 0; i < 5 * MEASURE_CACHE_MAX; i++) measureText(`row ${i} · 63.${i % 10}¢`);
    expect(measureCacheSize()).toBeGreaterThan(0);
    expect(measureCacheSize()).toBeLessThanOrEqual(2 * MEASURE_CACHE_MAX);
    // what was measured last is still there: same object back
    const last = `row ${5 * MEASURE_CACHE_MAX - 1} · 63.${(5 * MEASURE_CACHE_MAX - 1) % 10}¢`;
    expect(measureText(last)).toBe(measureText(last));
  });
});
