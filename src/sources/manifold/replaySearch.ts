/**
 * `/search-markets` and `/markets` over recorded objects, as the server's code filters and orders them
 * (`backend/shared/src/supabase/search-contracts.ts`: `filterSQL`, `sortFields`; `backend/api/src/markets.ts`).
 * Statuses depend on the close time: they are judged at the replay's `now`. Where a recorded object lacks the field
 * the server sorts by (importance, freshness, elasticity are not in v0 objects) the stated stand-in is used.
 */
import { isRecord, type Rec } from '../../api/normalizeFields.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const resolved = (o: Rec): boolean => o.isResolved === true;
const close = (o: Rec): number | undefined => num(o.closeTime);

/** `filter` → does the market pass, at `now`. */
export function passesFilter(o: Rec, filter: string, now: number): boolean {
  const c = close(o);
  const openAt = !resolved(o) && (c === undefined || c > now);
  const closingWithin = (ms: number) => !resolved(o) && c !== undefined && c > now && c < now + ms + 7 * HOUR;
  switch (filter) {
    case 'open':
      return openAt;
    case 'closed':
      return !resolved(o) && c !== undefined && c < now;
    case 'resolved':
      return resolved(o);
    case 'closing-day':
      return closingWithin(DAY);
    case 'closing-week':
      return closingWithin(7 * DAY);
    case 'closing-month':
      return closingWithin(30 * DAY);
    case 'closing-90-days':
      return closingWithin(90 * DAY);
    default:
      // 'all'; 'news' depends on the server's news table: every market passes
      return true;
  }
}

/** `contractType` → does the market pass. */
export function passesType(o: Rec, type: string): boolean {
  if (type === 'ALL') return true;
  if (type === 'DEPENDENT_MULTIPLE_CHOICE')
    return o.outcomeType === 'MULTIPLE_CHOICE' && o.shouldAnswersSumToOne !== false;
  if (type === 'INDEPENDENT_MULTIPLE_CHOICE')
    return o.outcomeType === 'MULTIPLE_CHOICE' && o.shouldAnswersSumToOne === false;
  return o.outcomeType === type;
}

/** `term`: every word in the question, an answer's text or the plain description (case-insensitive). */
export function passesTerm(o: Rec, term: string): boolean {
  const words = term.toLowerCase().replace(/['"]/g, '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const answers = Array.isArray(o.answers)
    ? o.answers.map((a: unknown) => (isRecord(a) ? String(a.text ?? '') : ''))
    : [];
  const hay = [o.question, o.textDescription, ...answers]
    .filter((s) => typeof s === 'string')
    .join(' ')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}

type Key = (o: Rec) => number | undefined;
/** `sort` → the key and direction; `filter` the sort itself adds (`close-date`, `24-hour-vol`). */
const SORTS: Record<string, { key: Key; desc: boolean; keep?: (o: Rec, now: number) => boolean }> = {
  // importance is not in v0 objects: the server's own fallback for it is the bettor count
  score: { key: (o) => num(o.importanceScore) ?? num(o.uniqueBettorCount), desc: true },
  'most-popular': { key: (o) => num(o.uniqueBettorCount), desc: true },
  'daily-score': { key: (o) => num(o.dailyScore), desc: true },
  'freshness-score': { key: (o) => num(o.freshnessScore), desc: true },
  '24-hour-vol': { key: (o) => num(o.volume24Hours), desc: true, keep: (o) => (num(o.volume24Hours) ?? 0) > 0 },
  // the server orders by the pool's elasticity, not in v0 objects: the deposited liquidity stands in
  liquidity: { key: (o) => num(o.totalLiquidity), desc: true },
  subsidy: { key: (o) => num(o.totalLiquidity), desc: true },
  'last-updated': { key: (o) => num(o.lastUpdatedTime), desc: true },
  newest: { key: (o) => num(o.createdTime), desc: true },
  'resolve-date': { key: (o) => num(o.resolutionTime), desc: true },
  'close-date': { key: close, desc: false, keep: (o, now) => (close(o) ?? 0) > now },
  'start-time': { key: close, desc: false },
  random: { key: () => 0, desc: true },
  'bounty-amount': { key: (o) => num(o.bountyLeft) ?? -1, desc: true },
  'prob-descending': { key: (o) => num(o.probability), desc: true },
  'prob-ascending': { key: (o) => num(o.probability), desc: false },
  'prob-50': {
    key: (o) => Math.abs((num(o.probability) ?? 0) - 0.5),
    desc: false,
    keep: (o) => o.outcomeType === 'BINARY' && num(o.probability) !== undefined,
  },
};

/** Sorted (stable; missing keys last), after the sort's own filter. */
export function sortMarkets(list: readonly Rec[], sort: string, now: number): Rec[] {
  const s = SORTS[sort] ?? SORTS.score!;
  const kept = s.keep ? list.filter((o) => s.keep!(o, now)) : [...list];
  return kept
    .map((o, i) => ({ o, i, k: s.key(o) }))
    .sort((a, b) => {
      if (a.k === undefined || b.k === undefined) return a.k === b.k ? a.i - b.i : a.k === undefined ? 1 : -1;
      return (s.desc ? b.k - a.k : a.k - b.k) || a.i - b.i;
    })
    .map((x) => x.o);
}

/** `/markets` `sort` → the timestamp field it orders by. */
export const MARKETS_FIELD: Record<string, string> = {
  'created-time': 'createdTime',
  'updated-time': 'lastUpdatedTime',
  'last-bet-time': 'lastBetTime',
  'last-comment-time': 'lastCommentTime',
};

/**
 * `/markets`: by the sort's timestamp (nulls last), `before` = only those strictly before that market's value — an
 * unknown id adds no condition (the server's `getBeforeValue` finds nothing and the first page comes back).
 */
export function marketsPage(all: readonly Rec[], sort: string, order: string, before: string | undefined): Rec[] {
  const field = MARKETS_FIELD[sort] ?? 'createdTime';
  const t = (o: Rec) => num(o[field]);
  const anchor = before === undefined ? undefined : all.find((o) => o.id === before);
  const cut = anchor === undefined ? undefined : t(anchor);
  const kept = cut === undefined ? [...all] : all.filter((o) => (t(o) ?? Number.NEGATIVE_INFINITY) < cut);
  const asc = order === 'asc';
  return kept.sort((a, b) => {
    const x = t(a);
    const y = t(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    return asc ? x - y : y - x;
  });
}
