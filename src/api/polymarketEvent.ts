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
import { NAME_MAX, isRecord, toArray, toText, type Rec } from './normalizeFields.js';

/** As src/pairs/texts.ts's cap: the clauses that matter come first on every venue. */
const RULES_MAX = 6_000;
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

/** The context for each market of one event (the event read once): `undefined` where the event adds nothing. */
export function eventContextFor(event: unknown): (market: Rec) => EventContext | undefined {
  if (!isRecord(event)) return () => undefined;
  const rules = toText(event.description, RULES_MAX);
  const teams = readTeams(event);
  const count = Array.isArray(event.markets) ? event.markets.length : 0;
  const teamsOnly: EventContext | undefined = teams ? { teams } : undefined;
  const full: EventContext | undefined = rules ? (teams ? { rules, teams } : { rules }) : undefined;
  return (m) => {
    if (!rules || toText(m.description, 1) !== undefined) return teamsOnly;
    const names = (toArray(m.outcomes) ?? []).map((n) => toText(n, NAME_MAX)).filter((n) => n !== undefined);
    const yesNo = names.length === 2 && /^yes$/i.test(names[0]!) && /^no$/i.test(names[1]!);
    const states =
      count === 1 ||
      (m.sportsMarketType === 'moneyline' &&
        names.length >= 2 &&
        !yesNo &&
        names.every((n) => rules.toLowerCase().includes(`"${n.toLowerCase()}"`)));
    return states ? full : teamsOnly;
  };
}
