/**
 * `oddsboard record`: ask a real service for list pages, market details and
 * events, paced so that no sliding 60 s window holds more than the mode's
 * limit, and hand each answer's `data` — exactly as sent — to `save`. What is
 * saved can be served again with `oddsboard serve --replay DIR`.
 *
 * Order: list pages (stopping at a short page); details of the listed markets,
 * those whose list entry names no outcomes first; the events list; the events
 * the markets name that it did not nest. A 429 waits as long as the service
 * says (else a window) and tries again; a 404 skips the item; a 401 stops.
 */
import { ApiError, isApiError, type ApiErrorKind } from '../api/errors.js';
import type { RawReads } from '../api/client.js';
import { normalizeEvent, normalizeMarket } from '../api/normalize.js';
import type { ApiResult } from '../api/types.js';
import type { Clock } from '../util/clock.js';
import { Budget } from './budget.js';

export interface RecordPlan {
  /** List pages of `limit` markets. */
  pages: number;
  limit: number;
  /** The list's status filter ('all' records closed and resolved markets too). */
  status: string;
  /** Market details to fetch. */
  details: number;
  /** The events list's `limit` (0: no events list). */
  events: number;
  /** Event details to fetch (events the markets name). */
  eventDetails: number;
}

export interface RecordOptions {
  client: RawReads;
  clock: Clock;
  /** Requests per sliding 60 s window (10 anonymous, 30 with a key). */
  perMinute: number;
  plan: RecordPlan;
  /** Store one answer's data under a relative file name (`markets-0001.json`, `markets/<id>.json`…). */
  save(file: string, data: unknown): void;
  log(line: string): void;
  signal?: AbortSignal;
  /** Waits for and claims a slot in the budget shared with the user's other oddsboard processes (the ledger). */
  claim?: () => Promise<void>;
  /** A 429: every process on the shared budget holds back this long. */
  onRateLimited?: (retryAfterMs: number) => void;
}

export interface RecordedFile {
  file: string;
  request: string;
}

export interface RecordSummary {
  files: RecordedFile[];
  requests: number;
  failures: number;
  /** Set when recording stopped early (401, aborted). */
  stopped?: string;
  /** The kind of the error that stopped it, else of the first failure: what the exit code says. */
  failedAs?: ApiErrorKind;
}

const WINDOW_MS = 60_000;
/** A little more than the window, so clock skew never makes two sends look further apart than they were. */
const SPAN_MS = WINDOW_MS + 1_000;
const MAX_TRIES = 3;

/** A file name for an id: its safe characters, and a short hash of it when anything had to change. */
export function fileName(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);
  if (safe === id && !/^\.+$/.test(id)) return `${safe}.json`;
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  return `${safe}-${h.toString(16).padStart(8, '0')}.json`;
}

class Stop extends Error {}

export async function recordService(o: RecordOptions): Promise<RecordSummary> {
  const budget = new Budget(SPAN_MS);
  const summary: RecordSummary = { files: [], requests: 0, failures: 0 };
  const sleep = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (o.signal?.aborted) return reject(new Stop('aborted'));
      const t = o.clock.setTimeout(() => {
        o.signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        o.clock.clearTimeout(t);
        reject(new Stop('aborted'));
      };
      o.signal?.addEventListener('abort', onAbort, { once: true });
    });

  /** One request within the budget; undefined when it failed for this item only. */
  async function call(label: string, file: string, send: () => Promise<ApiResult<unknown>>): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const wait = budget.nextSlotAt(o.clock.now(), o.perMinute) - o.clock.now();
      if (wait > 0) await sleep(wait);
      if (o.signal?.aborted) throw new Stop('aborted');
      if (o.claim) await o.claim().catch((e: unknown) => Promise.reject(o.signal?.aborted ? new Stop('aborted') : e));
      budget.record(o.clock.now());
      summary.requests++;
      try {
        const r = await send();
        o.save(file, r.data);
        summary.files.push({ file, request: label });
        o.log(`saved ${file}  (${label})`);
        return r.data;
      } catch (err) {
        const e = isApiError(err)
          ? err
          : new ApiError({ kind: 'network', message: 'The request failed before an answer arrived.' });
        if (e.kind === 'unauthorized') {
          summary.failedAs = e.kind;
          throw new Stop(`${label}: ${e.message}`);
        }
        if (o.signal?.aborted) throw new Stop('aborted');
        if (e.kind === 'rate_limited' && attempt < MAX_TRIES) {
          const pause = e.retryAfterMs ?? WINDOW_MS;
          o.onRateLimited?.(pause);
          o.log(`${label}: rate limited, waiting ${Math.ceil(pause / 1000)} s`);
          await sleep(pause);
          continue;
        }
        summary.failures++;
        summary.failedAs ??= e.kind;
        o.log(`${label}: ${e.message}`);
        return undefined;
      }
    }
  }

  const p = o.plan;
  try {
    const listed: unknown[] = [];
    for (let page = 0; page < p.pages; page++) {
      const query = { status: p.status, limit: p.limit, offset: page * p.limit };
      const data = await call(
        `GET /markets?status=${p.status}&limit=${p.limit}&offset=${query.offset}`,
        `markets-${String(page + 1).padStart(4, '0')}.json`,
        () => o.client.rawMarkets(query, { signal: o.signal }),
      );
      if (!Array.isArray(data)) break;
      listed.push(...data);
      if (data.length < p.limit) break;
    }
    const markets = listed.map((x) => normalizeMarket(x)).filter((m) => m !== undefined);
    const order = [...markets.filter((m) => m.outcomesPending), ...markets.filter((m) => !m.outcomesPending)];
    const seen = new Set<string>();
    for (const m of order) {
      if (seen.size >= p.details) break;
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      await call(`GET /markets/${m.id}`, `markets/${fileName(m.id)}`, () =>
        o.client.rawMarket(m.id, { signal: o.signal }),
      );
    }
    const nested = new Set<string>();
    if (p.events > 0) {
      const data = await call(`GET /events?limit=${p.events}`, 'events-0001.json', () =>
        o.client.rawEvents({ limit: p.events }, { signal: o.signal }),
      );
      for (const e of Array.isArray(data) ? data : []) {
        const ev = normalizeEvent(e);
        if (ev && ev.markets.length > 0) nested.add(ev.id);
      }
    }
    const eventIds = [
      ...new Set(markets.map((m) => m.eventId).filter((id): id is string => id !== undefined && !nested.has(id))),
    ];
    for (const id of eventIds.slice(0, p.eventDetails)) {
      await call(`GET /events/${id}`, `events/${fileName(id)}`, () => o.client.rawEvent(id, { signal: o.signal }));
    }
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    summary.stopped = err.message;
  }
  return summary;
}
