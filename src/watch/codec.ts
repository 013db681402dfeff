/**
 * The three files the watcher keeps in the state directory, as text: the
 * watchlist, the alerts set with `a` (with where every alert stands), and the
 * alert log (docs/watcher.md has their format). Decoding is strict about the
 * shape: what does not fit is dropped and counted, so the caller can keep the
 * original aside instead of overwriting it silently.
 */
import type { MarketStatus } from '../api/types.js';
import { ALERT_LOG_CAP, ALERT_RULES_MAX } from '../store/alerts.js';
import { checkAmount, checkCents, checkMinutes, isCurrency } from '../store/alertRules.js';
import { SOURCE_IDS } from '../sources/types.js';
import { watchCap } from '../store/watchlist.js';
import { configStates, type ConfigOwner } from './configState.js';
import {
  ALERT_KINDS,
  scopeOf,
  type AlertFired,
  type AlertRule,
  type AlertRuleState,
  type AlertsState,
  type WatchedMarket,
  type WatchState,
} from '../store/watchTypes.js';

export const FORMAT_VERSION = 1;
const TEXT_MAX = 500;
const STATUSES: readonly MarketStatus[] = ['active', 'closed', 'settling', 'resolved'];

export class DecodeError extends Error {}

/** What a file held: the values understood, and how many entries were not. */
export interface Decoded<T> {
  value: T;
  dropped: number;
  /** Why they were not, where the decoder says (the watchlist's): the reason's words → how many. */
  why?: Record<string, number>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= TEXT_MAX;
const time = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
/** Config files' tags (src/cli/alertConfig.ts configTag): a few hex strings. */
const tags = (v: unknown): boolean =>
  Array.isArray(v) && v.length <= 64 && v.every((t) => typeof t === 'string' && /^[0-9a-z-]{1,64}$/.test(t));
const status = (v: unknown): v is MarketStatus => typeof v === 'string' && (STATUSES as readonly string[]).includes(v);

/** The file's object and its list under `key`; DecodeError when the file as a whole is not one of ours. */
function envelope(text: string, key: string): { root: Obj; list: unknown[] } {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    throw new DecodeError('not valid JSON');
  }
  if (!isObj(root)) throw new DecodeError('not a JSON object');
  if (root.version !== FORMAT_VERSION) throw new DecodeError(`not version ${FORMAT_VERSION} of this file`);
  const list = root[key];
  if (!Array.isArray(list)) throw new DecodeError(`no "${key}" list`);
  return { root, list };
}

function keep<T>(list: unknown[], one: (v: unknown) => T | undefined, max: number): Decoded<T[]> {
  const value: T[] = [];
  let dropped = 0;
  for (const v of list) {
    const x = value.length < max ? one(v) : undefined;
    if (x === undefined) dropped++;
    else value.push(x);
  }
  return { value, dropped };
}

// ── watchlist.json ──

export function encodeWatchlist(w: WatchState): string {
  const markets = w.ids.map((id) => w.byId[id]).filter(Boolean);
  return `${JSON.stringify({ version: FORMAT_VERSION, markets }, null, 2)}\n`;
}

export function decodeWatchlist(text: string): Decoded<WatchState> {
  const { list } = envelope(text, 'markets');
  const seen = new Set<string>();
  const fits = watchCap();
  const why: Record<string, number> = {};
  // undefined, with why (`watch` says it: it skipped them without a word)
  const no = (reason: string): undefined => void (why[reason] = (why[reason] ?? 0) + 1);
  const r = keep(
    list,
    (v): WatchedMarket | undefined => {
      if (!isObj(v)) return no('not an object');
      if (!str(v.id)) return no('without an id');
      if (seen.has(v.id)) return no('listed before');
      if (!time(v.addedAt)) return no('without the time it was added');
      if (
        (v.title !== undefined && !str(v.title)) ||
        (v.status !== undefined && !status(v.status)) ||
        (v.goneAt !== undefined && !time(v.goneAt))
      )
        return no('with a title, status or time that is not one');
      if (!fits(v.id)) return no("past the watchlist's limit");
      seen.add(v.id);
      return {
        id: v.id,
        addedAt: v.addedAt,
        ...(v.title ? { title: v.title } : {}),
        ...(v.status ? { status: v.status } : {}),
        ...(v.goneAt !== undefined ? { goneAt: v.goneAt } : {}),
      };
    },
    Infinity, // WATCH_MAX of each venue: watchCap
  );
  const byId: Record<string, WatchedMarket> = {};
  for (const w of r.value) byId[w.id] = w;
  return { value: { ids: r.value.map((w) => w.id), byId }, dropped: r.dropped, why };
}

