/**
 * Gamma's routes answered from a recording (`serve --replay DIR --source polymarket`), with Gamma's paging and
 * filters: `/markets/keyset` and `/events/keyset` (`limit` clamped to 100 / 500, `after_cursor` ← `next_cursor`,
 * absent on the last page, `offset` refused with 422, a cursor tied to the query it was made for), `closed`
 * (absent = false, Gamma's default), `uma_resolution_status`, `tag_id` (through the market's event), repeated `id`,
 * `end_date_min/max`, `order` + `ascending` (an unknown field → 422 "order fields are not valid"); `/markets/{id}`
 * (422 "id is invalid" for a non-numeric id, 404 unknown), `/events/{id}`, `/tags`, `/public-search`, the slug routes
 * (replaySlug.ts). Errors in
 * Gamma's shape (`{"type","error"}`). Objects are served as recorded; a search answer groups the recorded markets
 * under their recorded event (or the event object they carry inline). The CLOB's routes: clobReplay.ts.
 */
import { manifestShiftMs } from '../../server/replay/asRecorded.js';
import type { Rec } from '../../api/normalizeFields.js';
import type { ReplayAnswer, ReplayRequest, SourceReplay } from '../types.js';
import { answerClob, loadClobRecording } from './clobReplay.js';
import { answerSlug } from './replaySlug.js';
import { answerData, loadDataRecording } from './dataReplay.js';
import { gammaErrorBody } from './errors.js';
import { MAX_EVENTS_PAGE, MAX_MARKETS_PAGE } from './client.js';
import {
  idOf,
  isGammaMarket,
  loadGammaRecording,
  marketsOfEvent,
  sortValue,
  tagIdsOf,
  type GammaRecording,
} from './replayData.js';

const DEFAULT_PAGE = 20;
const MARKET_ORDER = [
  'id',
  'volumeNum',
  'volume',
  'liquidityNum',
  'liquidity',
  'volume24hr',
  'volume1wk',
  'createdAt',
  'updatedAt',
  'startDate',
  'endDate',
  'closedTime',
  'competitive',
];
const EVENT_ORDER = [
  'id',
  'volume',
  'volume24hr',
  'liquidity',
  'openInterest',
  'createdAt',
  'startDate',
  'endDate',
  'competitive',
];

const fail = (status: number, message: string): ReplayAnswer => ({ status, body: gammaErrorBody(status, '', message) });
const ok = (body: unknown): ReplayAnswer => ({ status: 200, body });

const tagIdsOfEvent = (e: Rec): Set<string> =>
  new Set((Array.isArray(e.tags) ? e.tags : []).map((t) => String((t as Rec)?.id)));

class Refusal {
  constructor(readonly answer: ReplayAnswer) {}
}
const refuse = (status: number, message: string): never => {
  throw new Refusal(fail(status, message));
};

function bool(q: URLSearchParams, name: string): boolean | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  if (v === 'true' || v === 'false') return v === 'true';
  return refuse(422, `${name} must be true or false`);
}

function limitOf(q: URLSearchParams, max: number): number {
  const v = q.get('limit');
  if (v === null) return Math.min(DEFAULT_PAGE, max);
  if (!/^\d+$/.test(v) || Number(v) < 1) refuse(422, 'limit must be a positive integer');
  return Math.min(Number(v), max); // Gamma clamps a larger limit silently
}

function timeParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : refuse(422, `${name} is not a valid date`);
}

/** The query a cursor belongs to: every parameter but the page's own. */
function fingerprint(q: URLSearchParams): string {
  return [...q.entries()]
    .filter(([k]) => k !== 'after_cursor' && k !== 'limit')
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

function startOf(q: URLSearchParams): number {
  if (q.has('offset')) refuse(422, 'offset is not supported on keyset endpoints, use after_cursor');
  const c = q.get('after_cursor');
  if (c === null) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as { o?: unknown; f?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && parsed.f === fingerprint(q))
      return parsed.o;
  } catch {
    // falls through to the refusal
  }
  return refuse(422, 'after_cursor is invalid for this query');
}

