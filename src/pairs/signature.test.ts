/** signature() and compare() on whatever a server may send: never a throw, never NaN, every field sane. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { compare } from './compare.js';
import { signature } from './signature.js';

const SOURCES = ['kalshi', 'polymarket', 'manifold', 'reference'] as const;
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('\u001b[31mRed', 'If X wins before 2027', 'Cut of   25bps', '||Date||'),
);
const raw = fc.dictionary(
  fc.constantFrom(
    'title',
    'question',
    'rules_primary',
    'rules_secondary',
    'yes_sub_title',
    'description',
    'textDescription',
    'outcomes',
    'ticker',
    'groupItemTitle',
    'events',
  ),
  fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text), fc.object()),
);

function market(source: (typeof SOURCES)[number], r: unknown): Market {
  return { id: 'x', title: 'T', status: 'active', outcomes: [], source, raw: r };
}

describe('signature on hostile input', () => {
  it('never throws, keeps no control sequence in its reasons, and gives a relation both ways round', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SOURCES), raw, fc.constantFrom(...SOURCES), raw, (sa, ra, sb, rb) => {
        const a = signature(market(sa, ra));
        const b = signature(market(sb, rb));
        const ab = compare(a, b);
        expect(['same', 'related', 'complement', 'different']).toContain(ab.relation);
        expect(Number.isFinite(ab.confidence)).toBe(true);
        expect(ab.reasons.join(' ')).not.toContain('\u001b');
        for (const v of [a.interval?.lo, a.interval?.hi, a.when?.end])
          if (v !== undefined) expect(Number.isFinite(v)).toBe(true);
        expect(compare(b, a).relation).toBe(ab.relation);
      }),
      { numRuns: 300 },
    );
  });
});
