import { ApiError, type ApiErrorInit } from '../../src/api/errors.js';
import type { ApiResult, CallOptions, Market, MarketClient, MarketEvent, Quote } from '../../src/api/types.js';
import { createOddsStore, type OddsStore } from '../../src/store/store.js';
import { createSync } from '../../src/sync/index.js';
import type { SyncOptions } from '../../src/sync/options.js';
import type { RateAwareSync } from '../../src/sync/types.js';
import { ManualClock } from '../../src/util/clock.js';
import type { SourceCaps } from '../../src/sources/types.js';

export type Method =
  | 'listMarkets'
  | 'getMarket'
  | 'getQuote'
  | 'listEvents'
  | 'getEvent'
  | 'getMarkets'
  | 'listCategories'
  | 'getBook'
  | 'getHistory'
  | 'lookup';

export interface Call {
  method: Method;
  args: unknown[];
  at: number;
  signal: AbortSignal | undefined;
  /** Whether the call may send one HTTP request only (a batch: CallOptions.oneRequest). */
  oneRequest?: boolean;
  /** The call's options as the sync passed them (`beforeSend`: what a fake HTTP layer awaits before each request). */
  opts?: CallOptions;
}

/** What the fake answers: a value (wrapped as data), an ApiError to throw, or a promise for either. */
export type Answer = ApiResult<unknown> | ApiError | Promise<ApiResult<unknown>>;
export type Handler = (call: Call) => Answer | undefined;

export { market } from './markets.js';

import { market } from './markets.js';

export const MARKETS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'].map((id) => market(id));

/** An event with three nested markets (e1..: m1–m3 by default). */
export function event(id: string, markets: Market[] = MARKETS.slice(0, 3)): MarketEvent {
  return { id, title: `Event ${id}`, category: 'sports', markets, raw: {} };
}

export function apiError(init: Partial<ApiErrorInit> & Pick<ApiErrorInit, 'kind'>): ApiError {
  return new ApiError({ message: `fake ${init.kind}`, ...init });
}

/** A MarketClient that records every call with the virtual time it was made at. */
export class FakeClient implements MarketClient {
  calls: Call[] = [];
  handler: Handler = () => undefined;
  /**
   * How an answer comes back over the wire, once the handler (or the default) has made it: at once unless a test
   * holds it back (src/sync/oneAtATime.test.ts: each answer seconds late, counting what is on the wire).
   */
  deliver: (call: Call, answer: Promise<ApiResult<never>>) => Promise<ApiResult<never>> = (_, answer) => answer;
  closed = false;

  constructor(private readonly clock: ManualClock) {}

  protected call(method: Method, args: unknown[], opts: CallOptions | undefined): Promise<ApiResult<never>> {
    const call: Call = {
      method,
      args,
      at: this.clock.now(),
      signal: opts?.signal,
      ...(opts?.oneRequest ? { oneRequest: true } : {}),
      ...(opts ? { opts } : {}),
    };
    this.calls.push(call);
    const answer = this.handler(call) ?? this.defaultAnswer(call);
    return this.deliver(
      call,
      answer instanceof ApiError ? Promise.reject(answer) : (Promise.resolve(answer) as Promise<ApiResult<never>>),
    );
  }

  private defaultAnswer(call: Call): Answer {
    switch (call.method) {
      case 'listMarkets':
        return { data: MARKETS, status: 200 };
      case 'getMarket':
        return { data: market(String(call.args[0])), status: 200 };
      case 'getEvent':
        return { data: event(String(call.args[0])), status: 200 };
      case 'lookup':
        return apiError({ kind: 'not_found', status: 404 });
      case 'getQuote': {
        const q: Quote = { marketId: String(call.args[0]), shares: 10, total: 6, raw: {} };
        return { data: q, status: 200 };
      }
      default:
        return { data: [], status: 200 };
    }
  }

