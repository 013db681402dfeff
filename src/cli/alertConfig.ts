/**
 * The config file's watcher settings: `alerts` (a list of alerts, docs/watcher.md),
 * `alertCommand` (an argument vector run when one fires) and `bell`. Each
 * checker returns the cleaned value or a one-line problem that never repeats
 * the value (a command line may hold a secret).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { checkCents, checkMinutes, OUTCOME_MAX_CHARS } from '../store/alertRules.js';
import { ALERT_RULES_MAX } from '../store/alerts.js';
import type { AlertKind, AlertRule } from '../store/watchTypes.js';
import { unknownKey } from './nearest.js';

export const ALERT_COMMAND_ARGS_MAX = 64;
export const ALERT_COMMAND_ARG_CHARS = 4096;
const MARKET_ID_MAX = 200;

const KIND_KEYS = ['above', 'below', 'move', 'status'] as const satisfies readonly AlertKind[];
const ENTRY_KEYS = new Set<string>(['market', 'outcome', 'minutes', ...KIND_KEYS]);
const ENTRY_LIST = 'market, outcome, above, below, move, minutes, status';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A config alert's id: the same alert gets the same id at every start, so its state (fired, armed) carries over. */
function configRuleId(r: Omit<AlertRule, 'id' | 'source' | 'createdAt'>): string {
  const canon = JSON.stringify([r.marketId, r.kind, r.outcome ?? null, r.cents ?? null, r.minutes ?? null]);
  return `cfg:${createHash('sha256').update(canon).digest('hex').slice(0, 12)}`;
}

/**
 * The config file's mark in alerts.json (src/watch/configState.ts): 12 hex digits of a hash of its path, so the state
 * kept for its alerts is told from another config file's (the path itself is not written).
 */
export function configTag(path: string): string {
  return createHash('sha256').update(resolve(path)).digest('hex').slice(0, 12);
}

function checkEntry(e: unknown, at: number): Checked<AlertRule> {
  const fail = (problem: string): Checked<AlertRule> => ({ ok: false, problem });
  if (typeof e !== 'object' || e === null || Array.isArray(e))
    return fail('must be an object like {"market": "ID", "above": 70}');
  const o = e as Record<string, unknown>;
  const unknown = Object.keys(o).find((k) => !ENTRY_KEYS.has(k));
  // named (a typo of a known key guessed at) unless it could be a pasted secret, as a top-level key is (configFile.ts)
  if (unknown !== undefined) return fail(`${unknownKey('key', unknown, [...ENTRY_KEYS])} (known: ${ENTRY_LIST})`);
  if (typeof o.market !== 'string' || o.market.trim() === '' || o.market.length > MARKET_ID_MAX)
    return fail('"market" must be a market id');
  const kinds = KIND_KEYS.filter((k) => o[k] !== undefined);
  if (kinds.length !== 1) return fail('needs exactly one of "above", "below", "move" or "status"');
  const kind = kinds[0]!;
  const rule: Omit<AlertRule, 'id' | 'source' | 'createdAt'> = { marketId: o.market.trim(), kind };
  if (o.outcome !== undefined) {
    if (typeof o.outcome !== 'string' || o.outcome.trim() === '' || o.outcome.length > OUTCOME_MAX_CHARS)
      return fail('"outcome" must be an outcome name');
    rule.outcome = o.outcome.trim();
  }
  if (kind === 'status') {
    if (o.status !== true) return fail('"status" must be true');
  } else {
    const bad = checkCents(kind, o[kind]);
    if (bad) return fail(bad);
    rule.cents = o[kind] as number;
  }
  if (kind === 'move') {
    const bad = checkMinutes(o.minutes);
    if (bad) return fail(`"minutes": ${bad}`);
    rule.minutes = o.minutes as number;
  } else if (o.minutes !== undefined) return fail('"minutes" belongs only to a "move" alert');
  return { ok: true, value: { ...rule, id: configRuleId(rule), source: 'config', createdAt: at } };
}

/** The `alerts` list (duplicates folded into one). */
export function checkAlerts(value: unknown, at = 0): Checked<AlertRule[]> {
  if (!Array.isArray(value))
    return { ok: false, problem: 'alerts must be a list of alerts like [{"market": "ID", "above": 70}]' };
  if (value.length > ALERT_RULES_MAX) return { ok: false, problem: `alerts: at most ${ALERT_RULES_MAX} alerts` };
  const out = new Map<string, AlertRule>();
  for (let i = 0; i < value.length; i++) {
    const r = checkEntry(value[i], at);
    if (!r.ok) return { ok: false, problem: `alerts[${i}]: ${r.problem}` };
    if (!out.has(r.value.id)) out.set(r.value.id, r.value);
  }
  return { ok: true, value: [...out.values()] };
}

/** `alertCommand`: a program and its arguments, run without a shell. */
export function checkAlertCommand(value: unknown): Checked<string[]> {
  const shape = 'alertCommand must be a list of strings: the program, then its arguments (it is run without a shell)';
  if (!Array.isArray(value) || value.length === 0 || value.length > ALERT_COMMAND_ARGS_MAX)
    return { ok: false, problem: shape };
  if (
    !value.every((a): a is string => typeof a === 'string' && a.length <= ALERT_COMMAND_ARG_CHARS && !a.includes('\0'))
  )
    return { ok: false, problem: shape };
  if (value[0]!.trim() === '')
    return { ok: false, problem: 'alertCommand: the program (its first item) must not be empty' };
  return { ok: true, value: value.slice() };
}
