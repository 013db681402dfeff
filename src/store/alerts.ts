/**
 * Alerts, checked after every answer that brought market data: a price above
 * or below a level, a move of at least N¢ within M minutes, any status change
 * (set by hand or in the config file), and the implicit status alert of every
 * watched market. Each fires once per crossing: it fires when its condition
 * starts to hold, then stays quiet until the condition has stopped holding
 * and holds again, and never sooner than ALERT_COOLDOWN_MS after it last fired
 * (status changes have no cooldown: each one is news). Pure: the store applies
 * the result, src/watch/ rings the bell and runs alertCommand.
 */
import type { Market, MarketStatus } from '../api/types.js';
import { leadingOutcome } from './outcomes.js';
import { changeWords, quoted } from './transitions.js';
import { largestMove } from './samples.js';
import { positionVerdict, pnlRuleText, type PositionInput } from './positionAlerts.js';
import type { MarketEntry, PriceHistory } from './types.js';
import {
  scopeOf,
  type AlertFired,
  type AlertRule,
  type AlertRuleState,
  type AlertsState,
  type WatchState,
} from './watchTypes.js';
import { patchWatched } from './watchlist.js';
import { formatPrice } from '../util/price.js';
import { G } from '../util/glyphs.js';

export { largestMove };

export const ALERT_LOG_CAP = 200;
/** A price or move alert fires at most once per this long, however often the price crosses its level. */
export const ALERT_COOLDOWN_MS = 5 * 60_000;
/** Alerts set at most (with `a` and in the config file together). */
export const ALERT_RULES_MAX = 200;

export const EMPTY_ALERTS: AlertsState = { rules: [], state: {}, log: [], seq: 0 };

export interface AlertInput extends PositionInput {
  watch: WatchState;
  alerts: AlertsState;
  markets: Readonly<Record<string, MarketEntry>>;
  history: Readonly<Record<string, PriceHistory>>;
}

/** Verdicts worked out outside the store, by rule id (a pair's gap needs both venues: venues/across/gapAlerts.ts). */
export type ExternalVerdicts = Readonly<Record<string, Verdict | undefined>>;

export interface AlertCheck {
  watch: WatchState;
  alerts: AlertsState;
  fired: AlertFired[];
}

/**
 * The outcome a rule watches: the named one (case-insensitive), else the leading one — on a binary market always
 * "Yes", also once it resolved No (leadingOutcome then names the winner, and "above 70" would fire on No at 100¢).
 */
export function ruleOutcome(rule: Pick<AlertRule, 'outcome'>, market: Market) {
  if (rule.outcome === undefined) {
    const yes = market.outcomes.find((o) => o.name.trim().toLowerCase() === 'yes');
    return yes && market.outcomes.length === 2 && typeof yes.price === 'number' ? yes : leadingOutcome(market);
  }
  const want = rule.outcome.trim().toLowerCase();
  return market.outcomes.find((o) => o.name.trim().toLowerCase() === want || o.id?.toLowerCase() === want);
}

/** A rule in words, for the log and the list of alerts: "Yes above 70¢", "any status change". */
export function ruleText(rule: AlertRule): string {
  const o = rule.outcome ?? 'leading outcome';
  switch (rule.kind) {
    case 'above':
      return `${o} at or above ${rule.cents}${G.cent}`;
    case 'below':
      return `${o} at or below ${rule.cents}${G.cent}`;
    case 'move':
      return `${o} moves ${rule.cents}${G.cent} within ${rule.minutes} min`;
    case 'status':
      return 'any status change';
    case 'gap':
      return `gap after fees above ${rule.cents}${G.cent} (the Across view's size) with ${rule.pairId ?? G.dash}`;
    default:
      return pnlRuleText(rule);
  }
}

/**
 * What a rule makes of the data now: whether its condition holds, and the entry it writes if it fires (`title`: the
 * entry's title when it is not the market's on the board). `ended`: the thing watched is gone for good (a position
 * sold or settled): the entry is written once, whatever the arming, and the rule never fires again.
 */
