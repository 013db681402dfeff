import type { OddsStore } from '../store/store.js';
import type { RateState } from '../store/types.js';
import type { Limits } from './limits.js';
import type { Candidate, Plan } from './plan.js';
import type { Queue } from './queue.js';

/** What the header shows about the budget, as the scheduler sees it after choosing. */
export interface RateView {
  now: number;
  cands: Candidate[];
  plan: Plan;
  halted: boolean;
  backoffUntil: number | undefined;
  backoffReason: RateState['backoffReason'];
  last429At: number | undefined;
  total429: number;
  /** When a candidate could go out at the earliest (readiness, backoff, budget). */
  earliest(c: Candidate, now: number): number;
}

/** Writes the rate state the UI reads, only when something in it changed. */
export function publishRate(store: OddsStore, limits: Limits, queue: Queue, v: RateView): void {
  const { now } = v;
  const st = store.getState();
  const backingOff = v.backoffUntil !== undefined && v.backoffUntil > now;
  const patch: Partial<RateState> = {
    effectiveLimit: limits.effective(now),
    usedInWindow: limits.budget.count(now),
    nextRequestAt: v.plan.wakeAt,
    backoffUntil: backingOff ? v.backoffUntil : undefined,
    backoffReason: backingOff ? v.backoffReason : undefined,
    last429At: v.last429At,
    totalRequests: limits.budget.total,
    total429: v.total429,
    nextListRefreshAt: undefined,
    nextDetailRefreshAt: undefined,
  };
  const bg = v.cands.find((c) => c.cls === 'background');
  if (bg && !v.halted) {
    const at = Math.max(now, v.earliest(bg, now));
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