// ── alerts.json ──

/** A config file's alert id (src/cli/alertConfig.ts: a hash of it); with several venues `venue:cfg:…`. */
const CONFIG_ID = /(?:^|:)cfg:[0-9a-f]{12}$/;

/** `owner`: the writer's config file and time, for the config alerts' state (configState.ts); none: kept as is. */
export function encodeAlerts(a: Pick<AlertsState, 'rules' | 'state'>, owner?: ConfigOwner): string {
  const rules = a.rules.filter((r) => r.source === 'form');
  // where every alert stands, config ones too (their ids are stable), so a restart neither repeats nor misses a
  // crossing — another dashboard's config alerts as well (another config file on the same home: its alerts are not
  // this session's, their state came with the file) while a config file names them (configState.ts), up to
  // ALERT_RULES_MAX of them; a form alert removed goes
  const mine = new Set(a.rules.map((r) => r.id));
  const others = Object.keys(a.state).filter((id) => !mine.has(id) && CONFIG_ID.test(id));
  const config = a.rules.filter((r) => r.source === 'config');
  const kept = configStates(config, others, a.state, owner, ALERT_RULES_MAX);
  const of = (r: AlertRule) => (r.source === 'config' ? kept[r.id] : a.state[r.id]);
  const state = Object.fromEntries([
    ...a.rules.flatMap((r) => (of(r) ? [[r.id, of(r)]] : [])),
    ...others.flatMap((id) => (kept[id] ? [[id, kept[id]]] : [])),
  ]);
  return `${JSON.stringify({ version: FORMAT_VERSION, alerts: rules, state }, null, 2)}\n`;
}

function decodeRule(v: unknown): AlertRule | undefined {
  if (!isObj(v) || !str(v.id) || !str(v.marketId) || v.source !== 'form' || !time(v.createdAt)) return undefined;
  if (typeof v.kind !== 'string' || !(ALERT_KINDS as readonly string[]).includes(v.kind)) return undefined;
  const kind = v.kind as AlertRule['kind'];
  if (v.outcome !== undefined && !str(v.outcome)) return undefined;
  if (v.title !== undefined && !str(v.title)) return undefined;
  const scope = scopeOf(kind);
  const rule: AlertRule = { id: v.id, marketId: v.marketId, kind, source: 'form', createdAt: v.createdAt };
  if (v.outcome !== undefined) rule.outcome = v.outcome;
  if (scope !== 'market' && v.title !== undefined) rule.title = v.title;
  if (scope === 'position') {
    if (checkAmount(kind, v.amount) !== undefined || !isCurrency(v.currency)) return undefined;
    if (v.paper !== undefined && v.paper !== true) return undefined;
    rule.amount = v.amount as number;
    rule.currency = v.currency;
    if (v.paper) rule.paper = true;
  } else if (kind !== 'status') {
    if (checkCents(kind, v.cents) !== undefined) return undefined;
    rule.cents = v.cents as number;
  }
  if (kind === 'gap') {
    if (!str(v.pairId)) return undefined;
    rule.pairId = v.pairId;
  }
  if (kind === 'move' || kind === 'pnlMove') {
    if (checkMinutes(v.minutes) !== undefined) return undefined;
    rule.minutes = v.minutes as number;
  }
  return rule;
}

