/**
 * What a Polymarket (Gamma) event states for the markets it holds, when a market object does not say it itself
 * (issue #29, docs/sources.md "Rules of a game's moneyline"). Recorded: Gamma's `/events` answer nests a game's
 * moneyline without a `description` of its own; the event's description is that moneyline's rules ("If Lions wins,
 * the market will resolve to "Lions"…") and its `teams` name both sides ("Detroit Lions", alias "Lions",
 * abbreviation "det") — test/fixtures/real/pairs/nfl-det-buf-2026-09/. The event's description is taken as a
 * market's rules only when the market has none of its own and it is the event's only market, or a moneyline whose
 * every outcome the description names (a spread or a total nested beside it is not what the description states).
 */
import type { EventContext, Team } from './types.js';
import { NAME_MAX, RULES_MAX, isRecord, toArray, toText, type Rec } from './normalizeFields.js';

const TEAMS_MAX = 4;

function readTeams(e: Rec): Team[] | undefined {
  if (!Array.isArray(e.teams)) return undefined;
  const out: Team[] = [];
  for (const t of e.teams.slice(0, TEAMS_MAX)) {
    if (!isRecord(t)) continue;
    const team: Team = {};
    const str = (v: unknown, max: number) => (typeof v === 'string' ? toText(v, max) : undefined);
    const name = str(t.name, NAME_MAX);
    const alias = str(t.alias, NAME_MAX);
    const abbreviation = str(t.abbreviation, 12);
    if (name) team.name = name;
    if (alias) team.alias = alias;
    if (abbreviation) team.abbreviation = abbreviation;
    if (name || alias) out.push(team);
  }
  return out.length > 0 ? out : undefined;
}

/**
 * What an event states for the markets it holds, read once per event and shared by them: its description as
 * received (a reference, no copy: read only where a market's rules are asked for, `rulesFromEvent`), how many
 * markets it nests, its teams. `undefined` where it adds nothing.
 */
export function eventContextOf(event: unknown): EventContext | undefined {
  if (!isRecord(event)) return undefined;
  const ctx: EventContext = {};
  if (typeof event.description === 'string' && event.description !== '') ctx.description = event.description;
  if (Array.isArray(event.markets)) ctx.markets = event.markets.length;
  const teams = readTeams(event);
  if (teams) ctx.teams = teams;
  return ctx.description !== undefined || ctx.teams ? ctx : undefined;
}

/**
 * The market's rules from its event (sanitized and capped), when the market has no description of its own and the
 * event's states its rules: it is the event's only market, or a moneyline whose every outcome the description names
 * in quotes. Else undefined.
 */
export function rulesFromEvent(market: Rec, ctx: EventContext | undefined): string | undefined {
  if (ctx?.description === undefined || toText(market.description, 1) !== undefined) return undefined;
  const rules = toText(ctx.description, RULES_MAX);
  if (!rules) return undefined;
  if (ctx.markets === 1) return rules;
  const names = (toArray(market.outcomes) ?? []).map((n) => toText(n, NAME_MAX)).filter((n) => n !== undefined);
  const yesNo = names.length === 2 && /^yes$/i.test(names[0]!) && /^no$/i.test(names[1]!);
  const lower = rules.toLowerCase();
  const states =
    market.sportsMarketType === 'moneyline' &&
    names.length >= 2 &&
    !yesNo &&
    names.every((n) => lower.includes(`"${n.toLowerCase()}"`));
  return states ? rules : undefined;
}
