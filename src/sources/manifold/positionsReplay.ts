/**
 * Manifold's positions routes answered from a recording (issue #28): `GET /market/{id}/positions` from the recorded
 * positions answers in `DIR/positions/*.json` (lists of ContractMetrics), with `userId`, `answerId`, `order`
 * (`profit`, default, or `shares`), `top` and `bottom` as documented; and `GET /user/{username}` — a user object
 * `{id, username, name}` built from the `userId`, `userUsername` and `userName` those metrics carry (OURS: no user
 * answer is recorded), 404 `{"message": …}` for a name they do not carry. And, for a person none of whose bets is
 * recorded, `GET /bets?userId=` / `?username=` answers bets DERIVED from their recorded metrics (`derivedBets`): no
 * recorded answer of that route for a user whose positions are recorded could be found (test/fixtures/real/SOURCES.md).
 */
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { personJson } from '../personFiles.js';
import type { ReplayAnswer, ReplayRequest } from '../types.js';
import { validationBody } from './errors.js';

export interface PositionsRecording {
  metrics: Rec[];
}

export function loadManifoldPositions(dir: string): PositionsRecording {
  const metrics: Rec[] = [];
  for (const [, body] of personJson(dir, 'positions'))
    for (const o of Array.isArray(body) ? body : [body])
      if (isRecord(o) && typeof o.contractId === 'string' && isRecord(o.totalShares)) metrics.push(o);
  return { metrics };
}

const invalid = (field: string, error: string): ReplayAnswer => ({
  status: 400,
  body: validationBody([{ field, error }]),
});

const sharesOf = (m: Rec): number =>
  Object.values(m.totalShares as Rec).reduce<number>((s, v) => s + (typeof v === 'number' ? v : 0), 0);

export function answerManifoldPositions(rec: PositionsRecording, req: ReplayRequest): ReplayAnswer | undefined {
  const [head, arg, tail, ...rest] = req.segments;
  if (rest.length > 0 || arg === undefined) return undefined;
  if (head === 'user' && tail === undefined) {
    const m = rec.metrics.find((x) => typeof x.userUsername === 'string' && x.userUsername === arg);
    if (!m) return { status: 404, body: { message: 'User not found' } };
    return { status: 200, body: { id: m.userId, username: m.userUsername, name: m.userName } };
  }
  if (head !== 'market' || tail !== 'positions') return undefined;
  const q = req.query;
  const order = q.get('order') ?? 'profit';
  if (order !== 'profit' && order !== 'shares')
    return invalid('order', "Invalid enum value. Expected 'shares' | 'profit'");
  const counts: Record<string, number | undefined> = {};
  for (const name of ['top', 'bottom']) {
    const v = q.get(name);
    if (v === null) continue;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) return invalid(name, 'Expected a whole number');
    counts[name] = n;
  }
  const userId = q.get('userId');
  const answerId = q.get('answerId');
  const key = (m: Rec) => (order === 'shares' ? sharesOf(m) : typeof m.profit === 'number' ? m.profit : 0);
  const list = rec.metrics
    .filter((m) => m.contractId === arg && (userId === null || m.userId === userId))
    .filter((m) => answerId === null || m.answerId === answerId)
    .sort((a, b) => key(b) - key(a));
  if (counts.top === undefined && counts.bottom === undefined) return { status: 200, body: list };
  const top = list.slice(0, counts.top ?? 0);
  const bottom = counts.bottom ? list.slice(-counts.bottom).filter((m) => !top.includes(m)) : [];
  return { status: 200, body: [...top, ...bottom] };
}

/**
 * OURS, derived: for every user whose metrics are recorded but none of whose bets is, one bet per market they hold —
 * only what the metric itself says: `userId`, `contractId` (and `answerId`), `createdTime` = its `lastBetTime`,
 * `outcome` = its `maxSharesOutcome`, and an `id` that says it is derived. No amount, shares or probabilities: none is
 * invented. They answer only `/bets` asked by user (the reader's "which markets did this person bet on").
 */
export function derivedBets(rec: PositionsRecording, recorded: readonly Rec[]): Rec[] {
  const users = new Set(recorded.map((b) => b.userId));
  const out: Rec[] = [];
  for (const m of rec.metrics) {
    if (typeof m.userId !== 'string' || users.has(m.userId) || typeof m.lastBetTime !== 'number') continue;
    const answer = typeof m.answerId === 'string' ? m.answerId : undefined;
    out.push({
      id: `derived-${String(m.contractId)}-${answer ?? 'all'}-${m.userId}`,
      userId: m.userId,
      ...(typeof m.userUsername === 'string' ? { userUsername: m.userUsername } : {}),
      contractId: m.contractId,
      ...(answer ? { answerId: answer } : {}),
      createdTime: m.lastBetTime,
      ...(typeof m.maxSharesOutcome === 'string' ? { outcome: m.maxSharesOutcome } : {}),
    });
  }
  return out;
}

/** A `/bets` request that names a user (the only one derived bets answer). */
export const asksUserBets = (req: ReplayRequest): boolean =>
  req.segments.length === 1 &&
  req.segments[0] === 'bets' &&
  (req.query.get('userId') !== null || req.query.get('username') !== null);
