/**
 * The recorded markets and events, indexed for the interface's endpoints.
 *
 * - A market may have been recorded in a list, nested in an event, and as a detail: the list
 *   endpoint serves the listed object (else the nested one, else the detail), the detail endpoint
 *   the detail (else the listed, else the nested one) — as the live service answered each.
 * - Lookups accept each service's id fields: `id`, Kalshi `ticker` / `event_ticker`, Polymarket
 *   `conditionId` / `slug`, Manifold `slug`.
 * - Filters read the normalized view (status words per service → the interface's status; the
 *   category, else the event's), sorts read each service's own fields through the normalizer.
 */
import { normalizeEvent, normalizeMarket } from '../../api/normalize.js';
import { isRecord, pick, toId, toTime, type Rec } from '../../api/normalizeFields.js';
import type { Market } from '../../api/types.js';
import type { MarketListParams } from '../params.js';
import type { RecordedItem } from './load.js';
import { holdsWords, queryWords } from '../../util/searchWords.js';

const MARKET_KEYS = ['id', 'ticker', 'conditionId', 'condition_id', 'slug', 'market_slug'] as const;
const EVENT_KEYS = ['id', 'event_ticker', 'ticker', 'slug'] as const;
const CREATED_KEYS = ['createdAt', 'created_time', 'createdTime', 'creationDate', 'startDate', 'open_time'] as const;
const UPDATED_KEYS = ['updatedAt', 'updated_time', 'lastUpdatedTime'] as const;

interface Variants {
  listed?: Rec;
  nested?: Rec;
  detail?: Rec;
}

export interface ReplayMarket extends Variants {
  id: string;
  order: number;
  /** The event that nests it, when recorded. */
  eventId?: string;
}

export interface ReplayEvent {
  id: string;
  order: number;
  listed?: Rec;
  detail?: Rec;
}

