/**
 * The words each venue publishes about a market, read from the object as received (`Market.raw`): the normalized
 * Market keeps the title, not the rules. Kalshi: title, subtitle / yes_sub_title, ticker, rules_primary and
 * rules_secondary. Polymarket (Gamma): question, groupItemTitle, description, resolutionSource, outcomes, the
 * event's title. Manifold: question and textDescription (its `description` is a rich-text document). Everything is
 * sanitized here (a server's text is untrusted) and capped.
 */
import { RULES_MAX } from '../api/normalizeFields.js';
import { rulesFromEvent } from '../api/polymarketEvent.js';
import type { Market, Team } from '../api/types.js';
import { sanitize } from '../util/sanitize.js';

const SHORT_MAX = 400;

export interface Texts {
  /** The question as the venue words it (title + subtitle for Kalshi). */
  title: string;
  /** Kalshi's yes_sub_title, Polymarket's groupItemTitle: the option this market is. */
  option?: string;
  /** The full rules text; '' when the venue published none in this object. */
  rules: string;
  /** The event's title when the object carries it. */
  event?: string;
  /** Kalshi's ticker (its parts name the date, the strike and the side). */
  ticker?: string;
  /** The outcomes' names when they are not Yes/No (a game's two teams). */
  outcomes?: string[];
  /** A named resolution source (Polymarket's resolutionSource, Kalshi's settlement sources). */
  source?: string;
  /** The two sides of a game as its event names them (Polymarket's event `teams`). */
  teams?: readonly Team[];
}

function text(v: unknown, max: number): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = sanitize(v).trim();
  return s === '' ? undefined : s.slice(0, max);
}

function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Polymarket sends outcomes as a JSON string (`"[\"Yes\", \"No\"]"`) or an array. */
function outcomeNames(v: unknown): string[] | undefined {
  let arr: unknown = v;
  if (typeof v === 'string') {
    try {
      arr = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(arr)) return undefined;
  const names = arr.map((x) => text(x, 80)).filter((x): x is string => x !== undefined);
  if (names.length !== arr.length) return undefined;
  const lower = names.map((n) => n.toLowerCase());
  return lower.length === 2 && lower[0] === 'yes' && lower[1] === 'no' ? undefined : names;
}

export function textsOf(m: Market): Texts {
  const o = rec(m.raw);
  const join = (...parts: (string | undefined)[]) => parts.filter((p) => p !== undefined).join('\n');
  if (m.source === 'kalshi') {
    const title = (text(o.title, SHORT_MAX) ?? m.title).replace(/\*\*(.+?)\*\*/g, '$1');
    const settlement = Array.isArray(o.settlement_sources)
      ? o.settlement_sources.map((s) => text(rec(s).name, 80)).filter(Boolean)
      : [];
    return strip({
      title,
      option: text(o.yes_sub_title, SHORT_MAX) ?? text(o.subtitle, SHORT_MAX),
      rules: join(text(o.rules_primary, RULES_MAX), text(o.rules_secondary, RULES_MAX)),
      ticker: text(o.ticker, 120) ?? m.id,
      event: text(o.event_title, SHORT_MAX),
      source: settlement.length > 0 ? settlement.join(', ') : undefined,
    });
  }
  if (m.source === 'polymarket') {
    const ev = rec(Array.isArray(o.events) ? o.events[0] : undefined);
    return strip({
      title: text(o.question, SHORT_MAX) ?? m.title,
      option: text(o.groupItemTitle, SHORT_MAX),
      // a game's moneyline nested in its event has no description: the event's states its rules (polymarketEvent.ts)
      rules: text(o.description, RULES_MAX) ?? rulesFromEvent(o, m.eventContext) ?? '',
      event: text(ev.title, SHORT_MAX) ?? m.eventTitle,
      outcomes: outcomeNames(o.outcomes),
      source: text(o.resolutionSource, SHORT_MAX),
      teams: m.eventContext?.teams,
    });
  }
  if (m.source === 'manifold') {
    return strip({
      title: text(o.question, SHORT_MAX) ?? m.title,
      rules:
        text(o.textDescription, RULES_MAX) ??
        (typeof o.description === 'string' ? text(o.description, RULES_MAX) : undefined) ??
        '',
    });
  }
  return strip({ title: m.title, rules: text(o.description, RULES_MAX) ?? text(o.rules, RULES_MAX) ?? '' });
}

function strip(t: Texts): Texts {
  for (const k of Object.keys(t) as (keyof Texts)[]) if (t[k] === undefined) delete t[k];
  return t;
}

/** The sentence that says what pays: the first one that speaks of resolving, else the first sentence. */
export function payoutSentence(rules: string): string {
  let rest = rules.replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 12 && rest !== ''; i++) {
    const s = firstSentence(rest);
    if (/\bresolv|\bpays?\b|\bsettle/i.test(s)) return s;
    rest = rest.slice(s.length).trim();
  }
  return firstSentence(rules);
}

/** The first sentence of the rules. */
export function firstSentence(rules: string): string {
  const s = rules.replace(/\s+/g, ' ').trim();
  const end = /[.!?](?=\s+[A-Z"“(]|$)/g;
  for (let m = end.exec(s); m; m = end.exec(s)) {
    // "J.D. Vance", "U.S. House", "Jan. 1", "Sept. 16", "vs. Detroit": not the end of a sentence
    const word = /(\S+)$/.exec(s.slice(0, m.index))?.[1] ?? '';
    if (/^([A-Za-z]\.?)+$/.test(word) && word.replace(/\./g, '').length <= 2) continue;
    if (/^(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|vs|st|dr|mr|mrs|ms|no|inc|jr|sr)$/i.test(word)) continue;
    return s.slice(0, m.index + 1);
  }
  return s.slice(0, 400);
}
