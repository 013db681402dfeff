/**
 * What makes an alert valid, for both ways one is set: the `a` form (strings
 * typed in) and the config file (JSON values, checked in cli/alertConfig.ts).
 * Messages are one line and never repeat the value.
 */
import type { AlertKind, AlertRule } from './watchTypes.js';

/** Longest window of a move alert: a day (the price history a market keeps may be shorter). */
export const MOVE_MINUTES_MAX = 1440;
/** Longest outcome name an alert keeps. */
export const OUTCOME_MAX_CHARS = 200;

/** The alert form's fields as typed. */
export interface AlertDraft {
  marketId: string;
  kind: AlertKind;
  outcome?: string;
  /** Cents: the level (above/below) or the least move (move). */
  value: string;
  /** move only: the window in minutes. */
  minutes: string;
}

export type RuleCheck = { ok: true; rule: AlertRule } | { ok: false; message: string };

/** The level of an above/below alert, or the least move of a move alert, in cents; a message when out of range. */
export function checkCents(kind: AlertKind, cents: unknown): string | undefined {
  if (typeof cents !== 'number' || !Number.isFinite(cents))
    return kind === 'move' ? 'the move must be a number of cents' : 'the price must be a number of cents';
  if (kind === 'move') return cents > 0 && cents <= 100 ? undefined : 'the move must be more than 0¢ and at most 100¢';
  return cents > 0 && cents < 100 ? undefined : 'the price must be between 0¢ and 100¢';
}

export function checkMinutes(minutes: unknown): string | undefined {
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MOVE_MINUTES_MAX)
    return `the window must be a whole number of minutes from 1 to ${MOVE_MINUTES_MAX}`;
  return undefined;
}

/** A number as typed: digits with at most one decimal point (a trailing ¢ allowed); NaN otherwise. */
export function typedNumber(text: string): number {
  const t = text.trim().replace(/¢$/, '').trim();
  return /^(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/** The form's draft as a rule, or why not. */
export function ruleFromDraft(d: AlertDraft, id: string, at: number): RuleCheck {
  const rule: AlertRule = { id, marketId: d.marketId, kind: d.kind, source: 'form', createdAt: at };
  const outcome = d.outcome?.trim();
  if (outcome) rule.outcome = outcome.slice(0, OUTCOME_MAX_CHARS);
  if (d.kind === 'status') return { ok: true, rule };
  if (d.value.trim() === '')
    return { ok: false, message: d.kind === 'move' ? 'type the least move in cents' : 'type a price in cents' };
  const cents = typedNumber(d.value);
  const bad = checkCents(d.kind, cents);
  if (bad) return { ok: false, message: bad };
  rule.cents = cents;
  if (d.kind === 'move') {
    if (d.minutes.trim() === '') return { ok: false, message: 'type the window in minutes' };
    const minutes = typedNumber(d.minutes);
    const badMinutes = checkMinutes(minutes);
    if (badMinutes) return { ok: false, message: badMinutes };
    rule.minutes = minutes;
  }
  return { ok: true, rule };
}
