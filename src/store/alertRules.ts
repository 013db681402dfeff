/**
 * What makes an alert valid, for both ways one is set: the `a` form (strings
 * typed in) and the config file (JSON values, checked in cli/alertConfig.ts).
 * Messages are one line and never repeat the value.
 */
import type { Currency } from '../positions/types.js';
import { quoted } from './transitions.js';
import { sanitize } from '../util/sanitize.js';
import { G } from '../util/glyphs.js';
import type { MarketEntry } from './types.js';
import { scopeOf, type AlertKind, type AlertRule } from './watchTypes.js';

/** Longest window of a move alert: a day (the price history a market keeps may be shorter). */
export const MOVE_MINUTES_MAX = 1440;
/** Longest outcome name an alert keeps. */
export const OUTCOME_MAX_CHARS = 200;
/** Largest P&L level or move (in the position's currency) an alert takes. */
export const AMOUNT_MAX = 1e9;
const CURRENCIES: readonly Currency[] = ['USD', 'USDC', 'mana'];
export const isCurrency = (v: unknown): v is Currency =>
  typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);

/** The alert form's fields as typed. */
export interface AlertDraft {
  marketId: string;
  kind: AlertKind;
  outcome?: string;
  /** Cents: the level (above/below) or the least move (move). */
  value: string;
  /** move only: the window in minutes. */
  minutes: string;
  /** P&L kinds: the position's currency and whether it is a paper one; P&L and gap kinds: the title shown. */
  currency?: Currency;
  paper?: boolean;
  title?: string;
  /** gap: the pair's other leg. */
  pairId?: string;
}

export type RuleCheck = { ok: true; rule: AlertRule } | { ok: false; message: string };

/** The level of an above/below alert, or the least move of a move alert, in cents; a message when out of range. */
export function checkCents(kind: AlertKind, cents: unknown): string | undefined {
  if (kind === 'gap')
    return typeof cents === 'number' && Number.isFinite(cents) && cents >= 0 && cents < 100
      ? undefined
      : `the gap must be from 0${G.cent} to less than 100${G.cent}`;
  if (typeof cents !== 'number' || !Number.isFinite(cents))
    return kind === 'move' ? 'the move must be a number of cents' : 'the price must be a number of cents';
  if (kind === 'move')
    return cents > 0 && cents <= 100 ? undefined : `the move must be more than 0${G.cent} and at most 100${G.cent}`;
  return cents > 0 && cents < 100 ? undefined : `the price must be more than 0${G.cent} and less than 100${G.cent}`;
}

export function checkMinutes(minutes: unknown): string | undefined {
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MOVE_MINUTES_MAX)
    return `the window must be a whole number of minutes from 1 to ${MOVE_MINUTES_MAX}`;
  return undefined;
}

/** A P&L level (any sign) or a P&L move (more than 0), in the position's currency; a message when out of range. */
export function checkAmount(kind: AlertKind, amount: unknown): string | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.abs(amount) > AMOUNT_MAX)
    return kind === 'pnlMove' ? 'the move must be an amount of money' : 'the P&L must be an amount of money';
  return kind === 'pnlMove' && !(amount > 0) ? 'the move must be more than 0' : undefined;
}

