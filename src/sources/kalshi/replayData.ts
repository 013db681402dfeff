/**
 * What a Kalshi recording holds, indexed the way its routes ask: markets by ticker, events by event ticker
 * (their markets nested as recorded, else gathered by `event_ticker`), categories. Objects are kept exactly as
 * recorded; the newest detail answer of a market wins over a list copy.
 */
import { isKalshiEvent } from '../../api/normalizeKalshi.js';
import type { RecordedItem } from '../../server/replay/load.js';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface KalshiData {
  /** Markets in recorded order, by ticker. */
  markets: Map<string, Obj>;
  /** Events in recorded order, by event ticker (as recorded: with or without `markets`). */
  events: Map<string, Obj>;
  /** A recorded `GET /search/tags_by_categories` mapping, when there was one. */
  tagsByCategories?: Obj;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export function indexRecording(items: readonly RecordedItem[]): KalshiData {
  const markets = new Map<string, Obj>();
  const events = new Map<string, Obj>();
  let tagsByCategories: Obj | undefined;
  const addMarket = (o: unknown, detail: boolean) => {
    if (!isObj(o)) return;
    const t = str(o.ticker);
    if (t === undefined || str(o.event_ticker) === undefined) return;
    if (detail || !markets.has(t)) markets.set(t, o);
  };
  for (const it of items) {
    const o = it.object;
    if (isObj(o.tags_by_categories)) {
      tagsByCategories = o.tags_by_categories;
      continue;
    }
    if (it.kind === 'event' || isKalshiEvent(o)) {
      const id = str(o.event_ticker);
      if (id === undefined) continue;
      if (!it.listed || !events.has(id)) events.set(id, o);
      if (Array.isArray(o.markets)) for (const m of o.markets) addMarket(m, false);
    } else addMarket(o, !it.listed);
  }
  return { markets, events, ...(tagsByCategories ? { tagsByCategories } : {}) };
}

/** An event's markets: nested as recorded, else the recorded markets that name it. */
export function marketsOf(data: KalshiData, event: Obj): Obj[] {
  if (Array.isArray(event.markets)) return event.markets.filter(isObj);
  const id = event.event_ticker;
  return [...data.markets.values()].filter((m) => m.event_ticker === id);
}

/** A market's series: its event's `series_ticker`, else its ticker before the first '-'. */
export function seriesOf(data: KalshiData, m: Obj): string {
  const ev = data.events.get(String(m.event_ticker));
  return str(ev?.series_ticker) ?? String(m.ticker).split('-')[0] ?? '';
}

/** Filter word → the answers' status words (docs.kalshi.com/getting_started/market_lifecycle). */
export const FILTER_MATCHES: Record<string, readonly string[]> = {
  unopened: ['initialized'],
  open: ['active'],
  paused: ['inactive'],
  closed: ['closed', 'determined', 'disputed', 'amended'],
  settled: ['finalized'],
};

/** An event's status for `/events?status=`: open while a market trades, settled when all are final. */
export function eventStatus(markets: readonly Obj[]): 'open' | 'closed' | 'settled' | undefined {
  if (markets.length === 0) return undefined;
  if (markets.some((m) => m.status === 'active')) return 'open';
  return markets.every((m) => m.status === 'finalized') ? 'settled' : 'closed';
}

/** Seconds since the epoch of an ISO time field, when readable. */
export function seconds(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.floor(t / 1000) : undefined;
}

/** The categories `tags_by_categories` lists: the recorded mapping, else the recorded events' categories. */
export function tagsByCategories(data: KalshiData): Obj {
  if (data.tagsByCategories) return data.tagsByCategories;
  const out: Obj = {};
  for (const e of data.events.values()) {
    const c = str(e.category);
    if (c !== undefined) out[c] = [];
  }
  return out;
}