export type Verdict = {
  holds: boolean;
  fired?: Omit<AlertFired, 'seq' | 'at' | 'ruleId' | 'source' | 'kind' | 'marketId' | 'title'> & { title?: string };
  ended?: boolean;
};

function priceVerdict(
  rule: AlertRule,
  entry: MarketEntry,
  history: PriceHistory | undefined,
  at: number,
): Verdict | undefined {
  const o = ruleOutcome(rule, entry.market);
  if (!o || typeof o.price !== 'number' || rule.cents === undefined) return undefined;
  const p = o.price;
  const title = quoted(entry.market.title);
  if (rule.kind === 'above' || rule.kind === 'below') {
    // compared in tenths of a cent, as shown, so 70.0¢ is "at 70¢"
    const shown = Math.round(p * 1000) / 10;
    const holds = rule.kind === 'above' ? shown >= rule.cents : shown <= rule.cents;
    return {
      holds,
      fired: {
        outcome: o.name,
        price: p,
        text: `${title} ${o.name} at ${formatPrice(p)} (${rule.kind} ${rule.cents}${G.cent})`,
      },
    };
  }
  const move = largestMove(history, o.name, p, rule.minutes ?? 0, at);
  if (move === undefined) return { holds: false };
  const moveCents = Math.round(move * 1000) / 10;
  // the minus sign of every other figure on screen (priceFormat.ts), not toFixed's hyphen
  const moved = `${moveCents > 0 ? '+' : moveCents < 0 ? G.minus : ''}${Math.abs(moveCents).toFixed(1)}${G.cent}`;
  return {
    holds: Math.abs(moveCents) >= rule.cents,
    fired: {
      outcome: o.name,
      price: p,
      moveCents,
      text: `${title} ${o.name} moved ${moved} in ${rule.minutes} min (now ${formatPrice(p)})`,
    },
  };
}

function statusFired(entry: MarketEntry, from: MarketStatus, to: MarketStatus): NonNullable<Verdict['fired']> {
  const winner = to === 'resolved' ? entry.market.resolvedOutcome : undefined;
  return {
    from,
    to,
    ...(winner ? { winner } : {}),
    text: `${quoted(entry.market.title)} ${changeWords({ to, ...(winner ? { resolvedOutcome: winner } : {}) })}`,
  };
}

const known = (e: MarketEntry): MarketStatus | undefined => (e.knownStatus === 'unknown' ? undefined : e.knownStatus);

