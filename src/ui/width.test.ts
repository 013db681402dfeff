/**
 * The fast paths in displayWidth / fitWidth (printable ASCII by length, a
 * bounded cache for the rest) must answer exactly what string-width does.
 */
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { displayWidth, fitCacheSize, fitWidth, widthCacheSize } from './format.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Reference oracle for fitWidth: string-width on the whole text and on every grapheme, no fast paths. */
function referenceFit(text: string, width: number, pad = false): string {
  const w = Math.max(0, Math.floor(Number.isFinite(width) ? width : 0));
  if (w === 0) return '';
  const full = stringWidth(text);
  if (full <= w) return pad ? text + ' '.repeat(w - full) : text;
  let out = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const sw = stringWidth(segment);
    if (used + sw > w - 1) break;
    out += segment;
    used += sw;
  }
  out += '…';
  used += 1;
  return pad && used < w ? out + ' '.repeat(w - used) : out;
}

const samples = [
  '',
  'plain ascii',
  'tab\there',
  'bell\x07',
  'del\x7f',
  '63.5¢',
  '▲1.2¢',
  '選挙の結果',
  '👨‍👩‍👧‍👦 family 🇺🇸',
  'e\u0301',
  'soft\u00adhyphen',
  '\u200bzero',
];
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(...samples),
);

describe('display width fast paths', () => {
  it('measures exactly as string-width does, ASCII, control characters, CJK, emoji and combining marks alike', () => {
    for (const s of samples) expect(displayWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
    fc.assert(fc.property(text, (s) => displayWidth(s) === stringWidth(s) && displayWidth(s) === stringWidth(s)));
  });

  it('cuts and pads exactly as before', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 40 }), fc.boolean(), (s, w, pad) => {
        expect(fitWidth(s, w, pad)).toBe(referenceFit(s, w, pad));
      }),
    );
  });

  it('keeps its cache bounded however many different strings it sees', () => {
    for (let i = 0; i < 10_000; i++) displayWidth(`¢${i}`);
    expect(widthCacheSize()).toBeLessThanOrEqual(4096);
    expect(widthCacheSize()).toBeGreaterThan(0);
    expect(displayWidth('¢9999')).toBe(5);
    expect(displayWidth('¢1')).toBe(2);
    for (let i = 0; i < 10_000; i++) fitWidth(`選挙 ${i} 選挙`, 6, i % 2 === 0);
    expect(fitCacheSize()).toBeLessThanOrEqual(4096);
    expect(fitCacheSize()).toBeGreaterThan(0);
    expect(fitWidth('選挙 9999 選挙', 6, false)).toBe('選挙 …');
    expect(fitWidth('選挙 9999 選挙', 4, true)).toBe('選… ');
  });
});
