/**
 * What another process wrote is kept: before a person's file is written, the file as it is now (another dashboard on
 * the same state directory, or a hand edit) is taken as the ground and only what changed here since the last write is
 * put on it — an entry added or changed here, one removed here. Entries are compared by reference: the store replaces
 * an entry it changes and keeps the others, so an entry it did not touch is left as the file has it.
 */
import type { PaperBook, PaperPosition, PaperTrade } from '../positions/paper.js';
import { afterFolds, holding } from '../positions/paperHolding.js';
import { ALERT_COOLDOWN_MS, ALERT_LOG_CAP } from '../store/alerts.js';
import { watchCap } from '../store/watchlist.js';
import type { AlertFired, AlertRule, AlertRuleState, WatchState } from '../store/watchTypes.js';
import { refKey } from '../venue/ref.js';

/** `theirs` (in its order) with this process's changes from `base` to `ours`; what only this process added last. */
export function mergeKeyed<T>(
  base: ReadonlyMap<string, T>,
  ours: ReadonlyMap<string, T>,
  theirs: ReadonlyMap<string, T>,
): Map<string, T> {
  const out = new Map<string, T>();
  for (const [k, t] of theirs) {
    const mine = ours.get(k);
    if (mine === undefined && base.has(k)) continue; // removed here
    out.set(k, mine !== undefined && mine !== base.get(k) ? mine : t);
  }
  // added (or changed) here; one this process did not touch and the file no longer has was removed there
  for (const [k, t] of ours) if (!out.has(k) && t !== base.get(k)) out.set(k, t);
  return out;
}

const byKey = <T>(list: readonly T[], key: (t: T) => string) => new Map(list.map((t) => [key(t), t]));
const entries = (w: WatchState) => w.ids.map((id) => w.byId[id]).filter((m) => m !== undefined);

export function mergeWatch(base: WatchState, ours: WatchState, theirs: WatchState): WatchState {
  const id = (m: { id: string }) => m.id;
  const merged = [...mergeKeyed(byKey(entries(base), id), byKey(entries(ours), id), byKey(entries(theirs), id))];
  const fits = watchCap();
  const kept = merged.filter(([k]) => fits(k));
  return { ids: kept.map(([k]) => k), byId: Object.fromEntries(kept) };
}

type Rules = { rules: AlertRule[]; state: Record<string, AlertRuleState> };

/**
 * The file holds the alerts set with `a` only: the config file's are the session's, not the file's, so they are kept
 * out of the merge and put first again. Merged, one unchanged since the last write was taken as removed elsewhere (the
 * file lacks it), and its state went with it from the second write on: a restart then learned its status silently.
 */
export function mergeAlerts(base: Rules, ours: Rules, theirs: Rules): Rules {
  const id = (r: AlertRule) => r.id;
  const kept = (rules: AlertRule[]) =>
    byKey(
      rules.filter((r) => r.source !== 'config'),
      id,
    );
  const config = ours.rules.filter((r) => r.source === 'config');
  const rules = mergeKeyed(kept(base.rules), kept(ours.rules), kept(theirs.rules));
  const state = mergeKeyed(
    new Map(Object.entries(base.state)),
    new Map(Object.entries(ours.state)),
    new Map(Object.entries(theirs.state)),
  );
  return { rules: [...config, ...rules.values()], state: Object.fromEntries(state) };
}

/**
 * Two entries of one firing: the same alert seen to fire by two dashboards on one state directory (each judges it on
 * its own copy of the market before the other's write reaches it). An alert fires again no sooner than its cooldown
 * (a status alert: on another change), so the same rule's same change within it is one firing. A market's change of
 * status is one firing whatever alert told it: a status alert in one dashboard's config file and the watchlist's
 * implicit one in another's (another config file, without that alert) are two ids for one change.
 */
