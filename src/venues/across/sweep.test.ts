/**
 * The sweep's index of subject words answers what asking every pair did: the same pairs, in the same order, on the
 * recorded markets of the pairs' fixtures (test/fixtures/real/pairs/) and on random draws of them with markets whose
 * titles name nothing (no subject words: compared with every market).
 */
import { describe, expect, it } from 'vitest';
import type { Market } from '../../api/types.js';
import { compare } from '../../pairs/compare.js';
import { PairDecisions } from '../../pairs/decisions.js';
import { signature } from '../../pairs/signature.js';
import { parseRefKey } from '../../venue/ref.js';
import { pairMarkets } from '../../../test/support/pairsFixtures.js';
import { bare } from './desk.js';
import { sweep, SWEEP_MAX, SWEEP_PER_VENUE } from './sweep.js';
import { mulberry32 } from '../../util/prng.js';

/** The sweep as it was: every pair of two venues' markets asked whether their subjects share a word. */
function everyPair(byVenue: readonly (readonly Market[])[], decisions: PairDecisions) {
  const lists = byVenue.map((ms) => ms.slice(0, SWEEP_PER_VENUE).map((m) => ({ m, s: signature(bare(m)) })));
  const out: { a: string; b: string; relation: 'same'; confidence: number; reasons: string[] }[] = [];
  for (let i = 0; i < lists.length; i++)
    for (let j = i + 1; j < lists.length; j++)
      for (const x of lists[i]!)
        for (const y of lists[j]!) {
          const [sx, sy] = [x.s, y.s];
          if (sx.subject.length && sy.subject.length && !sx.subject.some((w) => sy.subject.includes(w))) continue;
          if (decisions.decided(sx.ref, sy.ref) !== undefined) continue;
          const c = compare(sx, sy);
          if (c.relation === 'same')
            out.push({ a: x.m.id, b: y.m.id, relation: 'same', confidence: c.confidence, reasons: c.reasons });
        }
  return out.sort((p, q) => q.confidence - p.confidence).slice(0, SWEEP_MAX);
}

const byVenue = (): Market[][] => {
  const venues = new Map<string, Market[]>();
  for (const [key, m] of pairMarkets()) {
    const venue = parseRefKey(key)!.venue;
    venues.set(venue, [...(venues.get(venue) ?? []), { ...m, id: key }]);
  }
  return [...venues.values()];
};

describe('the sweep', () => {
  it('finds the pairs asking every pair found, on the recorded markets', () => {
    const lists = byVenue();
    expect(lists.length).toBeGreaterThan(1);
    const found = sweep(lists, new PairDecisions());
    expect(found.length).toBeGreaterThan(0);
    expect(signature(bare({ ...lists[0]![0]!, title: '?', raw: {} })).subject).toEqual([]);
    expect(found).toEqual(everyPair(lists, new PairDecisions()));
  });

  it('and on random draws of them, with markets that name nothing and pairs already decided', () => {
    const all = byVenue();
    for (let seed = 1; seed <= 20; seed++) {
      const rnd = mulberry32(seed);
      const lists = all.map((ms, v) => {
        const drawn = ms.filter(() => rnd() < 0.6).sort(() => rnd() - 0.5);
        // a market that names nothing (no subject words): compared with every market of the other venues
        const nameless = { ...ms[0]!, id: `${v}:nameless`, title: '?', raw: {} };
        if (rnd() < 0.5) drawn.splice(Math.floor(rnd() * drawn.length), 0, nameless);
        return drawn;
      });
      const decisions = new PairDecisions();
      const first = everyPair(lists, decisions)[0];
      if (first && rnd() < 0.5) {
        const [a, b] = [parseRefKey(first.a)!, parseRefKey(first.b)!];
        decisions.reject({ a, b, at: 0 });
      }
      expect(sweep(lists, decisions), `seed ${seed}`).toEqual(everyPair(lists, decisions));
    }
  });
});
