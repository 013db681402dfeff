import type { OddsStore } from '../store/store.js';
import { ruleFromDraft, type AlertDraft } from '../store/alertRules.js';
import { ALERT_RULES_MAX } from '../store/alerts.js';
import type { AlertAddResult } from './types.js';

/** The alert form's draft made a rule with an id no rule has yet (`a-<time>`, then `-2`, `-3`, …), and set. */
export function addAlertTo(store: OddsStore, draft: AlertDraft, now: number): AlertAddResult {
  const taken = new Set(store.getState().alerts.rules.map((r) => r.id));
  let id = `a-${now.toString(36)}`;
  for (let n = 2; taken.has(id); n++) id = `a-${now.toString(36)}-${n}`;
  const r = ruleFromDraft(draft, id, now);
  if (!r.ok) return r;
  if (!store.getState().addAlert(r.rule)) return { ok: false, message: `at most ${ALERT_RULES_MAX} alerts can be set` };
  return { ok: true, ruleId: id };
}