function sorted(items: Rec[], q: URLSearchParams, allowed: readonly string[]): Rec[] {
  const order = q.get('order');
  if (order === null || order === '') return items;
  const fields = order.split(',').map((f) => f.trim());
  if (fields.some((f) => !allowed.includes(f))) refuse(422, 'order fields are not valid');
  const asc = bool(q, 'ascending') ?? false;
  const cmp = (a: Rec, b: Rec): number => {
    for (const f of fields) {
      const x = sortValue(a, f);
      const y = sortValue(b, f);
      if (x === y) continue;
      if (x === undefined) return 1; // missing values last, either way
      if (y === undefined) return -1;
      const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (d !== 0) return asc ? d : -d;
    }
    return 0;
  };
  return [...items].sort(cmp);
}

/** One keyset page of `items`: `{[key]: page, next_cursor?}`. */
function keysetAnswer(key: 'markets' | 'events', items: Rec[], q: URLSearchParams, max: number): ReplayAnswer {
  const limit = limitOf(q, max);
  const start = startOf(q);
  const page = items.slice(start, start + limit);
  const nextAt = start + limit;
  const next =
    nextAt < items.length
      ? Buffer.from(JSON.stringify({ o: nextAt, f: fingerprint(q) })).toString('base64url')
      : undefined;
  return ok({ [key]: page, ...(next !== undefined ? { next_cursor: next } : {}) });
}

function marketsKeyset(rec: GammaRecording, q: URLSearchParams): ReplayAnswer {
  const closed = bool(q, 'closed') ?? false; // Gamma's list applies closed=false when none is sent
  const uma = q.get('uma_resolution_status');
  const tags = q.getAll('tag_id');
  const ids = new Set(q.getAll('id'));
  const conds = new Set(q.getAll('condition_ids').map((c) => c.toLowerCase()));
  const endMin = timeParam(q, 'end_date_min');
  const endMax = timeParam(q, 'end_date_max');
  const hits = rec.markets.filter((m) => {
    if ((m.closed === true) !== closed) return false;
    if (uma !== null && m.umaResolutionStatus !== uma) return false;
    if (ids.size > 0 && !ids.has(idOf(m) ?? '')) return false;
    if (conds.size > 0 && !conds.has(String(m.conditionId).toLowerCase())) return false;
    if (tags.length > 0) {
      const own = tagIdsOf(rec, m);
      if (!tags.some((t) => own.has(t))) return false;
    }
    const end = sortValue(m, 'endDate');
    if (endMin !== undefined && (typeof end !== 'number' || end < endMin)) return false;
    if (endMax !== undefined && (typeof end !== 'number' || end > endMax)) return false;
    return true;
  });
  return keysetAnswer('markets', sorted(hits, q, MARKET_ORDER), q, MAX_MARKETS_PAGE);
}

function eventsKeyset(rec: GammaRecording, q: URLSearchParams): ReplayAnswer {
  const closed = bool(q, 'closed') ?? false;
  const tags = q.getAll('tag_id');
  const title = q.get('title_search')?.toLowerCase();
  const hits = rec.events.filter((e) => {
    if ((e.closed === true) !== closed) return false;
    if (title && !(typeof e.title === 'string' && e.title.toLowerCase().includes(title))) return false;
    if (tags.length > 0 && !tags.some((t) => tagIdsOfEvent(e).has(t))) return false;
    return true;
  });
  return keysetAnswer('events', sorted(hits, q, EVENT_ORDER), q, MAX_EVENTS_PAGE);
}

/** The events a search looks through: the recorded ones, then each other market under its inline event. */
function searchEvents(rec: GammaRecording): Rec[] {
  const out: Rec[] = rec.events.map((e) =>
    Array.isArray(e.markets) ? e : { ...e, markets: marketsOfEvent(rec, idOf(e) ?? '') },
  );
  const grouped = new Map<string, Rec>();
  for (const m of rec.markets) {
    const eid = rec.eventOf.get(idOf(m) ?? '');
    if (eid !== undefined && rec.eventById.has(eid)) continue;
    const inline =
      Array.isArray(m.events) && typeof m.events[0] === 'object' && m.events[0] !== null
        ? (m.events[0] as Rec)
        : undefined;
    const key = eid ?? `market:${idOf(m)}`;
    const g = grouped.get(key) ?? { ...(inline ?? { id: idOf(m), title: m.question }), markets: [] as Rec[] };
    (g.markets as Rec[]).push(m);
    grouped.set(key, g);
  }
  return [...out, ...grouped.values()];
}