/** What the alerts make of the data as it is now; undefined when nothing changed (no new object, nothing to save). */
export function checkAlerts(s: AlertInput, at: number, external?: ExternalVerdicts): AlertCheck | undefined {
  let watch = s.watch;
  let states = s.alerts.state;
  const fired: AlertFired[] = [];
  let seq = s.alerts.seq;
  const fire = (
    ruleId: string,
    source: AlertFired['source'],
    kind: AlertFired['kind'],
    entry: MarketEntry | { market: { id: string; title: string } },
    f: NonNullable<Verdict['fired']>,
  ) => {
    const { title = entry.market.title, ...rest } = f;
    fired.push({ seq: ++seq, at, ruleId, source, kind, marketId: entry.market.id, title, ...rest });
  };
  const setState = (id: string, next: AlertRuleState) => {
    const cur = states[id];
    if (
      cur &&
      cur.armed === next.armed &&
      cur.firedAt === next.firedAt &&
      cur.status === next.status &&
      cur.ended === next.ended
    )
      return;
    if (states === s.alerts.state) states = { ...states };
    states[id] = next;
  };

  /**
   * A market's change of status is one entry (one notice, one alertCommand run) however many alerts know of it: the
   * first told wins — a status alert set on the market (the first in the list of alerts: the config file's, then
   * those set with `a`) before the watchlist's implicit one, which is judged last. The others take the new status
   * without an entry of their own, so none tells it later.
   */
  const told = new Set<string>();
  const tell = (
    ruleId: string,
    source: AlertFired['source'],
    entry: MarketEntry,
    from: MarketStatus,
    to: MarketStatus,
  ) => {
    if (told.has(entry.market.id)) return;
    told.add(entry.market.id);
    fire(ruleId, source, 'status', entry, statusFired(entry, from, to));
  };

  /**
   * The change was told already by another dashboard on the same home (or by this one in a session without this
   * alert): the shared log's latest status entry of the market is that change, and either the market's watch entry,
   * shared through watchlist.json, already holds the new status (a watch is judged after the alerts set, in the same
   * check, so in one session it never holds a status ahead of them; a config alert the other dashboard does not have
   * stays behind), or — a market nobody watches — the entry is of the very change this alert stands before (from the
   * status it holds) and was written after this alert last changed (or was set): an older entry of the same change is
   * of an earlier round of the market's, which this alert did not see.
   */
  const toldElsewhere = (rule: AlertRule, st: AlertRuleState, to: MarketStatus): boolean => {
    const last = s.alerts.log.find((e) => e.kind === 'status' && e.marketId === rule.marketId);
    if (last?.to !== to) return false;
    if (s.watch.byId[rule.marketId]?.status === to) return true;
    return last.from === st.status && last.at > Math.max(st.firedAt ?? rule.createdAt, rule.createdAt);
  };

  /** Once per crossing: armed while the condition does not hold, fired when it starts to, then a cooldown. */
  function judge(rule: AlertRule, st: AlertRuleState, v: Verdict, entry: Parameters<typeof fire>[3]): void {
    if (v.ended) {
      if (v.fired) fire(rule.id, rule.source, rule.kind, entry, v.fired);
      setState(rule.id, { armed: false, firedAt: at, ended: at });
      return;
    }
    if (!v.holds) {
      if (!st.armed) setState(rule.id, { ...st, armed: true });
      else if (!states[rule.id]) setState(rule.id, st);
      return;
    }
    const cooling = st.firedAt !== undefined && at - st.firedAt < ALERT_COOLDOWN_MS && at >= st.firedAt;
    if (!st.armed || cooling || !v.fired) return;
    fire(rule.id, rule.source, rule.kind, entry, v.fired);
    setState(rule.id, { armed: false, firedAt: at });
  }

  for (const rule of s.alerts.rules) {
    const entry = s.markets[rule.marketId];
    const st = states[rule.id] ?? { armed: true };
    const scope = scopeOf(rule.kind);
    if (scope !== 'market') {
      if (st.ended !== undefined) continue;
      const v = scope === 'pair' ? external?.[rule.id] : positionVerdict(rule, s, at);
      if (v) judge(rule, st, v, entry ?? { market: { id: rule.marketId, title: rule.title ?? rule.marketId } });
      continue;
    }
    if (!entry) continue;
    if (rule.kind === 'status') {
      const to = known(entry);
      if (to === undefined || to === st.status) continue;
      if (st.status !== undefined && !toldElsewhere(rule, st, to)) tell(rule.id, rule.source, entry, st.status, to);
      setState(rule.id, { ...st, status: to, ...(st.status !== undefined ? { firedAt: at } : {}) });
      continue;
    }
    const v = priceVerdict(rule, entry, s.history[rule.marketId], at);
    if (v) judge(rule, st, v, entry);
  }

  for (const id of s.watch.ids) {
    const entry = s.markets[id];
    const w = watch.byId[id];
    if (!entry || !w) continue;
    const to = known(entry);
    const patch: Partial<typeof w> = { title: entry.market.title };
    if (w.goneAt !== undefined && entry.receivedAt > w.goneAt) patch.goneAt = undefined;
    if (to !== undefined && to !== w.status) {
      if (w.status !== undefined) tell(`watch:${id}`, 'watch', entry, w.status, to);
      patch.status = to;
    }
    watch = patchWatched(watch, id, patch);
  }

  if (watch === s.watch && states === s.alerts.state && fired.length === 0) return undefined;
  const log = fired.length ? [...fired.slice().reverse(), ...s.alerts.log].slice(0, ALERT_LOG_CAP) : s.alerts.log;
  return { watch, fired, alerts: { ...s.alerts, state: states, log, seq } };
}
