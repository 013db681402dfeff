/**
 * The store's actions for the watchlist and the alerts (state in watchTypes.ts, pure logic in watchlist.ts and
 * alerts.ts).
 */
import type { StoreApi } from 'zustand/vanilla';
import { ALERT_LOG_CAP, ALERT_RULES_MAX, checkAlerts, type ExternalVerdicts } from './alerts.js';
import type { Store } from './store.js';
import { topSeq, type AlertFired, type AlertRule, type AlertRuleState, type WatchState } from './watchTypes.js';
import { toggled } from './watchlist.js';

/** What a restart brings back from the state directory (each part may be missing: a new or set-aside file). */
export interface SavedWatch {
  watch?: WatchState;
  /** Alerts set with `a` (config alerts come from the config file at each start). */
  rules?: AlertRule[];
  state?: Record<string, AlertRuleState>;
  log?: AlertFired[];
}

export interface WatchActions {
  /** Watch or unwatch a market; returns whether it is watched now (false also when the watchlist is full). */
  toggleWatch(id: string, at: number): boolean;
  /** Put back what was saved; done once, before the first answer. */
  restoreWatch(saved: SavedWatch): void;
  /**
   * Put in what another dashboard wrote to the files, already merged with this session's changes (the parts given;
   * src/watch/persist.ts): the watchlist, the alerts set with `a` and where every alert stands, the log.
   */
  takeSaved(saved: SavedWatch): void;
  /** The config file's alerts, replacing any earlier ones from there. */
  setConfigAlerts(rules: AlertRule[]): void;
  /** Add an alert set with `a`; false when ALERT_RULES_MAX are set already. */
  addAlert(rule: AlertRule): boolean;
  removeAlert(ruleId: string): void;
  /**
   * Check every alert against the data as it is now: what fires goes to the log and the notice line. `external`: the
   * verdicts of rules the store cannot judge alone (a pair's gap, src/venues/across/gapAlerts.ts); without it those
   * rules are left as they stand.
   */
  checkAlerts(at: number, external?: ExternalVerdicts): void;
}

const configStates = (config: AlertRule[], state: Record<string, AlertRuleState>) =>
  Object.fromEntries(config.flatMap((r) => (state[r.id] ? [[r.id, state[r.id]!]] : [])));

/**
 * A config alert is set anew at each start, so a change the shared log holds from before this start (another
 * dashboard's, on a market nobody watches) was judged by none of its checks (`toldElsewhere` takes only entries written
 * after the alert was set): its status alerts take the market's latest logged status as known when the entry is newer
 * than the alert's own last change, so they do not tell it again; the next change is told.
 */
function knownFromLog(config: AlertRule[], state: Record<string, AlertRuleState>, log: readonly AlertFired[]) {
  let out = state;
  for (const r of config) {
    const st = state[r.id];
    if (r.kind !== 'status' || st?.status === undefined) continue;
    const last = log.find((e) => e.kind === 'status' && e.marketId === r.marketId && e.to !== undefined);
    if (!last || last.to === st.status || last.at <= (st.firedAt ?? -Infinity)) continue;
    if (out === state) out = { ...state };
    out[r.id] = { ...st, status: last.to!, firedAt: last.at };
  }
  return out;
}

type Set = StoreApi<Store>['setState'];
type Get = StoreApi<Store>['getState'];

export function watchActions(set: Set, get: Get): WatchActions {
  return {
    toggleWatch(id, at) {
      const before = get().watch;
      const watch = toggled(before, id, get().markets[id], at);
      if (watch !== before) set({ watch });
      return watch.byId[id] !== undefined;
    },

    restoreWatch(saved) {
      set((s) => {
        const log = (saved.log ?? []).slice(0, ALERT_LOG_CAP);
        const config = s.alerts.rules.filter((r) => r.source === 'config');
        const form = (saved.rules ?? [])
          .filter((r) => r.source === 'form')
          .slice(0, Math.max(0, ALERT_RULES_MAX - config.length));
        return {
          watch: saved.watch ?? s.watch,
          alerts: {
            rules: [...config, ...form],
            state: knownFromLog(config, { ...(saved.state ?? {}), ...s.alerts.state }, log),
            log,
            seq: Math.max(s.alerts.seq, topSeq(log)),
          },
        };
      });
    },

    takeSaved(saved) {
      set((s) => {
        const config = s.alerts.rules.filter((r) => r.source === 'config');
        const form = saved.rules?.filter((r) => r.source === 'form').slice(0, ALERT_RULES_MAX - config.length);
        const log = saved.log?.slice(0, ALERT_LOG_CAP) ?? s.alerts.log;
        const alerts = {
          rules: form ? [...config, ...form] : s.alerts.rules,
          // a config alert's state the part lacks (one venue's part of a board's file) stays as it stands
          state: saved.state ? { ...configStates(config, s.alerts.state), ...saved.state } : s.alerts.state,
          log,
          seq: Math.max(s.alerts.seq, topSeq(log)),
        };
        const sameAlerts = !form && !saved.state && !saved.log;
        return { ...(saved.watch ? { watch: saved.watch } : {}), ...(sameAlerts ? {} : { alerts }) };
      });
    },

    setConfigAlerts(rules) {
      set((s) => {
        const form = s.alerts.rules.filter((r) => r.source === 'form');
        const config = rules.filter((r) => r.source === 'config').slice(0, ALERT_RULES_MAX);
        return { alerts: { ...s.alerts, rules: [...config, ...form].slice(0, ALERT_RULES_MAX) } };
      });
    },

    addAlert(rule) {
      if (get().alerts.rules.length >= ALERT_RULES_MAX) return false;
      set((s) => ({ alerts: { ...s.alerts, rules: [...s.alerts.rules, rule] } }));
      get().checkAlerts(rule.createdAt);
      return true;
    },

    removeAlert(ruleId) {
      set((s) => {
        if (!s.alerts.rules.some((r) => r.id === ruleId)) return {};
        const state = { ...s.alerts.state };
        delete state[ruleId];
        return { alerts: { ...s.alerts, rules: s.alerts.rules.filter((r) => r.id !== ruleId), state } };
      });
    },

    checkAlerts(at, external) {
      const s = get();
      const r = checkAlerts(s, at, external);
      if (!r) return;
      set({ watch: r.watch, alerts: r.alerts });
      for (const f of r.fired) get().notice(f.text, 'alert', at);
    },
  };
}
