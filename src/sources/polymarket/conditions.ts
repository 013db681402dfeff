/**
 * Polymarket names one market two ways: Gamma's numeric `id` (the board's key) and the `conditionId` (0x + 64 hex,
 * the CTF condition; the Data API's positions name their market by it alone). Every Gamma market carries both, so
 * the client remembers conditionId → id for every market it reads (lists, details, watched refreshes: bounded like
 * the trader's memory), and resolves the rest with Gamma's documented filter: `GET /markets/keyset?condition_ids=…`
 * (gamma-openapi.yaml `condition_ids`, an array: the name repeated), open markets first (Gamma's list applies
 * closed=false when none is sent), then `closed=true` for those not found. docs/sources.md § Positions join.
 */
import type { ApiResult, CallOptions, Market } from '../../api/types.js';
import { answered, type JsonAnswer } from '../http.js';
import type { Query } from '../types.js';
import { normalizeMarketList } from '../../api/normalize.js';
import { MAX_KNOWN } from './trader.js';
import { MAX_MARKETS_PAGE } from './query.js';

export const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;

/** The market's conditionId as Gamma sent it, when it is one. */
export function conditionOf(m: Market): string | undefined {
  const raw = typeof m.raw === 'object' && m.raw !== null ? (m.raw as Record<string, unknown>).conditionId : undefined;
  return typeof raw === 'string' && CONDITION_ID.test(raw) ? raw.toLowerCase() : undefined;
}

/** conditionId (lower case) → Gamma id of the markets read, the oldest dropped past `max`. */
export class ConditionIds {
  private readonly byCondition = new Map<string, string>();
  constructor(private readonly max = MAX_KNOWN) {}
  remember(markets: readonly Market[]): void {
    for (const m of markets) {
      const c = conditionOf(m);
      if (c === undefined) continue;
      this.byCondition.delete(c);
      this.byCondition.set(c, m.id);
      if (this.byCondition.size > this.max) this.byCondition.delete(this.byCondition.keys().next().value!);
    }
  }
  get(conditionId: string): string | undefined {
    return this.byCondition.get(conditionId.toLowerCase());
  }
}

type Keyset = (query: Query, opts?: CallOptions) => Promise<{ a: JsonAnswer; items: unknown[] }>;

/**
 * The Gamma ids of the markets named by `conditionIds` (at most MAX_MARKETS_PAGE asked a call; the rest are left for
 * the next): those already read cost nothing, the others one request (two when some are closed). A conditionId Gamma
 * does not answer is absent. Keys of the answer are the conditionIds as given.
 */
export async function idsByCondition(
  conditionIds: readonly string[],
  known: ConditionIds,
  keyset: Keyset,
  seen: (ms: Market[]) => Market[],
  opts?: CallOptions,
): Promise<ApiResult<ReadonlyMap<string, string>>> {
  const out = new Map<string, string>();
  const ask: string[] = [];
  for (const c of new Set(conditionIds.filter((c) => CONDITION_ID.test(c)))) {
    const id = known.get(c);
    if (id !== undefined) out.set(c, id);
    else if (ask.length < MAX_MARKETS_PAGE) ask.push(c);
  }
  let last: Pick<JsonAnswer, 'status' | 'rate'> = { status: 200 };
  for (const closed of [false, true]) {
    const want = ask.filter((c) => !out.has(c));
    if (want.length === 0) break;
    const q: Query = [
      ...want.map((c): [string, string] => ['condition_ids', c]),
      ['limit', String(want.length)],
      ...(closed ? ([['closed', 'true']] as Query) : []),
    ];
    const got = await keyset(q, opts);
    last = got.a;
    seen(normalizeMarketList(got.items));
    for (const c of want) {
      const id = known.get(c);
      if (id !== undefined) out.set(c, id);
    }
  }
  const { more: _more, ...r } = answered(last, out as ReadonlyMap<string, string>);
  return r;
}
