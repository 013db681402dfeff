/**
 * The chaos layer speaking a platform: its error bodies (the source's `errorBody`), its detail routes (the
 * replay's `marketIdOf`), and its raw market objects (an id or a Kalshi `ticker`; a `title` or a `question`).
 */
import { HOSTILE_TITLES } from '../server/chaosBody.js';
import type { ChaosDialect } from '../server/chaosDialect.js';
import { segmentsBelow } from './replay.js';
import type { PlatformDef, SourceReplay } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A raw market object's id on any platform (Kalshi names it `ticker`). */
function idOf(o: Obj): string | undefined {
  const v = o.ticker ?? o.id;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

const isMarket = (o: Obj): boolean => ('question' in o || 'title' in o) && idOf(o) !== undefined;

/** Every raw market object in a body: lists, `{markets:[…]}`, events' nested markets, `{market:{…}}`. */
function marketsIn(body: unknown): Obj[] {
  const out: Obj[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 4) return;
    if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
    else if (isObj(v)) {
      if (isMarket(v) && !Array.isArray(v.markets)) out.push(v);
      for (const k of ['markets', 'market', 'events', 'event']) if (k in v) visit(v[k], depth + 1);
    }
  };
  visit(body, 0);
  return out;
}

export function platformDialect(def: PlatformDef, replay: SourceReplay): ChaosDialect {
  return {
    failure: (status, code, message) => def.errorBody(status, code, message),
    marketOf(path) {
      const url = new URL(path, 'http://replay.invalid');
      const segments = segmentsBelow(url.pathname, def.replayPrefix);
      const marketId = segments ? replay.marketIdOf?.(segments) : undefined;
      return marketId !== undefined ? { marketId, detail: true } : { detail: false };
    },
    payload: (body) => (Array.isArray(body) || isObj(body) ? { data: body, rewrap: (d) => d } : undefined),
    isList: (data) =>
      Array.isArray(data) || (isObj(data) && (Array.isArray(data.markets) || Array.isArray(data.events))),
    listedIds: (data) => replay.listedIds?.(data) ?? marketsIn(data).flatMap((m) => idOf(m) ?? []),
    hostile(data, ids) {
      for (const m of marketsIn(data)) {
        const i = ids.indexOf(idOf(m) ?? '');
        if (i < 0 || i >= HOSTILE_TITLES.length) continue;
        for (const k of ['title', 'question']) if (k in m) m[k] = HOSTILE_TITLES[i];
      }
    },
    without(data, id) {
      const drop = (v: unknown, depth: number): unknown => {
        if (depth > 4) return v;
        if (Array.isArray(v))
          return v.filter((x) => !(isObj(x) && isMarket(x) && idOf(x) === id)).map((x) => drop(x, depth + 1));
        if (isObj(v)) {
          const out: Obj = { ...v };
          for (const k of ['markets', 'events']) if (Array.isArray(v[k])) out[k] = drop(v[k], depth + 1);
          return out;
        }
        return v;
      };
      return drop(data, 0);
    },
  };
}
