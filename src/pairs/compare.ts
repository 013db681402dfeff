/**
 * compare(a, b): two signatures lined up field by field (the reference design is a signature per market where any
 * field that disagrees vetoes the pair, reasons kept). The relation:
 *  - `same`: every field both texts state agrees, nothing vetoes; YES on one is YES on the other;
 *  - `complement`: one's YES is the other's NO (a threshold and its opposite, the two sides of one game) and
 *    nothing else disagrees; prices are then compared flipped;
 *  - `related`: the same subject, but at least one field disagrees (each named in the reasons);
 *  - `different`: not about the same thing, or mutually exclusive outcomes of one question.
 * Confidence falls with every field one side does not state (no rules text, no date), never rises above what the
 * fields read support.
 */
import { nameInSentence } from '../sources/names.js';
import { intervalWords, relateIntervals } from './interval.js';
import type { Clause, Comparison, Signature } from './types.js';
import { sameWhen, whenWords } from './when.js';
import { CLAUSE_WORDS, KIND_WORDS, STAGE_WORDS } from './words.js';

const venueName = (s: Signature) => nameInSentence(s.ref.venue);

/** Share of the smaller name set found in the other (0 when either is empty). */
function overlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const sb = new Set(b);
  return a.filter((w) => sb.has(w)).length / Math.min(a.length, b.length);
}

/** A side's names: every name its venue gives it (teams.ts), else the name as written. */
const namesOf = (s: Signature, i: 0 | 1): string[] => s.sideNames?.[i] ?? [s.sides![i].trim().toLowerCase()];
const meet = (x: string[], y: string[]) => x.some((n) => y.includes(n));

/** The two games' sides lined up: the same order, crossed, or (no single way) undefined. */
function lineUp(a: Signature, b: Signature): 'straight' | 'crossed' | undefined {
  const [a0, a1, b0, b1] = [namesOf(a, 0), namesOf(a, 1), namesOf(b, 0), namesOf(b, 1)];
  const straight = meet(a0, b0) && meet(a1, b1);
  const crossed = meet(a0, b1) && meet(a1, b0);
  return straight === crossed ? undefined : straight ? 'straight' : 'crossed';
}

/** Whether any side of one is a side of the other. */
const sidesMeet = (a: Signature, b: Signature): boolean =>
  ([0, 1] as const).some((i) => ([0, 1] as const).some((j) => meet(namesOf(a, i), namesOf(b, j))));

/** Which side (0 or 1) YES pays on, from the names of its sides. */
function yesSide(s: Signature): 0 | 1 | undefined {
  if (!s.yes) return undefined;
  const y = s.yes.trim().toLowerCase();
  const on = ([0, 1] as const).filter((i) => namesOf(s, i).includes(y));
  return on.length === 1 ? on[0] : undefined;
}

