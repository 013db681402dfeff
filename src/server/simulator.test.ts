import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { Simulator } from './index.js';
import { createRng } from './sim/prng.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

function snapshot(sim: Simulator): string {
  return JSON.stringify(sim.markets().map((m) => sim.toWire(m)));
}

describe('simulator world', () => {
  it('has ≥200 markets in ≥30 events across ≥6 categories, binary and 3–6 outcome markets', () => {
    const sim = new Simulator({ seed: 1, clock: new ManualClock() });
    const visible = sim.markets().filter((m) => sim.isVisible(m));
    expect(visible.length).toBeGreaterThanOrEqual(200);
    expect(sim.events().filter((e) => sim.isEventVisible(e)).length).toBeGreaterThanOrEqual(30);
    expect(new Set(visible.map((m) => m.category)).size).toBeGreaterThanOrEqual(6);
    expect(visible.some((m) => m.outcomes.length === 2 && m.outcomes[0]?.name === 'Yes')).toBe(true);
    const sizes = new Set(visible.map((m) => m.outcomes.length));
    for (const n of sizes) expect(n === 2 || (n >= 3 && n <= 6)).toBe(true);
    expect([...sizes].some((n) => n >= 3)).toBe(true);
    // wide characters and emoji appear in ordinary titles
    expect(visible.some((m) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(m.title))).toBe(true);
    expect(visible.some((m) => /\p{Extended_Pictographic}/u.test(m.title))).toBe(true);
    // every market belongs to an event that lists it; ids are unique
    const ids = new Set(sim.markets().map((m) => m.id));
    expect(ids.size).toBe(sim.markets().length);
    for (const m of sim.markets()) expect(sim.getEvent(m.eventId)?.marketIds).toContain(m.id);
  });

  it('starts with public markets in every status and hidden ones of both kinds', () => {
    const sim = new Simulator({ seed: 7, clock: new ManualClock() });
    for (const status of ['active', 'closed', 'settling', 'resolved'] as const) {
      expect(sim.filter((m) => sim.isVisible(m) && m.status === status).length).toBeGreaterThanOrEqual(3);
    }
    expect(sim.find((m) => m.visibility === 'private')).toBeDefined();
    expect(sim.find((m) => m.visibility === 'pendingReview')).toBeDefined();
    for (const m of sim.filter((x) => x.status === 'resolved')) {
      const w = sim.toWire(m);
      expect(w.outcomes.map((o) => o.price).sort()).toEqual([...Array(w.outcomes.length - 1).fill(0), 1]);
      expect(w.outcomes.map((o) => o.name)).toContain(w.resolvedOutcome);
    }
    for (const m of sim.filter((x) => x.status !== 'resolved')) {
      const w = sim.toWire(m);
      expect(w.resolvedOutcome).toBeUndefined();
      const sum = w.outcomes.reduce((a, o) => a + o.price, 0);
      expect(Math.abs(sum - 1)).toBeLessThan(0.01);
      for (const o of w.outcomes) expect(o.price > 0 && o.price < 1).toBe(true);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = new Simulator({ seed: 42, clock: new ManualClock() });
    const b = new Simulator({ seed: 42, clock: new ManualClock() });
    const c = new Simulator({ seed: 43, clock: new ManualClock() });
    expect(snapshot(a)).toBe(snapshot(b));
    expect(snapshot(a)).not.toBe(snapshot(c));
    const start = a.startedAt;
    for (const t of [5_000, 65_000, 30 * MIN]) {
      a.advanceTo(start + t);
      b.advanceTo(start + t);
    }
    expect(snapshot(a)).toBe(snapshot(b));
  });

  it('does not depend on how often it is polled (fixed 1 s steps)', () => {
    const a = new Simulator({ seed: 3, clock: new ManualClock() });
    const b = new Simulator({ seed: 3, clock: new ManualClock() });
    for (let t = 0; t <= 10 * MIN; t += 1_700) a.advanceTo(a.startedAt + t);
    a.advanceTo(a.startedAt + 10 * MIN);
    b.advanceTo(b.startedAt + 10 * MIN);
    expect(snapshot(a)).toBe(snapshot(b));
  });

  it('moves prices and grows volume as time passes; updatedAt follows', () => {
    const clock = new ManualClock();
    const sim = new Simulator({ seed: 1, clock });
    const active = sim.filter((m) => m.status === 'active' && m.closesAt > clock.now() + HOUR);
    const before = active.map((m) => ({ p: sim.prices(m), v: m.volume, u: m.updatedAt }));
    clock.advance(10 * MIN);
    sim.sync();
    let moved = 0;
    let grew = 0;
    active.forEach((m, i) => {
      const old = before[i]!;
      if (sim.prices(m).some((p, j) => Math.abs(p - (old.p[j] ?? 0)) > 1e-4)) moved++;
      if (m.volume > old.v) {
        grew++;
        expect(m.updatedAt).toBeGreaterThan(old.u);
      }
      expect(m.volume).toBeGreaterThanOrEqual(old.v);
    });
    expect(moved).toBeGreaterThan(active.length / 2);
    expect(grew).toBeGreaterThan(active.length / 2);
  });

  it('walks a market active → closed → settling → resolved within the hour', () => {
    const clock = new ManualClock();
    const sim = new Simulator({ seed: 5, clock });
    const m = sim.find((x) => sim.isVisible(x) && x.status === 'active' && x.closesAt < clock.now() + 30 * MIN);
    expect(m).toBeDefined();
    const seen: string[] = [m!.status];
    for (let i = 0; i < 90 * 6; i++) {
      clock.advance(10_000);
      sim.sync();
      if (seen.at(-1) !== m!.status) seen.push(m!.status);
    }
    expect(seen).toEqual(['active', 'closed', 'settling', 'resolved']);
    const w = sim.toWire(m!);
    expect(w.resolvedOutcome).toBeDefined();
    expect(Date.parse(w.updatedAt)).toBeGreaterThan(sim.startedAt);
  });

  it('compresses time with speed and reports wall-clock timestamps', () => {
    const clock = new ManualClock();
    const sim = new Simulator({ seed: 5, clock, speed: 60 });
    const m = sim.find((x) => x.status === 'active' && x.closesAt < clock.now() + 30 * MIN)!;
    const closesAtWall = Date.parse(sim.toWire(m).closesAt);
    expect(closesAtWall - clock.now()).toBeLessThanOrEqual(30 * 1000);
    clock.advanceTo(closesAtWall + 1_000);
    sim.sync();
    expect(m.status).not.toBe('active');
  });

  it('handles a month-long jump with bounded work and leaves every soon-closing market resolved', () => {
    const clock = new ManualClock();
    const sim = new Simulator({ seed: 9, clock });
    const soon = sim.filter((m) => m.status === 'active' && m.closesAt < clock.now() + HOUR);
    clock.advance(30 * 24 * HOUR);
    // Bounded work is counted in steps, not timed: a loaded machine made 5 s of wall time a failure of nothing
    const steps = vi.spyOn(sim as unknown as { step(dt: number): void }, 'step');
    sim.sync();
    expect(steps.mock.calls.length).toBeGreaterThan(0);
    expect(steps.mock.calls.length).toBeLessThanOrEqual(2 * 3600);
    for (const m of soon) expect(m.status).toBe('resolved');
    for (const m of sim.markets()) for (const p of sim.prices(m)) expect(Number.isFinite(p)).toBe(true);
  });

  it('setStatus forces a status and the lifecycle carries on', () => {
    const clock = new ManualClock();
    const sim = new Simulator({ seed: 1, clock });
    const m = sim.find((x) => x.status === 'active' && sim.isVisible(x))!;
    sim.setStatus(m.id, 'resolved', m.outcomes[1]!.name);
    expect(sim.toWire(m).resolvedOutcome).toBe(m.outcomes[1]!.name);
    sim.setStatus(m.id, 'closed');
    expect(m.status).toBe('closed');
    clock.advance(5 * MIN);
    sim.sync();
    expect(m.status).toBe('resolved');
  });

  it('its PRNG is reproducible and uniform-ish', () => {
    const a = createRng(123);
    const b = createRng(123);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b.next()));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});
