import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineColumn, topLevelKeyOffsets } from './jsonError.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('jsonErrorOffset', () => {
  it('agrees with JSON.parse on what is valid', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonErrorOffset(text)).toBe(-1);
      }),
    );
    fc.assert(
      fc.property(
        fc.json(),
        fc.nat(),
        fc.constantFrom('', ',', '}', ']', '"', 'x', '\\', '\n', '01'),
        (text, at, junk) => {
          const broken = text.slice(0, at % (text.length + 1)) + junk + text.slice(at % (text.length + 1));
          expect(jsonErrorOffset(broken) === -1).toBe(parses(broken));
        },
      ),
    );
  });

  it('points at the first bad character', () => {
    const text = '{\n  "sort": "volume",\n  "baseUrl": sk_live\n}';
    expect(lineColumn(text, jsonErrorOffset(text))).toEqual({ line: 3, column: 14 });
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('{"a": "b')).toBe(8); // ends too early: the text's length
    expect(jsonErrorOffset('{} x')).toBe(3);
  });
});

describe('topLevelKeyOffsets', () => {
  it('finds every top-level key of any object, at its own quote', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.constantFrom(undefined, 2), (obj, indent) => {
        const text = JSON.stringify(obj, null, indent);
        const at = topLevelKeyOffsets(text);
        expect([...at.keys()].sort()).toEqual(Object.keys(JSON.parse(text) as object).sort());
        for (const [key, offset] of at) expect(text.startsWith(JSON.stringify(key), offset)).toBe(true);
      }),
    );
  });

  it('takes the top-level key, not the same name nested or inside a string, and the last of two', () => {
    const text = [
      '{',
      '  "baseUrls": { "limit": "x", "sort": [1, {"limit": 2}] },',
      '  "query": "\\"limit\\": 3, {",',
      '  "limit": "abc",',
      '  "sort": "volume",',
      '  "sort": "newest"',
      '}',
    ].join('\n');
    const line = (key: string) => lineColumn(text, topLevelKeyOffsets(text).get(key)!).line;
    expect([line('baseUrls'), line('query'), line('limit'), line('sort')]).toEqual([2, 3, 4, 6]);
    expect(topLevelKeyOffsets('{"a\\u0062": 1}').get('ab')).toBe(1);
  });
});