export function compare(a: Signature, b: Signature): Comparison {
  const veto: string[] = [];
  const agree: string[] = [];
  const notes: string[] = [];
  let confidence = 0.95;
  let complement = false;
  let exclusive = false;
  /** The vetoes that are clauses for an event that does not happen as planned (EDGE_CLAUSES). */
  const edgeCases: string[] = [];

  const subj = overlap(a.subject, b.subject);
  if (a.subject.length > 0 && b.subject.length > 0 && subj === 0)
    return {
      relation: 'different',
      confidence: 0.9,
      reasons: [`about different things: ${a.subject.slice(0, 4).join(' ')} vs ${b.subject.slice(0, 4).join(' ')}`],
    };
  if (a.subject.length === 0 || b.subject.length === 0) {
    confidence *= 0.6;
    notes.push(`no names read from ${a.subject.length === 0 ? venueName(a) : venueName(b)}`);
  } else if (subj < 1) {
    // every name of one side must be on the other: "Jasmine Crockett (Texas, Democratic)" is not "James Talarico
    // (Texas, Democratic)" although half their names agree
    const onlyA = a.subject.filter((w) => !b.subject.includes(w));
    const onlyB = b.subject.filter((w) => !a.subject.includes(w));
    veto.push(`different subjects: ${onlyA.join(' ')} vs ${onlyB.join(' ')}`);
  } else {
    // the smaller name set is inside the larger; one extra name is a first name ("Donald" Trump), two are someone else
    const extra = Math.abs(a.subject.length - b.subject.length);
    if (extra >= 2) {
      const [big, small] = a.subject.length > b.subject.length ? [a, b] : [b, a];
      veto.push(`${venueName(big)} also names ${big.subject.filter((w) => !small.subject.includes(w)).join(' ')}`);
    } else agree.push(`about ${a.subject.filter((w) => b.subject.includes(w)).join(' ')}`);
  }
  if (a.years.length > 0 && b.years.length > 0 && !a.years.some((y) => b.years.includes(y)))
    veto.push(`year ${a.years.join('/')} vs ${b.years.join('/')}`);
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const)
    if (x.relative !== undefined && y.relative === undefined && (y.when || y.years.length > 0)) {
      veto.push(
        `"${x.relative}" on ${venueName(x)} vs ${y.when ? whenWords(y.when) : y.years.join('/')} (a relative date)`,
      );
      break;
    }

  if (a.role && b.role && a.role !== b.role) veto.push(`${a.role} vs ${b.role}`);
  if (a.kind && b.kind && a.kind !== b.kind) veto.push(`${KIND_WORDS[a.kind]} vs ${KIND_WORDS[b.kind]}`);
  else if (a.kind && b.kind) agree.push(KIND_WORDS[a.kind]);
  else veto.push(`what must happen is not read from ${a.kind ? venueName(b) : venueName(a)}`);
  if (a.stage && b.stage && a.stage !== b.stage) veto.push(`${STAGE_WORDS[a.stage]} vs ${STAGE_WORDS[b.stage]}`);

  if (a.interval && b.interval) {
    if (a.interval.measure !== b.interval.measure) veto.push(`${a.interval.measure} vs ${b.interval.measure}`);
    else {
      const r = relateIntervals(a.interval, b.interval);
      const words = `${intervalWords(a.interval)} vs ${intervalWords(b.interval)}`;
      if (r === 'equal') agree.push(`${a.interval.measure}: ${intervalWords(a.interval)}`);
      else if (r === 'complement') complement = true;
      else if (r === 'disjoint') exclusive = true;
      else if (r === 'inside' || r === 'contains') veto.push(`${words} (${shapeWords(a, b)})`);
      else veto.push(`${words} (they overlap)`);
      if (r !== 'equal') notes.push(`${a.interval.measure}: ${words}`);
    }
  } else if (a.interval || b.interval) veto.push(`a threshold only on ${venueName(a.interval ? a : b)}`);

  if (a.sides && b.sides && !sidesMeet(a, b))
    // a game's winner and its total: two questions about one game, neither side named on the other
    return {
      relation: 'different',
      confidence: 0.9,
      reasons: [`different outcomes of one contest: ${a.sides.join('/')} vs ${b.sides.join('/')}`],
    };
  if (a.sides && b.sides) {
    const sides = lineUp(a, b);
    if (!sides) veto.push(`sides ${a.sides.join('/')} vs ${b.sides.join('/')}`);
    else {
      const ya = yesSide(a);
      const yb = yesSide(b);
      if (ya === undefined || yb === undefined) veto.push('which side YES pays is not stated on both');
      else if ((sides === 'straight') !== (ya === yb)) complement = true;
      else if (a.sideNames || b.sideNames) agree.push(`YES on ${a.sides[ya]} = ${b.sides[yb]}`);
    }
  }

  if (a.when && b.when) {
    if (!sameWhen(a.when, b.when)) {
      const window = a.when.mode !== 'on' || b.when.mode !== 'on';
      veto.push(`${window ? 'window ends' : 'date'} ${whenWords(a.when)} vs ${whenWords(b.when)}`);
    } else agree.push(`resolves ${whenWords(a.when.grain === 'day' ? a.when : b.when)}`);
  } else {
    confidence *= 0.85;
    notes.push(`no date read from ${a.when ? venueName(b) : venueName(a)}${a.when || b.when ? '' : ' or the other'}`);
  }

  if (a.station && b.station && a.station !== b.station) veto.push(`station ${a.station} vs ${b.station}`);
  else if (
    (a.station || b.station) &&
    (a.interval?.measure.includes('temperature') || b.interval?.measure.includes('temperature'))
  )
    veto.push(`station named only on ${venueName(a.station ? a : b)} (${a.station ?? b.station})`);

  const zeroBucket = a.interval?.lo === 0 && a.interval.hi === 0 && b.interval?.lo === 0 && b.interval.hi === 0;
  for (const c of new Set([...a.clauses, ...b.clauses])) {
    if (a.clauses.includes(c) === b.clauses.includes(c)) continue;
    if (c === 'rounds-up' && zeroBucket) continue; // rounding cannot move a change into "no change"
    const has = a.clauses.includes(c) ? a : b;
    const other = has === a ? b : a;
    // a venue that published no rules text in this record may well have the clause: unknown, not a disagreement
    if (!other.hasRules) notes.push(`${CLAUSE_WORDS[c]} on ${venueName(has)}, unknown on ${venueName(other)}`);
    else {
      veto.push(`${CLAUSE_WORDS[c]}: ${venueName(has)} only`);
      if (EDGE_CLAUSES.has(c)) edgeCases.push(veto[veto.length - 1]!);
    }
  }
  for (const s of [a, b]) if (s.unreadable) veto.push(`${venueName(s)}: ${s.unreadable}`);
  for (const s of [a, b])
    if (!s.hasRules) {
      confidence *= 0.75;
      notes.push(`no rules text from ${venueName(s)} in this record`);
    }

  // two outcomes that can never both pay YES are not a candidate, whatever else differs
  if (exclusive)
    return {
      relation: 'different',
      confidence: 0.9,
      reasons: [
        veto.length === 0 ? 'mutually exclusive outcomes of one question' : 'outcomes do not overlap',
        ...veto,
        ...notes,
      ],
    };
  if (complement && veto.length === 0)
    return {
      relation: 'complement',
      confidence: round(confidence * Math.max(subj, 0.6)),
      reasons: [`YES on ${venueName(a)} is NO on ${venueName(b)}`, ...notes, ...agree],
    };
  if (veto.length === 0)
    return { relation: 'same', confidence: round(confidence * Math.max(subj, 0.6)), reasons: [...agree, ...notes] };
  const edge: Comparison['edge'] =
    edgeCases.length === veto.length ? { would: complement ? 'complement' : 'same', cases: edgeCases } : undefined;
  // related means the same subject with a field that disagrees: a side whose names cannot be read shows no subject
  // in common, so a pair that is not same or complement on every other field is not a candidate (docs/pairs.md)
  if (a.subject.length === 0 || b.subject.length === 0)
    return {
      relation: 'different',
      confidence: 0.6,
      reasons: [`not shown to be about the same thing: ${notes[0]}`, ...veto, ...notes.slice(1)],
    };
  if (complement) veto.unshift(BUT);
  return {
    relation: 'related',
    confidence: round(Math.min(0.9, confidence)),
    reasons: [...veto, ...notes],
    ...(edge ? { edge } : {}),
  };
}

