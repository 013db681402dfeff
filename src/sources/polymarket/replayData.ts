/**
 * A recording of Gamma answers, indexed for the replay: every market object (a detail answer wins over a list copy,
 * a later file over an earlier one), every event object (with the markets it nests), and the tags (a recorded
 * `/tags` answer, else the events' own `tags`). Objects are kept as recorded; a market recorded only nested in an
 * event carries that event inline on the market routes, as Gamma's market answers do.
 */
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { shiftRecorded } from '../../server/replay/asRecorded.js';
import { loadRecording, RecordingError } from '../../server/replay/load.js';

export interface GammaRecording {
  /** Markets in recording order (first seen first). */
  markets: Rec[];
  marketById: Map<string, Rec>;
  events: Rec[];
  eventById: Map<string, Rec>;
  /** The event id of each market: the event that nests it, else its inline `events[0]`. */
  eventOf: Map<string, string>;
  tags: Rec[];
}

const idOf = (o: Rec): string | undefined =>
  typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : undefined;

/** A Gamma market object (a tag has `label` and no question; a profile has neither). */
export const isGammaMarket = (o: Rec): boolean =>
  idOf(o) !== undefined && (typeof o.question === 'string' || typeof o.conditionId === 'string');

const isTag = (o: Rec): boolean => idOf(o) !== undefined && typeof o.label === 'string' && !isGammaMarket(o);

/** `shiftMs`: every time field moved forward by so much (`--as-recorded`; asRecorded.ts). */
export function loadGammaRecording(dir: string, shiftMs = 0): GammaRecording {
  const marketById = new Map<string, Rec>();
  const detailed = new Set<string>();
  const eventById = new Map<string, Rec>();
  const eventOf = new Map<string, string>();
  const tagById = new Map<string, Rec>();
  const putMarket = (m: Rec, detail: boolean) => {
    const id = idOf(m);
    if (id === undefined) return;
    if (detailed.has(id) && !detail) return;
    marketById.set(id, m);
    if (detail) detailed.add(id);
    const inline: unknown = Array.isArray(m.events) ? m.events[0] : undefined;
    const ev = isRecord(inline) ? idOf(inline) : undefined;
    if (ev !== undefined && !eventOf.has(id)) eventOf.set(id, ev);
  };
  for (const item of loadRecording(dir)) {
    const o = shiftMs === 0 ? item.object : shiftRecorded(item.object, shiftMs);
    if (item.kind === 'event') {
      const id = idOf(o);
      if (id === undefined) continue;
      // a fuller copy (a detail, or one with more markets) wins
      const had = eventById.get(id);
      const size = (e: Rec | undefined) => (e && Array.isArray(e.markets) ? e.markets.length : -1);
      if (!had || !item.listed || size(o) >= size(had)) eventById.set(id, o);
      for (const m of Array.isArray(o.markets) ? o.markets : []) {
        if (!isRecord(m) || !isGammaMarket(m)) continue;
        const mid = idOf(m);
        if (mid === undefined) continue;
        eventOf.set(mid, id);
        if (!marketById.has(mid)) putMarket(m, false);
      }
      for (const t of Array.isArray(o.tags) ? o.tags : []) {
        const tid = isRecord(t) ? idOf(t) : undefined;
        if (isRecord(t) && tid !== undefined && !tagById.has(tid)) tagById.set(tid, t);
      }
    } else if (isGammaMarket(o)) putMarket(o, !item.listed);
    else if (isTag(o)) tagById.set(idOf(o)!, o);
  }
  if (marketById.size === 0)
    throw new RecordingError(
      `${dir} holds no Gamma market (an object with id and question or conditionId, ` +
        'as oddsboard record DIR --source polymarket saves)',
    );
  // Gamma's market routes carry the market's event inline as `events[0]` (its own fields: recorded in
  // gamma-markets-3-open-ethiopia-fed-lebron.json, without its markets or tags); a market recorded only nested in an
  // event is served the same way, the event's fields as recorded (docs/sources.md "Rules of a game's moneyline")
  for (const [id, m] of marketById) {
    const ev = eventById.get(eventOf.get(id) ?? '');
    if (!ev || Array.isArray(m.events)) continue;
    const { markets: _m, tags: _t, ...own } = ev;
    marketById.set(id, { ...m, events: [own] });
  }
  return {
    markets: [...marketById.values()],
    marketById,
    events: [...eventById.values()],
    eventById,
    eventOf,
    tags: [...tagById.values()],
  };
}

/** The tag ids of a market: its event's `tags` (markets in list answers carry none of their own). */
export function tagIdsOf(rec: GammaRecording, m: Rec): Set<string> {
  const out = new Set<string>();
  const add = (tags: unknown) => {
    for (const t of Array.isArray(tags) ? tags : []) {
      const id = isRecord(t) ? idOf(t) : undefined;
      if (id !== undefined) out.add(id);
    }
  };
  add(m.tags);
  const mid = idOf(m);
  const ev = mid !== undefined ? rec.eventById.get(rec.eventOf.get(mid) ?? '') : undefined;
  if (ev) add(ev.tags);
  return out;
}

/** The markets of an event: those it nests, else the recorded markets that name it inline. */
export function marketsOfEvent(rec: GammaRecording, eventId: string): Rec[] {
  const ev = rec.eventById.get(eventId);
  if (ev && Array.isArray(ev.markets) && ev.markets.length > 0) return ev.markets.filter(isRecord);
  return rec.markets.filter((m) => rec.eventOf.get(idOf(m) ?? '') === eventId);
}

/** A sortable value of a field: numbers as numbers, numeric text as numbers, ISO times as epoch ms. */
export function sortValue(o: Rec, field: string): number | string | undefined {
  const v = o[field];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v !== 'string' || v === '') return undefined;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  const t = Date.parse(v.replace(' ', 'T').replace(/\+00$/, 'Z'));
  return Number.isFinite(t) ? t : v;
}

export { idOf };
