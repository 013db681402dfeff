/**
 * Movers: how far each market seen has moved over 1 h and 24 h — the
 * service's 24 h change when it sends one, else our own price history (the
 * fine samples and the coarse trail the store keeps) — and the ranking by the
 * size of that move above a threshold.
 */
import { leadingOutcome } from '../store/outcomes.js';
import { latestAtOrBefore, priceAt, sampleCount, timeAt, type Samples } from '../store/samples.js';
import type { AppState, MarketEntry, PriceHistory } from '../store/types.js';

export type MoveWindow = '1h' | '24h';
export const MOVE_WINDOWS: readonly MoveWindow[] = ['1h', '24h'];
export const WINDOW_MS: Record<MoveWindow, number> = { '1h': 3_600_000, '24h': 86_400_000 };
/** The least move (0..1 points) a market needs to be listed: 2¢. */
export const DEFAULT_MOVERS_THRESHOLD = 0.02;
/** Most rows Movers lists. */
export const MOVERS_MAX = 100;

export interface Move {
  /** Price now minus price then, in 0..1 points; undefined when nothing older is known. */
  value: number | undefined;
  /** Our history reaches back less than the window: the move since the oldest price we have. */
  partial: boolean;
  source: 'service' | 'history';
}

export interface Mover {
  id: string;
  /** The outcome the move is of (the row's leading outcome). */
  outcome: string;
  price: number;
  h1: Move;
  h24: Move;
}

const NONE: Move = { value: undefined, partial: false, source: 'history' };

/** A sample of one of a history's lists: the list and the index. */
type At = { s: Samples; i: number };

function at(s: Samples, i: number): At | undefined {
  return i >= 0 && i < sampleCount(s) ? { s, i } : undefined;
}

const timeOf = (x: At) => timeAt(x.s, x.i);

/**
 * The move of outcome `name` from its price at `now − span` (the oldest we have, when history is shorter) to `price`.
 */
export function historyMove(
  history: PriceHistory | undefined,
  name: string,
  price: number,
  now: number,
  span: number,
): Move {
  const i = history ? history.names.indexOf(name) : -1;
  if (!history || i < 0) return NONE;
  const t = now - span;
  const a = at(history.trail, latestAtOrBefore(history.trail, t));
  const b = at(history.samples, latestAtOrBefore(history.samples, t));
  let ref = a && b ? (timeOf(a) >= timeOf(b) ? a : b) : (a ?? b);
  let partial = false;
  if (!ref) {
    const oldest = [at(history.trail, 0), at(history.samples, 0)]
      .filter((x): x is At => x !== undefined)
      .sort((x, y) => timeOf(x) - timeOf(y))[0];
    // only the price just seen: no move to tell yet
    if (!oldest || timeOf(oldest) >= now) return NONE;
    ref = oldest;
    partial = true;
  }
  const then = priceAt(ref.s, ref.i, i);
  return typeof then === 'number' ? { value: price - then, partial, source: 'history' } : NONE;
}

/**
 * A market's moves over 1 h and 24 h, of its leading outcome; undefined when that outcome has no price. `own`: our
 * history's 24 h move even where the service sends its own (several venues shown: one measure for every venue).
 */
export function moverOf(
  entry: MarketEntry,
  history: PriceHistory | undefined,
  now: number,
  own = false,
): Mover | undefined {
  const m = entry.market;
  const lead = leadingOutcome(m);
  if (!lead || typeof lead.price !== 'number') return undefined;
  // the service's own 24 h change, when it sends one (the normalizer keeps it per outcome)
  const change24h = lead.change24h;
  const service = !own && typeof change24h === 'number' && Number.isFinite(change24h);
  return {
    id: m.id,
    outcome: lead.name,
    price: lead.price,
    h1: historyMove(history, lead.name, lead.price, now, WINDOW_MS['1h']),
    h24: service
      ? { value: change24h, partial: false, source: 'service' }
      : historyMove(history, lead.name, lead.price, now, WINDOW_MS['24h']),
  };
}

/**
 * The markets seen whose move over `window` is at least `threshold` (either way), largest first; only those `keep`
 * takes (the venue `v` narrowed a board to), before the cap. `own`: ranked on our history alone (see moverOf).
 */
export function rankMovers(
  s: Pick<AppState, 'markets' | 'history'>,
  now: number,
  window: MoveWindow,
  threshold: number,
  keep?: (id: string) => boolean,
  own = false,
): Mover[] {
  const min = Math.max(0, threshold) - 1e-9;
  const out: Mover[] = [];
  for (const [id, entry] of Object.entries(s.markets)) {
    if (keep && !keep(id)) continue;
    const mv = moverOf(entry, s.history[id], now, own);
    const v = mv ? (window === '1h' ? mv.h1 : mv.h24).value : undefined;
    if (mv && v !== undefined && Math.abs(v) >= min) out.push(mv);
  }
  const size = (x: Mover) => Math.abs((window === '1h' ? x.h1 : x.h24).value ?? 0);
  out.sort((a, b) => size(b) - size(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out.slice(0, MOVERS_MAX);
}

/**
 * The largest of the venues' own 24 h changes (each market's leading outcome's) among the markets `keep` takes: what
 * the Markets list draws `△`, which Movers on a board does not rank (one measure for every venue), named beside it.
 */
export function largestOwn24h(
  s: Pick<AppState, 'markets'>,
  keep?: (id: string) => boolean,
): { id: string; value: number } | undefined {
  let best: { id: string; value: number } | undefined;
  for (const [id, entry] of Object.entries(s.markets)) {
    if (keep && !keep(id)) continue;
    const v = leadingOutcome(entry.market)?.change24h;
    if (typeof v === 'number' && Number.isFinite(v) && (!best || Math.abs(v) > Math.abs(best.value)))
      best = { id, value: v };
  }
  return best;
}
