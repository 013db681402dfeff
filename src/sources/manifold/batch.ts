/**
 * The watchlist's batch on Manifold (`getMarkets`, docs/sources/manifold.md § Watchlist): each market read whole
 * once by `/market/{id}` (no documented route reads several whole), then priced with the others by one `/market-probs`.
 */
import { normalizeMarket } from '../../api/normalize.js';
import { isRecord } from '../../api/normalizeFields.js';
import type { ApiResult, CallOptions, Market } from '../../api/types.js';
import { badShape, type JsonHttp } from '../http.js';
import type { Batch } from '../types.js';
import { withProbs, type FullCopies } from './copies.js';

export interface BatchDeps {
  http: JsonHttp;
  copies: FullCopies;
  now: () => number;
  /** One market by `/market/{id}`, undefined when Manifold does not know it. */
  one(id: string, opts?: CallOptions): Promise<ApiResult<Market> | undefined>;
}

/**
 * `ids` read (stale copies first) and priced. With `opts.oneRequest` (the dashboard's budget counts one request a
 * job): at most one HTTP request — the first stale copy read whole, the others handed back in `deferred` for later
 * calls; without it (a one-shot command), as many as it takes.
 */
export async function readBatch(d: BatchDeps, unique: string[], opts?: CallOptions): Promise<Batch> {
  const at = d.now();
  const byId = new Map<string, Market>();
  let last: ApiResult<unknown> = { data: null, status: 200 };
  const stale = unique.filter((id) => d.copies.stale(id, at));
  const fresh = unique.filter((id) => !stale.includes(id));
  const reads = fresh.length === 1 ? [...stale, ...fresh] : stale;
  const single = opts?.oneRequest === true && reads.length > 0 && unique.length > 1;
  for (const id of single ? reads.slice(0, 1) : reads) {
    const r = await d.one(id, opts);
    if (r) byId.set(id, r.data);
    if (r) last = r;
  }
  if (single) {
    const deferred = unique.filter((id) => id !== reads[0]);
    return { ...done(unique, byId, last), ...(deferred.length ? { deferred } : {}) };
  }
  if (fresh.length > 1) {
    const a = await d.http.get(
      '/market-probs',
      fresh.map((id): [string, string] => ['ids', id]),
      opts,
    );
    if (!isRecord(a.data))
      throw badShape(a.status, 'Manifold answered /market-probs with something other than an object.');
    last = a;
    for (const id of fresh) {
      const probs = a.data[id];
      const copy = d.copies.get(id);
      if (!isRecord(probs) || !copy) continue;
      const m = normalizeMarket(withProbs(copy, probs), { now: at });
      if (m) byId.set(id, m);
    }
  }
  return done(unique, byId, last);
}

function done(unique: string[], byId: Map<string, Market>, last: ApiResult<unknown>): Batch {
  const data = unique.flatMap((id) => byId.get(id) ?? []);
  return { data, status: last.status, ...(last.rate ? { rate: last.rate } : {}) };
}
