/**
 * npm run bench:pairs [-- --json] [-- --list]: the matcher (src/pairs/) on the labelled cross-venue pairs of
 * test/fixtures/real/pairs/ (labels.json, SOURCES.md), per labelled set and over all: precision and recall of `same`
 * and of `complement` (a pair the matcher calls `related` or `different` counts as "not same"), with the sources of
 * each set. Every label names two market objects recorded from the venues, or assembled in the venue's documented
 * shape from a published table with the titles and rules verbatim. `--list` prints every pair, its label, the
 * matcher's relation and its first reasons.
 */
import type { Market } from '../src/api/types.js';
import { compare, signature } from '../src/pairs/index.js';
import type { Relation } from '../src/pairs/types.js';
import { LABEL_SETS, pairLabels, pairMarkets, recordedMarkets, type Label } from '../test/support/pairsFixtures.js';
import { isMain } from './main.js';

export interface Scored {
  label: Label;
  got: Relation;
  confidence: number;
  reasons: string[];
}

export interface Counts {
  pairs: number;
  tp: number;
  fp: number;
  fn: number;
}

export function score(markets: Map<string, Market>, labels: readonly Label[]): { scored: Scored[]; missing: string[] } {
  const scored: Scored[] = [];
  const missing: string[] = [];
  for (const l of labels) {
    const a = markets.get(l.a);
    const b = markets.get(l.b);
    if (!a || !b) {
      missing.push(!a ? l.a : l.b);
      continue;
    }
    const c = compare(signature(a), signature(b));
    scored.push({ label: l, got: c.relation, confidence: c.confidence, reasons: c.reasons });
  }
  return { scored, missing };
}

export function counts(scored: readonly Scored[], rel: 'same' | 'complement'): Counts {
  const c: Counts = { pairs: scored.length, tp: 0, fp: 0, fn: 0 };
  for (const s of scored) {
    if (s.got === rel && s.label.label === rel) c.tp++;
    else if (s.got === rel) c.fp++;
    else if (s.label.label === rel) c.fn++;
  }
  return c;
}

const ratio = (n: number, d: number) => (d === 0 ? 'n/a' : `${(n / d).toFixed(2)} (${n}/${d})`);

function line(name: string, scored: readonly Scored[]): string {
  const s = counts(scored, 'same');
  const c = counts(scored, 'complement');
  return (
    `${name.padEnd(10)} pairs ${String(scored.length).padStart(3)}  ` +
    `same: precision ${ratio(s.tp, s.tp + s.fp).padEnd(12)} recall ${ratio(s.tp, s.tp + s.fn).padEnd(12)}  ` +
    `complement: precision ${ratio(c.tp, c.tp + c.fp).padEnd(14)} recall ${ratio(c.tp, c.tp + c.fn).padEnd(13)} ` +
    `wrong "same": ${s.fp} of ${scored.length - s.tp - s.fn} not-same pairs`
  );
}

function main(argv: string[]): void {
  const markets = pairMarkets();
  const { scored, missing } = score(markets, pairLabels(markets));
  if (argv.includes('--json')) {
    const per = (xs: readonly Scored[]) => ({ same: counts(xs, 'same'), complement: counts(xs, 'complement') });
    const sets = Object.fromEntries(LABEL_SETS.map((s) => [s.id, per(scored.filter((x) => x.label.set === s.id))]));
    console.log(JSON.stringify({ all: per(scored), sets, missing }, null, 2));
    return;
  }
  console.log('bench:pairs — the matcher on hand-labelled cross-venue pairs\n');
  for (const s of LABEL_SETS) console.log(`  ${s.id}: ${s.name}\n    source: ${s.source}`);
  console.log('');
  for (const s of LABEL_SETS)
    console.log(
      line(
        s.id,
        scored.filter((x) => x.label.set === s.id),
      ),
    );
  console.log(line('all', scored));
  const hand = scored.filter((x) => x.label.set !== 'structure');
  console.log(line('hand only', hand));
  if (missing.length > 0) console.log(`\nlabels naming a market not found in the fixtures: ${missing.join(', ')}`);
  const sw = sweep(pairLabels(markets));
  console.log(
    `\nsweep: ${sw.pairs} pairs of ${sw.markets} recorded markets (every venue, labelled or not): ` +
      `${sw.same.length} called same, ${sw.complements} complement; same with no label:`,
  );
  for (const u of sw.unlabelled) console.log(`  ${u}`);
  const wrongSame = scored.filter((x) => x.got === 'same' && x.label.label !== 'same');
  if (wrongSame.length > 0) {
    console.log('\nwrong "same":');
    for (const w of wrongSame) console.log(`  ${w.label.a} ~ ${w.label.b}: labelled ${w.label.label}`);
  }
  if (argv.includes('--list')) {
    console.log('');
    for (const x of scored)
      console.log(
        `${x.label.label === x.got || (x.label.label === 'different' && x.got === 'related') ? ' ' : '!'} ` +
          `${x.label.set.padEnd(9)} ${x.label.a} ~ ${x.label.b}: label ${x.label.label}, got ${x.got} ` +
          `${x.confidence} — ${x.reasons.slice(0, 3).join('; ')}`,
      );
  }
}

/**
 * Every pair of every recorded market (labelled or not) compared: how many the matcher calls `same` and
 * `complement`, and which of the `same` ones no label covers — for a person to check, since precision on the
 * labels says nothing about pairs nobody labelled.
 */
export function sweep(labels: readonly Label[]): {
  markets: number;
  pairs: number;
  same: string[];
  unlabelled: string[];
  complements: number;
} {
  const all = [...recordedMarkets().entries()].map(([k, m]) => [k, signature(m)] as const);
  const labelled = new Map(labels.map((l) => [[l.a, l.b].sort().join(' ~ '), l.label]));
  const out = { markets: all.length, pairs: 0, same: [] as string[], unlabelled: [] as string[], complements: 0 };
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      out.pairs++;
      const c = compare(all[i]![1], all[j]![1]);
      const key = [all[i]![0], all[j]![0]].sort().join(' ~ ');
      if (c.relation === 'complement') out.complements++;
      if (c.relation !== 'same') continue;
      out.same.push(key);
      if (!labelled.has(key)) out.unlabelled.push(`${key} (${c.confidence}; ${c.reasons.slice(0, 2).join('; ')})`);
    }
  return out;
}

if (isMain(import.meta.url)) main(process.argv.slice(2));
