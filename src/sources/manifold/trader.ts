/**
 * What the trader's view reads from Manifold's answers (docs/sources/manifold.md § Trader's view):
 *  - the pool an outcome trades through: a binary `cpmm-1` market's `pool` {YES, NO} and `p` (Yes → YES, No → NO;
 *    Higher/Lower on a pseudo-numeric market); a `cpmm-multi-1` answer's own pool with p = 0.5 — in a v0 answer
 *    `pool` {YES, NO} (`augmentAnswerWithProbability`, common/src/api/market-types.ts), in the contract document
 *    `poolYes`/`poolNo`; buying an answer buys YES in its pool;
 *  - a market that does not trade: 409 closed / 410 resolved as the interface's quote route answers;
 *  - a price history from `GET /bets`: each bet's `probBefore`/`probAfter` at its `createdTime`.
 */
import { ApiError } from '../../api/errors.js';
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import type { HistoryRange, Market, PricePoint } from '../../api/types.js';
import type { Pool, PoolState, Side } from './pool.js';
import { G } from '../../util/glyphs.js';

export const RANGE_MS: Readonly<Record<HistoryRange, number>> = { '24h': 86_400_000, '7d': 7 * 86_400_000 };
/** One point per bucket at most: 5 minutes over a day (288 points), an hour over a week (168). */
export const BUCKET_MS: Readonly<Record<HistoryRange, number>> = { '24h': 300_000, '7d': 3_600_000 };
/** The documented page: "The default and maximum are both 1000." */
export const BETS_LIMIT = 1000;

function invalid(code: string, message: string, param?: string): ApiError {
  return new ApiError({ kind: 'invalid_request', code, message, ...(param ? { param } : {}) });
}

