/**
 * Manifold v0 market objects (LiteMarket in lists, FullMarket in details):
 * `question`, `outcomeType`, a binary `probability` (0..1; `p` is the pool's
 * parameter and `prob` a percentage — neither is read as a price), `answers`
 * whose `text` is the answer (`name` is its author's name in the legacy
 * shape), `isResolved` + `closeTime` for the status, `resolution` codes.
 */
import type { Market, MarketStatus, Outcome } from './types.js';
import {
  CATEGORY_MAX,
  NAME_MAX,
  TITLE_MAX,
  isRecord,
  r9,
  toArray,
  toChange,
  toId,
  toNonNegative,
  toPrice,
  toText,
  toTime,
  type Rec,
} from './normalizeFields.js';
import { assignDefined, binary, pastTime, readTime } from './normalizeCommon.js';

/** Types whose outcomes are answers (absent from list objects: the detail has them). */
const ANSWER_TYPES = new Set(['MULTIPLE_CHOICE', 'FREE_RESPONSE', 'NUMBER', 'MULTI_NUMERIC', 'DATE', 'POLL']);

/** Types with a single probability (Yes/No, or Higher/Lower for a pseudo-numeric market). */
const BINARY_TYPES = new Set(['BINARY', 'PSEUDO_NUMERIC', 'STONK']);

function dayChange(o: Rec): number | undefined {
  return isRecord(o.probChanges) ? toChange(o.probChanges.day) : undefined;
}

function answerOutcomes(list: unknown[]): Outcome[] {
  const out: Outcome[] = [];
  for (const a of list) {
    if (!isRecord(a)) continue;
    const id = toId(a.id);
    const name = toText(a.text, NAME_MAX) ?? id;
    if (name === undefined) continue;
    const oc: Outcome = { name };
    if (id !== undefined) oc.id = id;
    const price = toPrice(a.probability);
    if (price !== undefined) oc.price = price;
    const change = dayChange(a);
    if (change !== undefined) oc.change24h = change;
    out.push(oc);
  }
  return out;
}

function readOutcomes(o: Rec, type: string | undefined): { outcomes: Outcome[]; pending: boolean } {
  const answers = toArray(o.answers) ?? toArray(o.options);
  if (answers) return { outcomes: answerOutcomes(answers), pending: false };
  if (type !== undefined && ANSWER_TYPES.has(type)) return { outcomes: [], pending: true };
  // a binary market without `probability` (a resolve answer) still has its two sides, unpriced
  if (o.probability === undefined && !(type !== undefined && BINARY_TYPES.has(type)))
    return { outcomes: [], pending: false };
  const names: [string, string] = type === 'PSEUDO_NUMERIC' ? ['Higher', 'Lower'] : ['Yes', 'No'];
  const p = toPrice(o.probability);
  return { outcomes: binary(p, p === undefined ? undefined : dayChange(o), names), pending: false };
}

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/**
 * What a resolution means, and the prices it settled at: YES / NO / an answer id → that outcome at 1;
 * MKT → at the market price (`resolutionProbability`, or the `resolutions` weights of answers);
 * CANCEL / N/A → cancelled, prices left as they were.
 */
function resolve(o: Rec, outcomes: Outcome[]): { words?: string; settled?: Outcome[] } {
  const code = typeof o.resolution === 'string' ? o.resolution.trim() : undefined;
  if (!code) return {};
  const key = code.toUpperCase();
  if (key === 'CANCEL' || key === 'N/A') return { words: 'N/A (cancelled)' };
  const isBinary = outcomes.length === 2 && outcomes.every((x) => x.id === undefined);
  if (isBinary && (key === 'YES' || key === 'NO')) {
    const winner = key === 'YES' ? 0 : 1;
    return { words: outcomes[winner]!.name, settled: outcomes.map((x, i) => ({ ...x, price: i === winner ? 1 : 0 })) };
  }
  if (key === 'MKT' && isBinary) {
    const p = toPrice(o.resolutionProbability);
    if (p === undefined) return { words: 'at market price' };
    return {
      words: `at market price ${pct(p)}`,
      settled: binary(p).map((x, i) => ({ ...x, name: outcomes[i]!.name })),
    };
  }
  if (key === 'MKT' && isRecord(o.resolutions)) {
    const weights = o.resolutions;
    let total = 0;
    for (const w of Object.values(weights)) total += toNonNegative(w) ?? 0;
    if (total <= 0) return { words: 'at market price' };
    const settled = outcomes.map((x) => ({
      ...x,
      price: r9((toNonNegative(x.id === undefined ? undefined : weights[x.id]) ?? 0) / total),
    }));
    const parts = settled.filter((x) => (x.price ?? 0) > 0).map((x) => `${x.name} ${pct(x.price ?? 0)}`);
    return { words: `at market price: ${parts.join(', ')}`, settled };
  }
  if (key === 'MKT') return { words: 'at market price' };
  const winner = outcomes.findIndex((x) => x.id === code);
  if (winner >= 0)
    return { words: outcomes[winner]!.name, settled: outcomes.map((x, i) => ({ ...x, price: i === winner ? 1 : 0 })) };
  return { words: toText(code, NAME_MAX) };
}

function readCategory(o: Rec): string | undefined {
  const slugs = Array.isArray(o.groupSlugs) ? o.groupSlugs : [];
  const links = Array.isArray(o.groupLinks) ? o.groupLinks : [];
  const tags = Array.isArray(o.tags) ? o.tags : [];
  const link: unknown = links[0];
  return (
    toText(slugs[0], CATEGORY_MAX) ??
    (isRecord(link) ? toText(link.name ?? link.slug, CATEGORY_MAX) : undefined) ??
    toText(tags[0], CATEGORY_MAX)
  );
}

export function normalizeManifold(o: Rec, id: string, now: number): Market {
  const type = typeof o.outcomeType === 'string' ? o.outcomeType.toUpperCase() : undefined;
  const read = readOutcomes(o, type);
  const closesAt = toTime(o.closeTime);
  const resolved =
    o.isResolved === true || (o.isResolved === undefined && typeof o.resolution === 'string' && o.resolution !== '');
  let status: MarketStatus = resolved ? 'resolved' : 'unknown';
  if (!resolved && (o.isResolved === false || o.closeTime !== undefined))
    status = closesAt !== undefined && closesAt <= now ? 'closed' : 'active';
  const r = resolved ? resolve(o, read.outcomes) : {};
  const closedAt = resolved
    ? pastTime(readTime(o, ['resolutionTime']) ?? closesAt, now)
    : status === 'closed'
      ? closesAt
      : undefined;
  return assignDefined<Market>(
    {
      id,
      title: toText(o.question, TITLE_MAX) ?? toText(o.slug, TITLE_MAX) ?? id,
      status,
      outcomes: r.settled ?? read.outcomes,
      source: 'manifold',
      raw: o,
    },
    {
      outcomesPending: read.pending ? true : undefined,
      category: readCategory(o),
      volume: toNonNegative(o.volume),
      liquidity: toNonNegative(o.totalLiquidity),
      closesAt,
      closedAt,
      resolvedOutcome: r.words,
      updatedAt: readTime(o, ['lastUpdatedTime', 'updatedTime']),
    },
  );
}