/** A number as typed: digits with at most one decimal point (a trailing ¢ allowed); NaN otherwise. */
export function typedNumber(text: string): number {
  const t = text.trim().replace(/¢$/, '').trim();
  return /^(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/** A signed number as typed (a P&L level: "-50", "12.5"); NaN otherwise. */
export function typedSigned(text: string): number {
  const t = text.trim();
  const neg = /^[-−]/.test(t);
  const n = typedNumber(neg ? t.slice(1) : t);
  return neg ? -n : n;
}

/** The P&L part of a rule from the draft (the level or move, the position's currency, paper or real). */
function pnlRule(d: AlertDraft, rule: AlertRule): RuleCheck {
  if (!d.currency) return { ok: false, message: 'no position to watch here' };
  if (d.value.trim() === '')
    return { ok: false, message: d.kind === 'pnlMove' ? 'type the least move of the P&L' : 'type a P&L amount' };
  const amount = typedSigned(d.value);
  const bad = checkAmount(d.kind, amount);
  if (bad) return { ok: false, message: bad };
  rule.amount = amount;
  rule.currency = d.currency;
  if (d.paper) rule.paper = true;
  return { ok: true, rule };
}

/**
 * Why an alert of `kind` is not set on this market, as it has ended, or undefined (a market not loaded: nothing is
 * known against it). A resolved market changes no more: no kind is taken (a price alert would fire at once on the
 * final price, a move one on the jump to it, and no status follows). A closed or settling one trades no more: its
 * price, a move, a P&L or a gap would only jump to the result — its status alert, the one kind taken, tells that.
 * `where` follows the title: on a board of several venues, the venue (" on Kalshi"), as the form's title says it.
 */
export function endedRefusal(kind: AlertKind, e: MarketEntry | undefined, where = ''): string | undefined {
  const status = e?.knownStatus ?? e?.market.status;
  if (!e || (status !== 'resolved' && status !== 'closed' && status !== 'settling')) return undefined;
  const title = `${quoted(e.market.title)}${where}`;
  if (status === 'resolved') return resolvedRefusal(e, where, 'no alert is set');
  if (kind === 'status') return undefined;
  const scope = scopeOf(kind);
  if (scope === 'market') return `${title} is ${status}: ${NO_LONGER_TRADES}; a status alert tells the result`;
  if (scope === 'position') return `${title} is ${status}: its P&L moves only at the result; w watches it for that`;
  return `${title} is ${status}: a gap is traded only while both legs trade; w watches it for the result`;
}

/**
 * Why a resolved market is not taken, or undefined if it has not resolved: one sentence for `a` ("so no alert is set")
 * and `w` ("so it is not watched", as a market is watched until it resolves), `where` as endedRefusal's.
 */
export function resolvedRefusal(e: MarketEntry | undefined, where: string, so: string): string | undefined {
  if ((e?.knownStatus ?? e?.market.status) !== 'resolved') return undefined;
  return `${quoted(e!.market.title)}${where} is ${resolvedWords(e!)}, so ${so}`;
}

/** A resolved market in the words `a`, `w` and the alerts view (`A`) say it with: `resolved (No): nothing on it…`. */
export function resolvedWords(e: MarketEntry): string {
  return resolvedWordsOf(e.market.resolvedOutcome);
}

/** The same words from the winner alone (the alert log's entry of the resolution: the market need not be loaded). */
export function resolvedWordsOf(winner: string | undefined): string {
  const named = winner ? ` (${sanitize(winner)})` : '';
  return `resolved${named}: ${CHANGES_NO_MORE}`;
}

const CHANGES_NO_MORE = 'nothing on it changes any more';
/** A closed or settling market's price, as a refusal and the alerts view say it. */
export const NO_LONGER_TRADES = 'its price no longer trades';

/** The form's draft as a rule, or why not. */
export function ruleFromDraft(d: AlertDraft, id: string, at: number): RuleCheck {
  const rule: AlertRule = { id, marketId: d.marketId, kind: d.kind, source: 'form', createdAt: at };
  const outcome = d.outcome?.trim();
  if (outcome) rule.outcome = outcome.slice(0, OUTCOME_MAX_CHARS);
  if (d.kind === 'status') return { ok: true, rule };
  const title = d.title?.trim();
  if (title && scopeOf(d.kind) !== 'market') rule.title = title.slice(0, OUTCOME_MAX_CHARS);
  if (d.kind === 'gap') {
    if (!d.pairId) return { ok: false, message: 'no pair here' };
    delete rule.outcome;
    rule.pairId = d.pairId;
    if (d.value.trim() === '') return { ok: false, message: 'type the gap after fees in cents' };
  } else if (scopeOf(d.kind) === 'position') {
    const r = pnlRule(d, rule);
    if (!r.ok || d.kind !== 'pnlMove') return r;
  } else if (d.value.trim() === '')
    return { ok: false, message: d.kind === 'move' ? 'type the least move in cents' : 'type a price in cents' };
  if (d.kind !== 'pnlMove') {
    const cents = typedNumber(d.value);
    const bad = checkCents(d.kind, cents);
    if (bad) return { ok: false, message: bad };
    rule.cents = cents;
  }
  if (d.kind === 'move' || d.kind === 'pnlMove') {
    if (d.minutes.trim() === '') return { ok: false, message: 'type the window in minutes' };
    const minutes = typedNumber(d.minutes);
    const badMinutes = checkMinutes(minutes);
    if (badMinutes) return { ok: false, message: badMinutes };
    rule.minutes = minutes;
  }
  return { ok: true, rule };
}
