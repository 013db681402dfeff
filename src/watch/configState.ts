/**
 * Where config alerts stand, as alerts.json keeps it (codec.ts encodeAlerts): this dashboard's own, and the other
 * config files' on the same home (another dashboard started with another file), until no config file names them.
 *
 * Decision (2026-11-28): each config alert's state carries the config files that name it (`configs`: a tag of each
 * file's path, src/cli/alertConfig.ts configTag) and when a dashboard whose config names it last wrote it (`seenAt`).
 * A write puts its own file's tag on its config alerts; on another's alert it takes its tag off (its file no longer
 * names it: the alert is not among its own), and leaves the state out once no tag is left — so an alert removed from a
 * config file leaves alerts.json at that file's next start, while one another file names stays. A state no dashboard
 * naming it has written for CONFIG_STATE_KEEP_MS (a config file not started for a month, renamed or gone; a state
 * written before this, with no tags, counts from the first write that sees it) leaves too. Before, every other
 * config alert's state was kept, up to 200, for good.
 */
import type { AlertRule, AlertRuleState } from '../store/watchTypes.js';

/** A config alert's state no dashboard naming it has written for this long leaves alerts.json. */
export const CONFIG_STATE_KEEP_MS = 30 * 86_400_000;

/** The writer: its config file's tag (none: a board whose file is not known, tags left as they are) and its time. */
export interface ConfigOwner {
  config?: string;
  now: number;
}

/**
 * The state to write of config alerts: `own` (this dashboard's config alerts) tagged and stamped, `others` (config
 * ids in the state that are not its own) kept, untagged or left out as the module comment says; at most `max` others.
 */
export function configStates(
  own: readonly AlertRule[],
  others: readonly string[],
  state: Readonly<Record<string, AlertRuleState>>,
  owner: ConfigOwner | undefined,
  max: number,
): Record<string, AlertRuleState> {
  const out: Record<string, AlertRuleState> = {};
  for (const r of own) {
    const st = state[r.id];
    if (!st) continue;
    if (!owner) out[r.id] = st;
    else {
      const configs = owner.config === undefined ? st.configs : union(st.configs, owner.config);
      out[r.id] = { ...st, ...(configs ? { configs } : {}), seenAt: owner.now };
    }
  }
  let n = 0;
  for (const id of others) {
    if (n >= max) break;
    const kept = owner ? other(state[id]!, owner) : state[id];
    if (!kept) continue;
    out[id] = kept;
    n++;
  }
  return out;
}

const union = (configs: readonly string[] | undefined, tag: string): string[] =>
  configs?.includes(tag) ? [...configs] : [...(configs ?? []), tag];

/** Another config file's alert: this file's tag off it, left out once none is left or none has written it lately. */
function other(st: AlertRuleState, owner: ConfigOwner): AlertRuleState | undefined {
  const seenAt = st.seenAt ?? owner.now;
  if (owner.now - seenAt >= CONFIG_STATE_KEEP_MS) return undefined;
  if (owner.config === undefined || !st.configs?.includes(owner.config)) return { ...st, seenAt };
  const configs = st.configs.filter((c) => c !== owner.config);
  return configs.length === 0 ? undefined : { ...st, configs, seenAt };
}
