/**
 * `GET /v0/bets` answered from recorded bets (the price history's route, docs/sources/manifold.md § Trader's view),
 * as `backend/api/src/get-bets.ts` and the `bets` schema of `common/src/api/schema.ts` answer it: newest first
 * (`order=asc` oldest first), `limit` 0..50000 (above 10000 without `points`: 400), `contractId` (one or several),
 * `contractSlug`, `answerId`, `userId`, `username`, `before`/`after` (a bet id; unknown: 404), `beforeTime`/`afterTime`
 * (exclusive), `kinds=open-limit`. A market with no recorded bet answers `[]`, as Manifold does for a market
 * nobody bet on. Bets come from `DIR/bets/*.json` (what `record` writes) and any extra folders given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { shiftRecorded } from '../../server/replay/asRecorded.js';
import type { ReplayAnswer } from '../types.js';
import { BETS_PARAMS } from './routes.js';

/** What the replay takes on `/bets`: the documented parameters (routes.ts) and the rest of the server's schema. */
export const REPLAY_BETS_PARAMS: readonly string[] = [
  ...BETS_PARAMS,
  'id',
  'minAmount',
  'filterRedemptions',
  'includeZeroShareRedemptions',
  'excludeApi',
  'commentRepliesOnly',
  'count',
  'points',
];
/** `NON_POINTS_BETS_LIMIT` (common/src/supabase/bets.ts): the default, and the most without `points`. */
export const NON_POINTS_LIMIT = 10_000;

const isBet = (o: unknown): o is Rec =>
  isRecord(o) &&
  typeof o.id === 'string' &&
  typeof o.contractId === 'string' &&
  typeof o.createdTime === 'number' &&
  !('question' in o);

function newestTime(bets: readonly Rec[]): number {
  return bets.reduce((m, b) => Math.max(m, b.createdTime as number), 0);
}

/**
 * Every bet in the `.json` files of `dirs` (missing folders hold none), one per id. `shiftTo`: moved forward so
 * each file's newest bet is at that time less (its file's recorded time − its newest bet) — given as `recordedAt`
 * when known, else the file's newest bet counts as recorded then.
 */
export function loadBets(dirs: readonly string[], asRecorded?: { now: number; recordedAt?: number }): Rec[] {
  const byId = new Map<string, Rec>();
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort();
    } catch {
      continue;
    }
    for (const name of names) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(join(dir, name), 'utf8').replace(/^\uFEFF/, ''));
      } catch {
        continue;
      }
      let bets = (Array.isArray(parsed) ? parsed : []).filter(isBet);
      if (asRecorded) {
        const at = asRecorded.recordedAt ?? newestTime(bets);
        bets = shiftRecorded(bets, Math.max(0, asRecorded.now - at));
      }
      for (const b of bets) byId.set(b.id as string, b);
    }
  }
  return [...byId.values()];
}

class BetsNotFound extends Error {}

export class BetsInvalid extends Error {
  constructor(
    readonly field: string | null,
    readonly error: string,
  ) {
    super(error);
  }
}

function num(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  const n = v.trim() === '' ? 0 : Number(v);
  if (!Number.isFinite(n)) throw new BetsInvalid(name, 'Expected number, received nan');
  return n;
}

/** The `/bets` answer over `bets`; `slugToId` maps a `contractSlug` to its market id. */
export function betsAnswer(
  bets: readonly Rec[],
  q: URLSearchParams,
  slugToId: (slug: string) => string | undefined,
): ReplayAnswer {
  const extra = [...new Set([...q.keys()].filter((k) => !REPLAY_BETS_PARAMS.includes(k)))];
  if (extra.length > 0)
    throw new BetsInvalid(null, `Unrecognized key(s) in object: ${extra.map((k) => `'${k}'`).join(', ')}`);
  const limit = num(q, 'limit') ?? NON_POINTS_LIMIT;
  if (limit < 0) throw new BetsInvalid('limit', 'Number must be greater than or equal to 0');
  if (limit > 50_000) throw new BetsInvalid('limit', 'Number must be less than or equal to 50000');
  const order = q.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw new BetsInvalid('order', 'Invalid enum value');
  const kinds = q.get('kinds');
  if (kinds !== null && kinds !== 'open-limit') throw new BetsInvalid('kinds', 'Invalid enum value');
  if (limit === 0) return { status: 200, body: [] };
  if (limit > NON_POINTS_LIMIT && q.get('points') !== 'true')
    return {
      status: 400,
      body: { message: `Non-points limit must be less than or equal to ${NON_POINTS_LIMIT}` },
    };
  const timeOf = (name: 'before' | 'after'): number | undefined => {
    const id = q.get(name);
    if (id === null || id === '') return undefined;
    const b = bets.find((x) => x.id === id);
    if (!b) throw new BetsNotFound(`Bet specified in ${name} parameter not found`);
    return b.createdTime as number;
  };
  let before: number | undefined;
  let after: number | undefined;
  try {
    before = [num(q, 'beforeTime'), timeOf('before')].reduce<number | undefined>(
      (m, t) => (t === undefined ? m : m === undefined ? t : Math.min(m, t)),
      undefined,
    );
    after = [num(q, 'afterTime'), timeOf('after')].reduce<number | undefined>(
      (m, t) => (t === undefined ? m : m === undefined ? t : Math.max(m, t)),
      undefined,
    );
  } catch (e) {
    if (e instanceof BetsNotFound) return { status: 404, body: { message: e.message } };
    throw e;
  }
  const ids = q.getAll('contractId');
  const slug = q.get('contractSlug');
  const contracts = ids.length > 0 ? ids : slug !== null ? [slugToId(slug) ?? ''] : undefined;
  const answerId = q.get('answerId');
  const userId = q.get('userId');
  const username = q.get('username');
  const list = bets.filter(
    (b) =>
      (contracts === undefined || contracts.includes(b.contractId as string)) &&
      (answerId === null || b.answerId === answerId) &&
      (userId === null || b.userId === userId) &&
      (username === null || b.userUsername === username) &&
      (before === undefined || (b.createdTime as number) < before) &&
      (after === undefined || (b.createdTime as number) > after) &&
      (kinds === null || (typeof b.limitProb === 'number' && b.isFilled !== true && b.isCancelled !== true)),
  );
  const sign = order === 'asc' ? 1 : -1;
  list.sort((a, b) => sign * ((a.createdTime as number) - (b.createdTime as number)));
  return { status: 200, body: list.slice(0, limit) };
}
