/**
 * Builds the simulated world for a seed: ~260 markets in 48 events over 8
 * categories, binary and 3–6 outcome markets, some already closed / settling /
 * resolved, some closing within the hour, a few private or pending review.
 * Pure function of (seed, t0).
 */
import type { WireMarketStatus } from '../../api/wire.js';
import { CATEGORIES, MONTHS, marketSpecs, type Ctx } from './catalog.js';
import { createRng, type Rng } from './prng.js';
import type { SimEvent, SimMarket, SimWorld, Visibility } from './types.js';
import { lmsrPrices } from '../pricing.js';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
export const EVENTS_PER_CATEGORY = 6;

function uniqueId(rng: Rng, prefix: string, len: number, used: Set<string>): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < len; i++) s += '0123456789abcdefghijklmnopqrstuvwxyz'[rng.int(0, 35)];
    const id = `${prefix}-${s}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

/** Phase lengths: closed and settling each last 1–3 simulated minutes. */
const phase = (rng: Rng): number => Math.round(rng.range(60, 180)) * SEC;

/** Status a market has at sim time t, from its schedule. */
export function scheduledStatus(
  m: Pick<SimMarket, 'closesAt' | 'settlesAt' | 'resolvesAt'>,
  t: number,
): WireMarketStatus {
  if (t < m.closesAt) return 'active';
  if (t < m.settlesAt) return 'closed';
  if (t < m.resolvesAt) return 'settling';
  return 'resolved';
}

/** Pick an outcome index with probability equal to its price. */
export function pickWinner(rng: Rng, m: SimMarket): number {
  const p = lmsrPrices(m.q, m.b);
  let r = rng.next();
  for (let i = 0; i < p.length; i++) {
    r -= p[i] ?? 0;
    if (r < 0) return i;
  }
  return p.length - 1;
}

type Plan = 'resolved' | 'settling' | 'closed' | 'soon' | 'later';

function schedule(rng: Rng, m: SimMarket, plan: Plan, t0: number): void {
  const closedFor = phase(rng);
  const settlingFor = phase(rng);
  let closesAt: number;
  if (plan === 'resolved')
    closesAt = t0 - Math.round(rng.logRange(10 * MIN, 30 * DAY) / SEC) * SEC - closedFor - settlingFor;
  else if (plan === 'settling') closesAt = t0 - closedFor - Math.round(rng.range(0.1, 0.7) * settlingFor);
  else if (plan === 'closed') closesAt = t0 - Math.round(rng.range(0.1, 0.7) * closedFor);
  else if (plan === 'soon') closesAt = t0 + Math.round(rng.range(2, 60) * 60) * SEC;
  else closesAt = t0 + Math.round(rng.logRange(1 * DAY, 180 * DAY) / MIN) * MIN;
  m.closesAt = closesAt;
  m.settlesAt = closesAt + closedFor;
  m.resolvesAt = closesAt + closedFor + settlingFor;
  m.createdAt = Math.min(closesAt, t0) - Math.round(rng.logRange(1 * HOUR, 120 * DAY) / MIN) * MIN;
  m.status = scheduledStatus(m, t0);
  m.updatedAt = t0;
  if (m.status === 'resolved') {
    m.resolvedIndex = pickWinner(rng, m);
    m.updatedAt = m.resolvesAt;
  } else if (m.status !== 'active') {
    m.updatedAt = m.status === 'closed' ? m.closesAt : m.settlesAt;
  }
}

function newMarket(rng: Rng, id: string, eventId: string, category: string, title: string, names: string[]): SimMarket {
  const b = Math.round(rng.logRange(1_000, 50_000));
  const binary = names.length === 2;
  let logits: number[];
  if (binary) {
    const p = rng.range(0.06, 0.94);
    logits = [Math.log(p / (1 - p)), 0];
  } else {
    logits = names.map(() => rng.normal());
  }
  return {
    id,
    title,
    category,
    eventId,
    visibility: 'public',
    outcomes: names.map((name, i) => ({ id: binary ? name.toLowerCase() : `o${i + 1}`, name })),
    q: logits.map((z) => z * b),
    anchor: logits.slice(),
    b,
    tradeRate: rng.logRange(0.01, 0.25),
    volume: Math.round(rng.logRange(500, 5_000_000) * 100) / 100,
    createdAt: 0,
    closesAt: 0,
    settlesAt: 0,
    resolvesAt: 0,
    status: 'active',
    updatedAt: 0,
  };
}

export function generateWorld(seed: number, t0: number): SimWorld {
  const rng = createRng((seed ^ 0x9e3779b9) >>> 0);
  const used = new Set<string>();
  const year = new Date(t0).getUTCFullYear();
  const markets: SimMarket[] = [];
  const events: SimEvent[] = [];
  for (const cat of CATEGORIES) {
    for (const subject of rng.shuffle(cat.subjects).slice(0, EVENTS_PER_CATEGORY)) {
      const ctx: Ctx = { rng, month: rng.pick(MONTHS), year: year + (rng.chance(0.3) ? 1 : 0) };
      const event: SimEvent = {
        id: uniqueId(rng, 'evt', 5, used),
        title: cat.event(subject, ctx),
        category: cat.name,
        visibility: 'public',
        marketIds: [],
      };
      for (const spec of marketSpecs(cat, subject, ctx, rng.int(5, 6))) {
        const m = newMarket(rng, uniqueId(rng, 'mkt', 6, used), event.id, cat.name, spec.title, spec.outcomes);
        markets.push(m);
        event.marketIds.push(m.id);
      }
      events.push(event);
    }
  }
  // Two whole events are hidden (one private, one pending review), with their markets.
  const hiddenEvents = rng.shuffle(events).slice(0, 2);
  hiddenEvents.forEach((e, i) => {
    e.visibility = i === 0 ? 'private' : 'pendingReview';
    for (const m of markets) if (m.eventId === e.id) m.visibility = e.visibility;
  });
  // And a few single markets inside public events.
  const publicMarkets = markets.filter((m) => m.visibility === 'public');
  const loose = rng.shuffle(publicMarkets).slice(0, Math.max(6, Math.round(publicMarkets.length * 0.05)));
  loose.forEach((m, i) => {
    m.visibility = (i % 2 === 0 ? 'private' : 'pendingReview') satisfies Visibility;
  });
  const visible = rng.shuffle(markets.filter((m) => m.visibility === 'public'));
  const n = visible.length;
  const counts: [Plan, number][] = [
    ['resolved', Math.max(4, Math.round(n * 0.08))],
    ['settling', Math.max(3, Math.round(n * 0.04))],
    ['closed', Math.max(3, Math.round(n * 0.05))],
    ['soon', Math.max(5, Math.round(n * 0.25))],
  ];
  let k = 0;
  for (const [plan, count] of counts)
    for (let j = 0; j < count && k < n; j++) schedule(rng, visible[k++] as SimMarket, plan, t0);
  for (; k < n; k++) schedule(rng, visible[k] as SimMarket, 'later', t0);
  for (const m of markets)
    if (m.visibility !== 'public')
      schedule(rng, m, rng.pick<Plan>(['resolved', 'closed', 'soon', 'later', 'later']), t0);
  return { markets, events };
}
