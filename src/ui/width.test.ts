/**
 * The fast paths in displayWidth / fitWidth (narrow characters by length, coloured or not; a bounded cache for the
 * rest) must answer exactly what string-width does.
 */
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it, vi } from 'vitest';
import { displayWidth, fitCacheSize, fitWidth, NARROW_RANGES, widthCacheSize } from './format.js';

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
  '◽ wide square',
  '↔\ufe0f emoji arrow',
  '·\u0301 combined',
  '\x1b[1m\x1b[36moddsboard \x1b[39m\x1b[22m ● online 55/60 req/min  05:28:53',
  '\x1b]8;;https://kalshi.com\x07link\x1b]8;;\x07 ¢',
  '\x1b[38;5;208m▲1.2¢\x1b[39m 選',
];
const narrowChars = NARROW_RANGES.flatMap(([a, b]) =>
  Array.from({ length: b - a + 1 }, (_, i) => String.fromCharCode(a + i)),
);
const colour = fc.constantFrom(
  '\x1b[',
  '\x1b[3;',
  '\x1b',
  '\x1b[1m',
  '\x1b[22m',
  '\x1b[36m',
  '\x1b[39m',
  '\x1b[38;5;208m',
  '\x1b[0m',
  '\x1b[m',
);
/** Lines as Ink measures them: narrow characters with colour codes between, now and then something that is not. */
const line = fc
  .array(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...narrowChars) }, colour, fc.constantFrom(...samples)), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(...samples),
  line,
);

describe('display width fast paths', () => {
  it('measures exactly as string-width does, ASCII, control characters, CJK, emoji and combining marks alike', () => {
    for (const s of samples) expect(displayWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
    fc.assert(fc.property(text, (s) => displayWidth(s) === stringWidth(s) && displayWidth(s) === stringWidth(s)));
  });

  it('counts every character of the narrow set as one cell, as string-width does, alone and after another', () => {
    const wrong = narrowChars.filter(
      (c) => stringWidth(c) !== 1 || displayWidth(c) !== 1 || stringWidth(`a${c}b`) !== 3,
    );
    expect(wrong.map((c) => c.charCodeAt(0).toString(16))).toEqual([]);
    expect(narrowChars.length).toBeGreaterThan(1000);
  });

  it('measures coloured lines of narrow characters by counting, without remembering them', () => {
    const before = widthCacheSize();
    for (let s = 0; s < 3000; s++) {
      const clock = `05:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
      const header = `\x1b[1m\x1b[36moddsboard\x1b[39m\x1b[22m \x1b[32m● online\x1b[39m ${s % 60}/60 req/min  ${clock}`;
      expect(displayWidth(header)).toBe(stringWidth(header));
    }
    expect(widthCacheSize()).toBe(before);
  });

  it('measures a coloured line of narrow characters in place, without a copy of it per frame', () => {
    const header = '\x1b[1m\x1b[36moddsboard\x1b[39m\x1b[22m \x1b[32m● online\x1b[39m 5/60 req/min  05:28:53';
    const replace = vi.spyOn(String.prototype, 'replace');
    let w: number;
    let copies: number;
    try {
      w = displayWidth(header);
      copies = replace.mock.calls.length;
    } finally {
      replace.mockRestore();
    }
    expect(copies).toBe(0);
    expect(w).toBe(stringWidth(header));
  });

  it('cuts and pads exactly as before', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 40 }), fc.boolean(), (s, w, pad) => {
        expect(fitWidth(s, w, pad)).toBe(referenceFit(s, w, pad));
      }),
    );
  });

  it('keeps its cache bounded however many different strings it sees', () => {
    for (let i = 0; i < 10_000; i++) displayWidth(`選${i}`);
    expect(widthCacheSize()).toBeLessThanOrEqual(4096);
    expect(widthCacheSize()).toBeGreaterThan(0);
    expect(displayWidth('選9999')).toBe(6);
    expect(displayWidth('選1')).toBe(3);
    for (let i = 0; i < 10_000; i++) fitWidth(`選挙 ${i} 選挙`, 6, i % 2 === 0);
    expect(fitCacheSize()).toBeLessThanOrEqual(4096);
    expect(fitCacheSize()).toBeGreaterThan(0);
    expect(fitWidth('選挙 9999 選挙', 6, false)).toBe('選挙 …');
    expect(fitWidth('選挙 9999 選挙', 4, true)).toBe('選… ');
  });
});