/** Of two recordings of one object, the one updated later (the later file on a tie). */
function newer(prev: Rec | undefined, next: Rec): Rec {
  if (!prev) return next;
  const a = toTime(pick(prev, UPDATED_KEYS));
  const b = toTime(pick(next, UPDATED_KEYS));
  return a !== undefined && b !== undefined && a > b ? prev : next;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export class ReplayCatalog {
  private readonly markets: ReplayMarket[] = [];
  private readonly events: ReplayEvent[] = [];
  private readonly marketIndex = new Map<string, ReplayMarket>();
  private readonly eventIndex = new Map<string, ReplayEvent>();

  constructor(items: readonly RecordedItem[]) {
    for (const it of items) {
      if (it.kind === 'event') this.addEvent(it.object, it.listed);
      else this.addMarket(it.object, it.listed ? 'listed' : 'detail');
    }
  }

  get marketCount(): number {
    return this.markets.length;
  }

  get eventCount(): number {
    return this.events.length;
  }

  private addMarket(o: Rec, as: keyof Variants, eventId?: string): void {
    const id = normalizeMarket(o, { now: 0 })?.id;
    if (id === undefined) return;
    let m = this.marketIndex.get(id);
    if (!m) {
      m = { id, order: this.markets.length };
      this.markets.push(m);
    }
    m[as] = newer(m[as], o);
    if (eventId !== undefined) m.eventId ??= eventId;
    for (const k of MARKET_KEYS) {
      const key = toId(o[k]);
      if (key !== undefined && !this.marketIndex.has(key)) this.marketIndex.set(key, m);
    }
    this.marketIndex.set(id, m);
  }

  private addEvent(o: Rec, listed: boolean): void {
    const id = normalizeEvent(o, { now: 0 })?.id;
    if (id === undefined) return;
    let e = this.eventIndex.get(id);
    if (!e) {
      e = { id, order: this.events.length };
      this.events.push(e);
    }
    if (listed) e.listed = newer(e.listed, o);
    else e.detail = newer(e.detail, o);
    for (const k of EVENT_KEYS) {
      const key = toId(o[k]);
      if (key !== undefined && !this.eventIndex.has(key)) this.eventIndex.set(key, e);
    }
    this.eventIndex.set(id, e);
    for (const nested of Array.isArray(o.markets) ? o.markets : [])
      if (isRecord(nested)) this.addMarket(nested, 'nested', id);
  }

  market(key: string): ReplayMarket | undefined {
    return this.marketIndex.get(key);
  }

  event(key: string): ReplayEvent | undefined {
    return this.eventIndex.get(key);
  }

  /** What the list endpoint serves for a market, and what its detail serves. */
  static listObject(m: ReplayMarket): Rec {
    return (m.listed ?? m.nested ?? m.detail)!;
  }

  static detailObject(m: ReplayMarket): Rec {
    return (m.detail ?? m.listed ?? m.nested)!;
  }

  static eventObject(e: ReplayEvent): Rec {
    return (e.detail ?? e.listed)!;
  }

  /** The normalized view used for filters and quotes (the detail, when recorded, knows most). */
  view(m: ReplayMarket, now: number): Market | undefined {
    const v = normalizeMarket(ReplayCatalog.detailObject(m), { now });
    if (!v || v.category !== undefined || m.eventId === undefined) return v;
    const e = this.eventIndex.get(m.eventId);
    const category = e ? normalizeEvent(ReplayCatalog.eventObject(e), { now })?.category : undefined;
    return category === undefined ? v : { ...v, category };
  }

  /** The list endpoint: filter on the normalized view, sort on each service's fields, page. */
  list(p: MarketListParams, now: number): Rec[] {
    const hits: { m: ReplayMarket; v: Market; created?: number }[] = [];
    const words = queryWords(p.q ?? '');
    for (const m of this.markets) {
      const v = this.view(m, now);
      if (!v) continue;
      if (p.status !== 'all' && v.status !== p.status) continue;
      if (p.category !== undefined && (v.category ?? '').toLowerCase() !== p.category) continue;
      if (!holdsWords(searchTexts(v), words)) continue;
      hits.push({ m, v, created: toTime(pick(ReplayCatalog.detailObject(m), CREATED_KEYS)) });
    }
    const desc = (a: number | undefined, b: number | undefined) => (b ?? -Infinity) - (a ?? -Infinity);
    const asc = (a: number | undefined, b: number | undefined) => (a ?? Infinity) - (b ?? Infinity);
    const by: Record<MarketListParams['sort'], (a: (typeof hits)[number], b: (typeof hits)[number]) => number> = {
      volume: (a, b) => desc(a.v.volume, b.v.volume),
      newest: (a, b) => desc(a.created, b.created),
      closing: (a, b) => asc(a.v.closesAt, b.v.closesAt),
      liquidity: (a, b) => desc(a.v.liquidity, b.v.liquidity),
    };
    hits.sort((a, b) => by[p.sort](a, b) || a.m.order - b.m.order);
    return hits.slice(p.offset, p.offset + p.limit).map((h) => ReplayCatalog.listObject(h.m));
  }

  /** Events as recorded (listed ones first, in the order recorded), at most `limit`. */
  listEvents(limit: number): Rec[] {
    return [...this.events]
      .sort((a, b) => Number(!a.listed) - Number(!b.listed) || a.order - b.order)
      .slice(0, limit)
      .map((e) => ReplayCatalog.eventObject(e));
  }

  /** Categories known, for the summary line. */
  categories(now: number): string[] {
    const set = new Set<string>();
    for (const m of this.markets) {
      const c = this.view(m, now)?.category;
      if (c) set.add(c);
    }
    return [...set].sort(collator.compare);
  }
}

/** Title (with the sub-title), category and outcome names: where each word of `q` is looked for (any order). */
function searchTexts(v: Market): string[] {
  return [v.title, v.category ?? '', ...v.outcomes.map((o) => o.name)];
}
