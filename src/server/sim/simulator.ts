/**
 * The live market simulator. No timers: every request first calls `sync()`,
 * which advances the world lazily to the clock's current time in fixed 1 s
 * simulation steps (coarser only when a huge jump would cost too much), so it
 * is deterministic under a ManualClock and costs nothing while idle.
 *
 * Time: sim time = start + (clock.now() − start) · speed. Timestamps sent on the
 * wire are mapped back to wall-clock time (`toWall`), so a countdown drawn by a
 * client against its own clock is right even when the simulation runs faster.
 */
import type { WireEvent, WireMarket, WireMarketStatus } from '../../api/wire.js';
import { systemClock, type Clock } from '../../util/clock.js';
import { lmsrCost, lmsrPrices } from '../pricing.js';
import { generateWorld, pickWinner } from './generate.js';
import { createRng, type Rng } from './prng.js';
import type { SimEvent, SimMarket } from './types.js';

export interface SimulatorOptions {
  seed?: number;
  clock?: Clock;
  /** Simulated seconds per real second (default 1). */
  speed?: number;
}

/** Wire market as served: `createdAt` (ISO, which `sort=newest` orders by) is always present. */
export type ServedMarket = WireMarket & { createdAt: string };

const STEP_MS = 1000;
/** At most this many coarse steps per advance, whatever the jump. */
const MAX_STEPS = 3600;
/** Logit volatility per √second and mean-reversion rate per second. */
const SIGMA = 0.02;
const THETA = 1 / 1800;
const MAX_LOGIT_SPREAD = 8;

const round = (x: number, dp: number): number => {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
};

export class Simulator {
  readonly seed: number;
  readonly speed: number;
  readonly clock: Clock;
  /** Clock time the simulation started at (also sim time zero point). */
  readonly startedAt: number;
  private simT: number;
  private readonly list: SimMarket[];
  private readonly eventList: SimEvent[];
  private readonly byId = new Map<string, SimMarket>();
  private readonly eventsById = new Map<string, SimEvent>();
  private readonly rng: Rng;

  constructor(opts: SimulatorOptions = {}) {
    this.seed = opts.seed ?? 1;
    this.speed = opts.speed ?? 1;
    if (!(this.speed > 0) || !Number.isFinite(this.speed)) throw new RangeError('speed must be a positive number');
    this.clock = opts.clock ?? systemClock;
    this.startedAt = this.clock.now();
    this.simT = this.startedAt;
    const world = generateWorld(this.seed, this.startedAt);
    this.list = world.markets;
    this.eventList = world.events;
    for (const m of this.list) this.byId.set(m.id, m);
    for (const e of this.eventList) this.eventsById.set(e.id, e);
    this.rng = createRng((this.seed * 2654435761) >>> 0);
  }

  /** Every market, hidden ones included (for tests and drills). */
  markets(): readonly SimMarket[] {
    return this.list;
  }

  events(): readonly SimEvent[] {
    return this.eventList;
  }

  get(id: string): SimMarket | undefined {
    return this.byId.get(id);
  }

  getEvent(id: string): SimEvent | undefined {
    return this.eventsById.get(id);
  }

  find(pred: (m: SimMarket) => boolean): SimMarket | undefined {
    return this.list.find(pred);
  }

  filter(pred: (m: SimMarket) => boolean): SimMarket[] {
    return this.list.filter(pred);
  }

  /** Public markets of public events; everything else answers 404. */
  isVisible(m: SimMarket): boolean {
    return m.visibility === 'public' && this.eventsById.get(m.eventId)?.visibility === 'public';
  }

  isEventVisible(e: SimEvent): boolean {
    return e.visibility === 'public';
  }

  /** Current simulation time (ms). */
  simNow(): number {
    return this.simT;
  }

  /** Simulation time → the wall-clock time it is reported as. */
  toWall(simMs: number): number {
    return this.startedAt + (simMs - this.startedAt) / this.speed;
  }

  prices(m: SimMarket): number[] {
    return lmsrPrices(m.q, m.b);
  }

  /** Advance to the current clock time. */
  sync(): void {
    this.advanceTo(this.clock.now());
  }

  /** Advance the world to clock time `clockMs` (never backwards). */
  advanceTo(clockMs: number): void {
    const target = this.startedAt + (clockMs - this.startedAt) * this.speed;
    let span = target - this.simT;
    if (!(span >= STEP_MS)) return;
    if (span > MAX_STEPS * STEP_MS) {
      const coarse = Math.ceil(span / MAX_STEPS / STEP_MS) * STEP_MS;
      const n = Math.floor(span / coarse);
      for (let i = 0; i < n; i++) this.step(coarse);
      span = target - this.simT;
    }
    const n = Math.floor(span / STEP_MS);
    for (let i = 0; i < n; i++) this.step(STEP_MS);
  }

