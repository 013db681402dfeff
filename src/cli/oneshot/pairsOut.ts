/**
 * What `oddsboard pairs` prints: one JSON document (docs/schema.json `pairsDocument`) or readable lines. Each pair:
 * both markets with their prices (a complement's flipped and labelled NO), the relation, its confidence and
 * reasons, the gap in cents, the gap after fees for the stated size and what both books fill — or, where a fee, a
 * book or the rules are unknown, why no edge is shown.
 */
import type { Market } from '../../api/types.js';
import { noCandidatesWhy } from '../../pairs/candidates.js';
import { pricedAs, type Gap, type LegView } from '../../pairs/gap.js';
import type { Comparison } from '../../pairs/types.js';
import type { SourceId } from '../../sources/types.js';
import type { Mode } from '../../store/types.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth, wrap } from '../../ui/format.js';
import { SCHEMA_VERSION } from './json.js';

export interface PairRow {
  a: Market;
  b: Market;
  comparison: Comparison;
  confirmed: boolean;
  gap: Gap;
}

/** What `pairs MARKET` looked through on another venue: its search (null where it was not asked) and its list. */
export interface Searched {
  venue: SourceId;
  /** The words its search was asked; null: not asked (the venue has no search, or the market names nobody). */
  words: string | null;
  /** How many markets its search answered; null: not asked, or no answer. */
  found: number | null;
  /** How many markets the first page of its list held; null: no answer (or its search failed: not asked). */
  listed: number | null;
  /** What its search looks through where that is not everything (Kalshi: its first events), or why none. */
  scope: string | null;
}

export interface PairsResult {
  /** The market asked about (`pairs MARKET`), or none (the confirmed pairs and the strongest candidates). */
  market?: Market;
  marketVenue?: SourceId;
  rows: PairRow[];
  problems: string[];
  size: number;
  /** With MARKET: what was looked through on each other venue. */
  searched?: Searched[];
}

export interface JsonPairLeg {
  venue: SourceId;
  id: string;
  title: string;
  price: number | null;
  side: 'YES' | 'NO (flipped)';
  currency: string | null;
  closesAt: string | null;
}

const iso = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());

function leg(m: Market, v: LegView): JsonPairLeg {
  return {
    venue: v.venue,
    id: v.id,
    title: m.title,
    price: v.price ?? null,
    side: v.side,
    currency: v.currency ?? null,
    closesAt: iso(v.closesAt),
  };
}

/** With MARKET and no candidates: the words the table says (why, for a market no longer open); else undefined. */
/** With a venue failed, none found is of those that answered (it read as if every venue had none). */
const answered = (r: PairsResult): string => (r.problems.length > 0 ? ' that answered (not every venue did)' : '');

function noCandidates(r: PairsResult, now: number): string | undefined {
  if (!r.market || r.rows.length > 0) return undefined;
  const why = noCandidatesWhy(r.market, `${r.marketVenue ?? 'public'}:${r.market.id}`, now);
  return `No candidates on the other venues${answered(r)}.${why ? ` ${why}` : ''}`;
}

export function pairsDocument(
  r: PairsResult,
  sources: { service: SourceId; mode: Mode; baseUrl: string }[],
  now = Date.now(),
): Record<string, unknown> {
  return {
    oddsboard: SCHEMA_VERSION,
    command: 'pairs',
    sources,
    fetchedAt: new Date(now).toISOString(),
    size: r.size,
    data: {
      market: r.market ? { venue: r.marketVenue ?? 'public', id: r.market.id, title: r.market.title } : null,
      pairs: r.rows.map((p) => ({
        a: leg(p.a, p.gap.a),
        b: leg(p.b, p.gap.b),
        relation: p.comparison.relation,
        pricedAs: pricedAs(p.comparison, p.confirmed),
        confidence: p.comparison.confidence,
        reasons: p.comparison.reasons,
        confirmed: p.confirmed,
        gapCents: p.gap.cents ?? null,
        afterFees: p.gap.afterFees ?? null,
        fillable: p.gap.fillable ?? null,
        noEdge: p.gap.noEdge,
        notes: p.gap.notes,
      })),
      ...(r.searched ? { searched: r.searched, noCandidates: noCandidates(r, now) ?? null } : {}),
      problems: r.problems,
    },
  };
}