/**
 * Clauses for an event that does not happen as planned: a pair that differs only in these is the same question
 * whenever the game is played, the meeting held, the person alive (docs/pairs.md "Edge cases"). The others (what an
 * announcement counts for, rounding off the ladder) change what pays on an ordinary outcome.
 */
const EDGE_CLAUSES: ReadonlySet<Clause> = new Set<Clause>([
  'postpone-fair-price',
  'cancel-to-no',
  'cancel-to-hold',
  'death-price',
  'ties-split',
]);

function shapeWords(a: Signature, b: Signature): string {
  const sa = a.interval!.shape;
  const sb = b.interval!.shape;
  if (sa !== sb && (sa === 'cumulative' || sb === 'cumulative')) return 'cumulative threshold vs exclusive bucket';
  return 'one range inside the other';
}

const round = (x: number) => Math.round(x * 100) / 100;

/** The lead-in of a would-be complement's disagreements: read with the reason after it, never alone. */
const BUT = 'would be complements, but';

/** The first reason as it reads: a lead-in joined to the reason it introduces ("would be complements, but …"). */
export function firstReason(reasons: readonly string[]): string | undefined {
  return reasons[0] === BUT && reasons[1] !== undefined ? `${BUT} ${reasons[1]}` : reasons[0];
}

/** Reasons as one text, `sep` between them, a lead-in joined to the reason after it (not "but · …", "but; …"). */
export function reasonsText(reasons: readonly string[], sep: string): string {
  return reasons.reduce((t, r, i) => (i === 0 ? r : `${t}${reasons[i - 1] === BUT ? ' ' : sep}${r}`), '');
}