export function decodeAlerts(text: string): Decoded<{ rules: AlertRule[]; state: Record<string, AlertRuleState> }> {
  const { root, list } = envelope(text, 'alerts');
  const rules = keep(list, decodeRule, ALERT_RULES_MAX);
  const state: Record<string, AlertRuleState> = {};
  let dropped = rules.dropped;
  for (const [id, v] of Object.entries(isObj(root.state) ? root.state : {})) {
    if (
      !isObj(v) ||
      typeof v.armed !== 'boolean' ||
      (v.firedAt !== undefined && !time(v.firedAt)) ||
      (v.status !== undefined && !status(v.status)) ||
      (v.ended !== undefined && !time(v.ended)) ||
      (v.seenAt !== undefined && !time(v.seenAt)) ||
      (v.configs !== undefined && !tags(v.configs))
    ) {
      dropped++;
      continue;
    }
    state[id] = {
      armed: v.armed,
      ...(v.firedAt !== undefined ? { firedAt: v.firedAt } : {}),
      ...(v.status ? { status: v.status } : {}),
      ...(v.ended !== undefined ? { ended: v.ended } : {}),
      ...(v.configs !== undefined ? { configs: [...(v.configs as string[])] } : {}),
      ...(v.seenAt !== undefined ? { seenAt: v.seenAt } : {}),
    };
  }
  return { value: { rules: rules.value, state }, dropped };
}

// ── alert-log.json ──

export function encodeLog(log: readonly AlertFired[]): string {
  return `${JSON.stringify({ version: FORMAT_VERSION, entries: log }, null, 2)}\n`;
}

function decodeFired(v: unknown): AlertFired | undefined {
  if (
    !isObj(v) ||
    !time(v.seq) ||
    !time(v.at) ||
    !str(v.ruleId) ||
    !str(v.marketId) ||
    typeof v.title !== 'string' ||
    !str(v.text)
  )
    return undefined;
  if (v.source !== 'watch' && v.source !== 'form' && v.source !== 'config') return undefined;
  if (typeof v.kind !== 'string' || !(ALERT_KINDS as readonly string[]).includes(v.kind)) return undefined;
  const f: AlertFired = {
    seq: v.seq,
    at: v.at,
    ruleId: v.ruleId,
    source: v.source,
    kind: v.kind as AlertFired['kind'],
    marketId: v.marketId,
    title: v.title.slice(0, TEXT_MAX),
    text: v.text,
  };
  if (str(v.outcome)) f.outcome = v.outcome;
  if (typeof v.price === 'number' && Number.isFinite(v.price)) f.price = v.price;
  if (typeof v.moveCents === 'number' && Number.isFinite(v.moveCents)) f.moveCents = v.moveCents;
  if (status(v.from)) f.from = v.from;
  if (status(v.to)) f.to = v.to;
  if (str(v.winner)) f.winner = v.winner;
  decodeFiredMore(v, f);
  return f;
}

export function decodeLog(text: string): Decoded<AlertFired[]> {
  return keep(envelope(text, 'entries').list, decodeFired, ALERT_LOG_CAP);
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The fields of P&L and gap entries (each optional: an entry from before them has none). */
function decodeFiredMore(v: Obj, f: AlertFired): void {
  if (typeof v.venue === 'string' && (SOURCE_IDS as readonly string[]).includes(v.venue))
    f.venue = v.venue as AlertFired['venue'];
  if (finite(v.pnl)) f.pnl = v.pnl;
  if (isCurrency(v.currency)) f.currency = v.currency;
  if (typeof v.paper === 'boolean') f.paper = v.paper;
  if (v.ended === 'closed' || v.ended === 'settled') f.ended = v.ended;
  if (str(v.pairId)) f.pairId = v.pairId;
  if (finite(v.gapCents)) f.gapCents = v.gapCents;
  if (finite(v.size) && v.size >= 0) f.size = v.size;
}