  /**
   * Force a market into a status now (drills and tests). The schedule is
   * rewritten so the lifecycle carries on from there.
   */
  setStatus(id: string, status: WireMarketStatus, resolvedOutcome?: string): void {
    const m = this.byId.get(id);
    if (!m) throw new Error(`no market ${id}`);
    const t = this.simT;
    const phase = 120 * STEP_MS;
    const offsets: Record<WireMarketStatus, number> = {
      active: phase,
      closed: 0,
      settling: -phase,
      resolved: -2 * phase,
    };
    m.closesAt = t + offsets[status];
    m.settlesAt = m.closesAt + phase;
    m.resolvesAt = m.settlesAt + phase;
    m.status = status;
    m.updatedAt = t;
    delete m.resolvedIndex;
    if (status === 'resolved') {
      const idx = m.outcomes.findIndex((o) => o.id === resolvedOutcome || o.name === resolvedOutcome);
      m.resolvedIndex = idx >= 0 ? idx : pickWinner(this.rng, m);
    }
  }

  private step(dt: number): void {
    const t = this.simT + dt;
    const seconds = dt / 1000;
    for (const m of this.list) {
      const draw = this.rng.next();
      if (m.status === 'active') {
        const p = Math.min(1, m.tradeRate * seconds);
        if (draw < p) this.trade(m, Math.max(1, m.tradeRate * seconds), t);
      }
      this.transition(m, t);
    }
    this.simT = t;
  }

  /** One (or, on coarse steps, an aggregate of `count`) simulated trade. */
  private trade(m: SimMarket, count: number, t: number): void {
    const i = this.rng.int(0, m.outcomes.length - 1);
    const z = (m.q[i] ?? 0) / m.b;
    const anchor = m.anchor[i] ?? 0;
    const jumpStd = SIGMA / Math.sqrt(m.tradeRate);
    const revert = Math.min(0.5, (THETA * count) / m.tradeRate);
    let next = z + jumpStd * Math.sqrt(count) * this.rng.normal() - revert * (z - anchor);
    const others = m.q.filter((_, j) => j !== i).map((x) => x / m.b);
    const mid = others.length ? others.reduce((a, x) => a + x, 0) / others.length : 0;
    next = Math.max(mid - MAX_LOGIT_SPREAD, Math.min(mid + MAX_LOGIT_SPREAD, next));
    const before = lmsrCost(m.q, m.b);
    m.q[i] = next * m.b;
    m.volume += Math.abs(lmsrCost(m.q, m.b) - before);
    m.updatedAt = t;
  }

  private transition(m: SimMarket, t: number): void {
    if (m.status === 'active' && t >= m.closesAt) {
      m.status = 'closed';
      m.updatedAt = Math.min(t, Math.max(m.closesAt, m.updatedAt));
    }
    if (m.status === 'closed' && t >= m.settlesAt) {
      m.status = 'settling';
      m.updatedAt = Math.min(t, Math.max(m.settlesAt, m.updatedAt));
    }
    if (m.status === 'settling' && t >= m.resolvesAt) {
      m.status = 'resolved';
      m.resolvedIndex = pickWinner(this.rng, m);
      m.updatedAt = Math.min(t, Math.max(m.resolvesAt, m.updatedAt));
    }
  }

  toWire(m: SimMarket): ServedMarket {
    const prices = this.prices(m);
    const resolved = m.status === 'resolved' && m.resolvedIndex !== undefined;
    const wire: ServedMarket = {
      id: m.id,
      title: m.title,
      category: m.category,
      status: m.status,
      outcomes: m.outcomes.map((o, i) => ({
        id: o.id,
        name: o.name,
        price: resolved
          ? i === m.resolvedIndex
            ? 1
            : 0
          : Math.min(0.9999, Math.max(0.0001, round(prices[i] ?? 0, 4))),
      })),
      volume: round(m.volume, 2),
      liquidity: round(m.b * Math.log(m.outcomes.length), 2),
      closesAt: new Date(this.toWall(m.closesAt)).toISOString(),
      eventId: m.eventId,
      createdAt: new Date(this.toWall(m.createdAt)).toISOString(),
      updatedAt: new Date(this.toWall(m.updatedAt)).toISOString(),
    };
    if (resolved) wire.resolvedOutcome = m.outcomes[m.resolvedIndex ?? 0]?.name ?? '';
    return wire;
  }

  /** An event with its visible markets nested (largest volume first). */
  eventToWire(e: SimEvent): WireEvent {
    const markets = e.marketIds
      .map((id) => this.byId.get(id))
      .filter((m): m is SimMarket => m !== undefined && this.isVisible(m))
      .sort((a, b) => b.volume - a.volume || (a.id < b.id ? -1 : 1));
    return { id: e.id, title: e.title, category: e.category, markets: markets.map((m) => this.toWire(m)) };
  }
}