export function sameFiring(a: AlertFired, b: AlertFired): boolean {
  const status = a.kind === 'status' && b.kind === 'status';
  return (
    (status ? a.marketId === b.marketId : a.ruleId === b.ruleId && a.kind === b.kind && a.from === b.from) &&
    a.to === b.to &&
    a.ended === b.ended &&
    Math.abs(a.at - b.at) < ALERT_COOLDOWN_MS
  );
}

/**
 * Both logs' entries, newest first (two processes may give out the same seq: an entry is its seq, time and rule). An
 * entry added here of a firing the file has from elsewhere (added there since `base`) is left out: the first written
 * is the one entry of that firing (sameFiring).
 */
export function mergeLog(base: AlertFired[], ours: AlertFired[], theirs: AlertFired[]): AlertFired[] {
  const key = (e: AlertFired) => `${e.seq} ${e.at} ${e.ruleId}`;
  const known = byKey(base, key);
  const there = theirs.filter((t) => !known.has(key(t)));
  const mine = ours.filter((e) => known.has(key(e)) || !there.some((t) => key(t) !== key(e) && sameFiring(t, e)));
  const merged = mergeKeyed(known, byKey(mine, key), byKey(theirs, key));
  return [...merged.values()].sort((a, b) => b.at - a.at || b.seq - a.seq).slice(0, ALERT_LOG_CAP);
}

const tradeKey = (t: PaperTrade) => `${t.at} ${t.action} ${t.shares} ${t.total}`;

/**
 * Whether a trade is among `known`: by id when both have one (two dashboards' same trade in the same millisecond are
 * two trades), else by time, action, shares and total — a file written before ids, or by a version that drops them.
 */
function knownTrades(known: readonly PaperTrade[]): (t: PaperTrade) => boolean {
  const ids = new Set(known.flatMap((k) => (k.id === undefined ? [] : [k.id])));
  const idless = new Set(known.filter((k) => k.id === undefined).map(tradeKey));
  const all = new Set(known.map(tradeKey));
  return (t) => (t.id === undefined ? all.has(tradeKey(t)) : ids.has(t.id) || idless.has(tradeKey(t)));
}

/** Whether two lists of a position's trades hold the same (a fold of some of them holds what they did). */
function sameHolding(a: readonly PaperTrade[], b: readonly PaperTrade[]): boolean {
  const x = holding(a);
  const y = holding(b);
  return Math.abs(x.shares - y.shares) < 1e-6 && Math.abs(x.cost - y.cost) < 1e-6;
}

/** Both books' positions; one traded in both keeps the file's trades and adds the ones made here since `base`. */
export function mergePaper(base: PaperBook, ours: PaperBook, theirs: PaperBook): PaperBook {
  const key = (p: PaperPosition) => `${refKey(p.ref)} ${p.outcome}`;
  const was = byKey(base.positions, key);
  const there = byKey(theirs.positions, key);
  const merged = mergeKeyed(was, byKey(ours.positions, key), there);
  for (const [k, p] of merged) {
    const t = there.get(k);
    if (t === undefined || t === p) continue;
    const known = knownTrades([...(was.get(k)?.trades ?? []), ...t.trades]);
    const added = p.trades.filter((x) => !known(x));
    // a fold on the file holds what the file had, never a trade kept here since (paperHolding.ts)
    const trades = afterFolds(t.trades, added);
    // a settlement paid what the trades it was stamped on held: with trades from the other side it is stale (a buy
    // kept there before that dashboard read the market resolved), so it goes, and is stamped again on all of them
    // from the market (settlePaper: at once where the board has it, else at its next reading)
    const stands = (side: PaperPosition) => side.settled !== undefined && sameHolding(side.trades, trades);
    const settled = stands(p) ? p.settled : stands(t) ? t.settled : undefined;
    const { ref, title, outcome, currency } = p;
    merged.set(k, { ref, title, outcome, currency, trades, ...(settled ? { settled } : {}) });
  }
  return { positions: [...merged.values()] };
}