  listMarkets(query?: unknown, opts?: CallOptions) {
    return this.call('listMarkets', [query], opts);
  }
  getMarket(id: string, opts?: CallOptions) {
    return this.call('getMarket', [id], opts);
  }
  getQuote(id: string, params: unknown, opts?: CallOptions) {
    return this.call('getQuote', [id, params], opts);
  }
  listEvents(query?: unknown, opts?: CallOptions) {
    return this.call('listEvents', [query], opts);
  }
  getEvent(id: string, opts?: CallOptions) {
    return this.call('getEvent', [id], opts);
  }
  async close() {
    this.closed = true;
  }

  of(method: Method): Call[] {
    return this.calls.filter((c) => c.method === method);
  }
}

export interface Rig {
  clock: ManualClock;
  client: FakeClient;
  store: OddsStore;
  sync: RateAwareSync;
  /** Run timers up to `ms` from now, letting every answer settle between them. */
  run(ms: number): Promise<void>;
}

/**
 * A platform source's client: several markets in one request, its groupings, the selected market's book and a
 * price history (the answers are fakes; the sources' own tests drive the real clients against their replays).
 */
export class PlatformFakeClient extends FakeClient {
  getMarkets(ids: readonly string[], opts?: CallOptions) {
    return this.call('getMarkets', [ids], opts);
  }
  listCategories(opts?: CallOptions) {
    return this.call('listCategories', [], opts);
  }
  getBook(id: string, outcome: string, opts?: CallOptions) {
    return this.call('getBook', [id, outcome], opts);
  }
  getHistory(id: string, outcome: string, range: string, opts?: CallOptions) {
    return this.call('getHistory', [id, outcome, range], opts);
  }
  /** A pasted link's slug or series (src/links); not found unless the handler answers. */
  lookup(l: unknown, opts?: CallOptions) {
    return this.call('lookup', [l], opts);
  }
}

export function rig(
  opts: Partial<Omit<SyncOptions, 'client' | 'store' | 'clock'>> & {
    mode?: 'anon' | 'key' | 'kalshi';
    caps?: SourceCaps;
    platform?: boolean;
    /** Another rig's clock: several venues' syncs on one board, run by either rig's `run`. */
    clock?: ManualClock;
  } = {},
): Rig {
  const clock = opts.clock ?? new ManualClock(0);
  const client = opts.platform ? new PlatformFakeClient(clock) : new FakeClient(clock);
  const limit = opts.limit ?? 10;
  const store = createOddsStore({ mode: opts.mode ?? 'anon', limit, ...(opts.caps ? { caps: opts.caps } : {}) });
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sync = createSync({ random, ...opts, limit, client, store, clock });
  // The fake answers within microtasks, so one macrotask turn settles them; a hung answer does not block the run.
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  const run = async (ms: number) => {
    const target = clock.now() + ms;
    await flush();
    for (;;) {
      const due = clock.nextDueAt();
      if (due === undefined || due > target) break;
      clock.runNext();
      await flush();
    }
    clock.advanceTo(target);
    await flush();
  };
  return { clock, client, store, sync, run };
}

/** A rig (`rig(opts)`) whose sync has started and run `ms` of its clock: the first list in, the board on screen. */
export async function runningRig(ms: number, opts: Parameters<typeof rig>[0] = {}): Promise<Rig> {
  const r = rig(opts);
  r.sync.start();
  await r.run(ms);
  return r;
}

/**
 * The next call `which` takes (any, by default) answered 429 with a Retry-After of `retryAfterMs`; every other as the
 * client's handler answered before. `used` says whether that 429 has gone out.
 */
export function limitOnce(
  client: FakeClient,
  retryAfterMs: number,
  which: (call: Call) => boolean = () => true,
): { readonly used: boolean } {
  const before = client.handler;
  let used = false;
  client.handler = (call) => {
    if (used || !which(call)) return before(call);
    used = true;
    return apiError({ kind: 'rate_limited', status: 429, retryAfterMs });
  };
  return {
    get used() {
      return used;
    },
  };
}

/** The same measure the budget benchmark reports. */
export { maxInWindow } from '../../bench/metrics.js';
