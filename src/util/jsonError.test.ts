import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineColumn } from './jsonError.js';

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