/** Refuses a market that does not trade, as the interface's quote route does (409 closed, 410 resolved). */
export function refuseUntradable(m: Market): void {
  if (m.status === 'resolved')
    throw new ApiError({
      kind: 'resolved',
      status: 410,
      code: 'MARKET_RESOLVED',
      message: 'Market is already resolved.',
    });
  if (m.status !== 'active')
    throw new ApiError({
      kind: 'closed',
      status: 409,
      code: 'MARKET_CLOSED',
      message: 'Market is closed for trading.',
    });
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

function readPool(o: Rec): { YES: number; NO: number } | undefined {
  const pool = isRecord(o.pool) ? o.pool : undefined;
  const y = pool ? pool.YES : o.poolYes;
  const n = pool ? pool.NO : o.poolNo;
  return positive(y) && positive(n) ? { YES: y, NO: n } : undefined;
}

/** Which listed outcome `asked` names (by id or name, case aside), else a 400 naming them. */
function pickOutcome(m: Market, asked: string): number {
  const wanted = asked.normalize('NFC').trim().toLowerCase();
  const i = m.outcomes.findIndex(
    (o) => o.id?.toLowerCase() === wanted || o.name.normalize('NFC').toLowerCase() === wanted,
  );
  if (i >= 0) return i;
  const names = m.outcomes.map((o) => o.name).join(', ');
  // as the dashboard's detail says it: a market without outcomes has none to name
  if (names === '') throw invalid('INVALID_OUTCOME', 'Manifold lists no outcomes for this market to quote.', 'outcome');
  const outcome = `${G.lquo}${asked}${G.rquo}`;
  throw invalid('INVALID_OUTCOME', `${outcome} is not an outcome of this market (one of: ${names}).`, 'outcome');
}

/** The pool `outcome` of market `m` (its raw object `raw`) trades through; an ApiError when it has none. */
export function poolStateOf(raw: Rec, m: Market, outcome: string): PoolState {
  refuseUntradable(m);
  const mechanism = typeof raw.mechanism === 'string' ? raw.mechanism : 'none';
  const i = pickOutcome(m, outcome);
  const picked = m.outcomes[i]!;
  if (mechanism === 'cpmm-1') {
    const pool = readPool(raw);
    const p = raw.p;
    if (!pool || typeof p !== 'number' || !(p > 0 && p < 1))
      throw invalid('NO_QUOTES', 'Manifold sent this market without a usable pool.');
    const side: Side = i === 0 ? 'YES' : 'NO';
    return { marketId: m.id, outcome: picked.name, pool, p, side, mechanism, raw: { pool, p } };
  }
  if (mechanism === 'cpmm-multi-1') {
    const answers = Array.isArray(raw.answers) ? raw.answers.filter(isRecord) : [];
    const answer = answers.find((a) => a.id === picked.id);
    const pool = answer ? readPool(answer) : undefined;
    if (!answer || !pool) throw invalid('NO_QUOTES', 'Manifold sent this answer without a usable pool.');
    if (typeof answer.resolution === 'string' && answer.resolution !== '')
      throw new ApiError({
        kind: 'resolved',
        status: 410,
        code: 'MARKET_RESOLVED',
        message: 'This answer is resolved.',
      });
    const sumsToOne = raw.shouldAnswersSumToOne === true;
    const state: PoolState = {
      marketId: m.id,
      outcome: picked.name,
      pool,
      p: 0.5,
      side: 'YES',
      mechanism,
      raw: { answerId: answer.id, pool, p: 0.5, shouldAnswersSumToOne: sumsToOne },
    };
    // the arbitrage trades every answer not resolved; one without a pool leaves the answer's own pool alone
    const open = answers.filter((a) => typeof a.resolution !== 'string' || a.resolution === '');
    const pools = open.map(readPool);
    if (sumsToOne && pools.every((p) => p !== undefined))
      state.siblings = { pools: pools as Pool[], index: open.indexOf(answer) };
    return state;
  }
  throw invalid('NO_QUOTES', `Manifold prices this market without a pool (mechanism ${mechanism}): no preview.`);
}

/** The answer id the history of `outcome` is filtered by (multiple choice), and whether the price is 1 − P(YES). */
export function historyTarget(m: Market, raw: Rec, outcome: string): { answerId?: string; flip: boolean } {
  const i = pickOutcome(m, outcome);
  if (raw.mechanism === 'cpmm-multi-1' || Array.isArray(raw.answers)) {
    const id = m.outcomes[i]!.id;
    return id !== undefined ? { answerId: id, flip: false } : { flip: false };
  }
  return { flip: i === 1 };
}

interface BetPoint {
  t: number;
  before: number;
  after: number;
}

function readBets(bets: unknown, answerId: string | undefined): BetPoint[] {
  if (!Array.isArray(bets)) return [];
  const out: BetPoint[] = [];
  for (const b of bets) {
    if (!isRecord(b)) continue;
    if (answerId !== undefined && b.answerId !== undefined && b.answerId !== answerId) continue;
    const { createdTime: t, probBefore: before, probAfter: after } = b;
    if (typeof t !== 'number' || typeof before !== 'number' || typeof after !== 'number') continue;
    if (![t, before, after].every(Number.isFinite) || before < 0 || before > 1 || after < 0 || after > 1) continue;
    out.push({ t, before, after });
  }
  return out.sort((a, b) => a.t - b.t);
}

/**
 * The price over [now − range, now], oldest first, from a `/bets` answer (newest first, as Manifold sends it): the
 * first bet's `probBefore` at the range's start (the price did not move before it), each bet's `probAfter` at its
 * time, the last price again at `now`; one point per bucket (the last in it). No bet in the range: the flat
 * `current` price when known, else []. A full page that does not reach the start begins at its oldest bet.
 */
export function historyFromBets(
  bets: unknown,
  range: HistoryRange,
  now: number,
  opts: { answerId?: string; flip?: boolean; current?: number; full?: boolean } = {},
): PricePoint[] {
  const start = now - RANGE_MS[range];
  const seen = readBets(bets, opts.answerId).filter((b) => b.t > start && b.t <= now);
  const price = (x: number) => (opts.flip ? 1 - x : x);
  const points: PricePoint[] = [];
  const first = seen[0];
  if (!first) {
    if (opts.current === undefined) return [];
    return [
      { t: start, p: price(opts.current) },
      { t: now, p: price(opts.current) },
    ];
  }
  points.push({ t: opts.full ? first.t : start, p: price(first.before) });
  for (const b of seen) points.push({ t: b.t, p: price(b.after) });
  points.push({ t: now, p: price(seen[seen.length - 1]!.after) });
  const bucket = BUCKET_MS[range];
  const slot = (t: number) => Math.floor((t - start) / bucket);
  const out: PricePoint[] = [points[0]!];
  for (const pt of points.slice(1, -1)) {
    const last = out[out.length - 1]!;
    if (out.length > 1 && slot(last.t) === slot(pt.t)) out[out.length - 1] = pt;
    else out.push(pt);
  }
  out.push(points[points.length - 1]!);
  return out;
}