const cents = (p: number | undefined) => (p === undefined ? '—' : `${Math.round(p * 1000) / 10}¢`);

function legText(m: Market, v: LegView): string {
  return `${v.venue}:${v.id} ${cents(v.price)} ${v.side}  ${sanitize(m.title)}`;
}

// a venue that did not answer is named on stderr (or under problems), with what failed
const markets = (n: number | null) => (n === null ? 'no answer' : `${n} market${n === 1 ? '' : 's'}`);

/** What was looked through on one venue: `Kalshi: its search for "fed": 0 markets (its scope); the first page…`. */
function searchedText(s: Searched): string {
  const search = s.words === null ? 'not searched' : `its search for "${sanitize(s.words)}": ${markets(s.found)}`;
  return (
    `${SOURCE_NAMES[s.venue]}: ${search}${s.scope ? ` (${s.scope})` : ''}; ` +
    `the first page of its list: ${markets(s.listed)}`
  );
}

/** A line of words wrapped to `width`, each further line indented under the first's text. */
const wrapped = (indent: string, text: string, width: number): string[] =>
  wrap(text, Math.max(8, width - indent.length - 2)).map((l, i) => `${indent}${i === 0 ? '' : '  '}${l}`);

/**
 * Readable lines, each at most `width` cells (80 when piped): a market's line cut in its title (never its id), the
 * rest wrapped. Never the word the issue forbids, never a figure from missing data. What failed is the caller's to
 * say (on stderr). `now` tells a market past its close from an open one.
 */
export function pairsText(r: PairsResult, width = 80, now = Date.now()): string {
  const out: string[] = [];
  const cut = (line: string) => fitWidth(line, width);
  if (r.market) out.push(cut(`Candidates for ${r.marketVenue}:${r.market.id}  ${sanitize(r.market.title)}`), '');
  const none = noCandidates(r, now);
  if (none !== undefined) {
    out.push(...wrapped('', none, width));
    if (r.searched?.length) out.push('', 'Looked through:');
    for (const s of r.searched ?? []) out.push(...wrapped('  ', searchedText(s), width));
  } else if (r.rows.length === 0)
    out.push(
      ...wrapped(
        '',
        `No confirmed pairs and no candidates${r.problems.length > 0 ? ' among the venues' : ''}${answered(r)}.`,
        width,
      ),
    );
  for (const p of r.rows) {
    const g = p.gap;
    const as = pricedAs(p.comparison, p.confirmed);
    const mark = p.confirmed ? (as !== p.comparison.relation ? ` (confirmed, priced as ${as})` : ' (confirmed)') : '';
    const head = `${p.comparison.relation.toUpperCase()}${mark}  confidence ${p.comparison.confidence}`;
    out.push(...wrapped('', head, width), cut(`  ${legText(p.a, g.a)}`), cut(`  ${legText(p.b, g.b)}`));
    out.push(`  gap ${g.cents === undefined ? '—' : `${g.cents}¢`}`);
    if (g.afterFees)
      out.push(
        ...wrapped(
          '  ',
          `after fees for ${g.afterFees.contracts} contracts: ${g.afterFees.cents}¢ a contract ` +
            `(fees ${g.afterFees.feeA} ${g.a.currency ?? ''}, ${g.afterFees.feeB} ${g.b.currency ?? ''}); ` +
            `both books fill ${g.fillable ?? 0} at a gap`,
          width,
        ),
      );
    else out.push(...wrapped('  ', `no edge shown: ${g.noEdge.join('; ')}`, width));
    for (const n of g.notes) out.push(...wrapped('  ', `note: ${n}`, width));
    out.push(...wrapped('  ', `why: ${p.comparison.reasons.join('; ') || '—'}`, width), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
