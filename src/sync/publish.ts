import type { OddsStore } from '../store/store.js';
import type { RateState } from '../store/types.js';
import type { HealthView } from './health.js';
import type { Limits } from './limits.js';
import type { Candidate, Plan } from './plan.js';
import type { Queue } from './queue.js';

/** What the header shows about the budget, as the scheduler sees it after choosing. */
export interface RateView {
  now: number;
  cands: Candidate[];
  plan: Plan;
  health: HealthView;
  /** When a candidate could go out at the earliest (readiness, backoff, budget), at `now`. */
  earliest(c: Candidate): number;
}

/** Writes the rate state the UI reads, only when something in it changed. */
export function publishRate(store: OddsStore, limits: Limits, queue: Queue, v: RateView): void {
  const { now } = v;
  const st = store.getState();
  const h = v.health;
  const patch: Partial<RateState> = {
    effectiveLimit: limits.effective(now),
    usedInWindow: limits.budget.count(now),
    othersInWindow: limits.others(now).length,
    nextRequestAt: v.plan.wakeAt,
    backoffUntil: h.pausedUntil,
    backoffReason: h.reason,
    last429At: h.last429At,
    totalRequests: limits.budget.total,
    total429: h.total429,
    listEveryMs: Math.round(queue.listPeriod(now)),
    nextListRefreshAt: undefined,
    nextDetailRefreshAt: undefined,
    nextQuoteAt: undefined,
  };
  // a quote still queued: when it may go (the form says when that is a wait for the budget)
  const quote = v.cands.find((c) => c.cls === 'quote');
  if (quote) patch.nextQuoteAt = Math.max(now, v.earliest(quote));
  const bg = v.cands.find((c) => c.cls === 'background');
  if (bg) {
    const at = Math.max(now, v.earliest(bg));
    const later = Math.ceil(at + limits.interval(now));
    const kind = queue.backgroundKind(at);
    // "next refresh" is of what the shown view draws (the market list, closing soon, the events or the open event)
    patch.nextListRefreshAt = kind === queue.shownKind() ? at : later;
    if (st.selectedId !== undefined) patch.nextDetailRefreshAt = kind === 'detail' ? at : later;
  }
  const cur = st.rate as unknown as Record<string, unknown>;
  const changed = Object.entries(patch).some(([k, v]) => cur[k] !== v);
  if (changed) st.setRate(patch);
}