function publicSearch(rec: GammaRecording, q: URLSearchParams): ReplayAnswer {
  const text = (q.get('q') ?? '').trim().toLowerCase();
  if (text === '') refuse(422, 'q is required');
  const pageParam = q.get('page') ?? '1';
  const per = q.get('limit_per_type') ?? '5';
  if (!/^\d+$/.test(pageParam) || Number(pageParam) < 1) refuse(422, 'page must be a positive integer');
  if (!/^\d+$/.test(per) || Number(per) < 1) refuse(422, 'limit_per_type must be a positive integer');
  const words = text.split(/\s+/);
  const tags = q.getAll('events_tag');
  const hits = searchEvents(rec).filter((e) => {
    if (tags.length > 0 && !tags.some((t) => tagIdsOfEvent(e).has(t))) return false;
    const hay = [e.title, ...(e.markets as Rec[]).flatMap((m) => [m.question, m.groupItemTitle])]
      .filter((s): s is string => typeof s === 'string')
      .join(' ')
      .toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const size = Math.min(Number(per), MAX_MARKETS_PAGE);
  const from = (Number(pageParam) - 1) * size;
  const events = hits.slice(from, from + size);
  return ok({
    events,
    tags: [],
    profiles: [],
    pagination: { hasMore: from + size < hits.length, totalResults: hits.length },
  });
}

function tagsList(rec: GammaRecording, q: URLSearchParams): ReplayAnswer {
  const limit = limitOf(q, 100);
  const off = q.get('offset') ?? '0';
  if (!/^\d+$/.test(off)) refuse(422, 'offset must be a non-negative integer');
  return ok(rec.tags.slice(Number(off), Number(off) + limit));
}

function route(rec: GammaRecording, { segments: s, query: q }: ReplayRequest): ReplayAnswer | undefined {
  if (s.length === 2 && s[0] === 'markets' && s[1] === 'keyset') return marketsKeyset(rec, q);
  if (s.length === 2 && s[0] === 'events' && s[1] === 'keyset') return eventsKeyset(rec, q);
  if (s.length === 2 && s[0] === 'markets') {
    if (!/^\d+$/.test(s[1]!)) return fail(422, 'id is invalid');
    const m = rec.marketById.get(s[1]!);
    return m ? ok(m) : fail(404, 'market not found');
  }
  if (s.length === 2 && s[0] === 'events') {
    const e = rec.eventById.get(s[1]!);
    return e
      ? ok(Array.isArray(e.markets) ? e : { ...e, markets: marketsOfEvent(rec, s[1]!) })
      : fail(404, 'event not found');
  }
  if (s.length === 1 && s[0] === 'tags') return tagsList(rec, q);
  if (s.length === 1 && s[0] === 'public-search') return publicSearch(rec, q);
  return undefined;
}

/**
 * A recording folder. `asRecorded`: every time field of the Gamma objects, the CLOB's history points and its books'
 * timestamps moved forward by now − DIR/manifest.json's `recordedAt` (whole seconds), so the recording is replayed
 * as of the day it was made: what was open then is open now, and its price history ends now.
 */
export function createPolymarketReplay(
  dir: string,
  opts: { asRecorded?: boolean; now?: () => number } = {},
): SourceReplay {
  const now = opts.now ?? Date.now;
  const shiftMs = opts.asRecorded ? manifestShiftMs(dir, now()) : 0;
  const rec = loadGammaRecording(dir, shiftMs);
  // the CLOB's /book and /prices-history (clobReplay.ts)
  const clob = loadClobRecording(dir, rec, opts.asRecorded ? { shiftMs, now } : undefined);
  // the Data API's /positions and /value (dataReplay.ts)
  const data = loadDataRecording(dir);
  return {
    answer(req) {
      try {
        return answerClob(clob, req) ?? answerData(data, req) ?? answerSlug(rec, req) ?? route(rec, req);
      } catch (e) {
        if (e instanceof Refusal) return e.answer;
        throw e;
      }
    },
    marketIdOf: (s) => (s.length === 2 && s[0] === 'markets' && s[1] !== 'keyset' ? s[1] : undefined),
    listedIds(body) {
      const b = body as { markets?: unknown; events?: unknown };
      const list: unknown[] = Array.isArray(b?.markets)
        ? b.markets
        : Array.isArray(b?.events)
          ? b.events.flatMap((e) => ((e as Rec)?.markets as unknown[]) ?? [])
          : [];
      return list.flatMap((m) => (m && typeof m === 'object' && isGammaMarket(m as Rec) ? [idOf(m as Rec)!] : []));
    },
  };
}
