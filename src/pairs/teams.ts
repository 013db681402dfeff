/**
 * The two sides of a game under every name each venue gives them (issue #29): Kalshi calls a side by its city in the
 * title and option ("Detroit at Buffalo Winner?", "Detroit") and by code and nickname in its rules ("the DET Lions
 * vs BUF Bills Pro Football game"); Polymarket by nickname in its outcomes (["Lions", "Bills"]) and by name, alias
 * and abbreviation in its event's `teams` (src/api/polymarketEvent.ts). Read only from what each venue states: a
 * side is given another name only when the venue's own texts tie the two together, never from a table of teams.
 * A code ties to a city when it is the city's first letters ("DET" Detroit) or its words' initials ("LAC" Los
 * Angeles C, "KC" Kansas City); when one side ties and the other does not, the other is the remaining team.
 * Recorded: test/fixtures/real/pairs/nfl-det-buf-2026-09/ (kv1514/arb-engine).
 */
import type { Team } from '../api/types.js';
import type { Texts } from './texts.js';

/** Each side's names, lowercase, the side as named first. */
export type SideNames = [string[], string[]];

export interface GameNames {
  names: SideNames;
  /** The names a person would search or read as the subject ("Lions Bills"), codes left out. */
  words: string;
  /** The sides as the venue names them (a Kalshi market whose title names one side: the rules' nicknames). */
  sides: [string, string];
}

/** Words after a team's code that end its nickname: what the game is ("Pro Football game", "men's …"). */
const NOT_NICK = /^(pro|college|men's|women's|football|basketball|baseball|hockey|soccer|game|match|nfl|nba|mlb|nhl)$/i;

/** "DET Lions vs BUF Bills": each code with the capitalised words after it, up to the game's kind. */
export function rulesTeams(rules: string): { code: string; nick: string }[] | undefined {
  const m =
    /\b([A-Z]{2,4}) ((?:[A-Z][\w.'&-]*)(?: [A-Z][\w.'&-]*){0,2}) (?:vs\.?|at|@) ([A-Z]{2,4}) ((?:[A-Z][\w.'&-]*)(?: [A-Z][\w.'&-]*){0,3})/.exec(
      rules,
    );
  if (!m) return undefined;
  const nick = (s: string) => {
    const words: string[] = [];
    for (const w of s.split(' ')) {
      if (NOT_NICK.test(w)) break;
      words.push(w);
    }
    return words.join(' ');
  };
  const teams = [
    { code: m[1]!, nick: nick(m[2]!) },
    { code: m[3]!, nick: nick(m[4]!) },
  ];
  return teams.every((t) => t.nick !== '') && teams[0]!.code !== teams[1]!.code ? teams : undefined;
}

/** "DET" is Detroit, "LAC" Los Angeles C, "KC" Kansas City, "NYJ" New York J. */
export function codeFits(code: string, city: string): boolean {
  const c = code.toLowerCase();
  if (c.length < 2) return false;
  const words = city
    .toLowerCase()
    .split(/[\s.]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return false;
  if (words.join('').startsWith(c) && words[0]!.length >= Math.min(c.length, 3)) return true;
  return words.map((w) => w[0]).join('') === c;
}

/** Which of the rules' two teams a city names: the only one whose code fits it. */
function fitOf(teams: readonly { code: string }[], city: string): number | undefined {
  const fit = teams.map((tm, i) => (codeFits(tm.code, city) ? i : -1)).filter((i) => i >= 0);
  return fit.length === 1 ? fit[0] : undefined;
}

/**
 * Kalshi: the rules' two teams, each with its code and nickname, and the city the title or the option names
 * ("Detroit at Buffalo Winner?"; a market titled "Detroit wins" names only its own side, in its option, which
 * the ticker's last part "-DET" ties to a code too).
 */
function kalshiNames(t: Texts, titleSides: readonly [string, string] | undefined): GameNames | undefined {
  const teams = t.rules === '' ? undefined : rulesTeams(t.rules);
  if (!teams) return undefined;
  const names: SideNames = [
    [teams[0]!.nick.toLowerCase(), teams[0]!.code.toLowerCase()],
    [teams[1]!.nick.toLowerCase(), teams[1]!.code.toLowerCase()],
  ];
  const words = `${teams[0]!.nick} ${teams[1]!.nick}`;
  if (titleSides) {
    const [f0, f1] = [fitOf(teams, titleSides[0]), fitOf(teams, titleSides[1])];
    let pick: [number, number] | undefined;
    if (f0 !== undefined && f1 !== undefined && f0 !== f1) pick = [f0, f1];
    else if (f0 !== undefined && f1 === undefined) pick = [f0, 1 - f0];
    else if (f1 !== undefined && f0 === undefined) pick = [1 - f1, f1];
    if (!pick) return undefined;
    const side = (i: 0 | 1) => [titleSides[i].toLowerCase(), ...names[pick[i]]!];
    return { names: [side(0), side(1)], words, sides: [titleSides[0], titleSides[1]] };
  }
  const option = t.option;
  if (option) {
    const code = t.ticker?.split('-').pop()?.toUpperCase();
    const byCode = teams.findIndex((tm) => tm.code === code);
    const i = fitOf(teams, option) ?? (byCode >= 0 ? byCode : undefined);
    if (i !== undefined) names[i]!.unshift(option.toLowerCase());
  }
  return { names, words, sides: [teams[0]!.nick, teams[1]!.nick] };
}

function teamOf(teams: readonly Team[], outcome: string): Team | undefined {
  const o = outcome.toLowerCase();
  const found = teams.filter(
    (tm) =>
      tm.alias?.toLowerCase() === o ||
      tm.name?.toLowerCase() === o ||
      (tm.name !== undefined && tm.name.toLowerCase().endsWith(` ${o}`)),
  );
  return found.length === 1 ? found[0] : undefined;
}

function polymarketNames(t: Texts, sides: readonly [string, string]): GameNames | undefined {
  if (!t.teams || t.teams.length !== 2) return undefined;
  const tms = sides.map((s) => teamOf(t.teams!, s));
  if (!tms[0] || !tms[1] || tms[0] === tms[1]) return undefined;
  const side = (i: 0 | 1): string[] => {
    const tm = tms[i]!;
    const all = [sides[i], tm.name, tm.alias, tm.abbreviation].filter((n): n is string => n !== undefined);
    return [...new Set(all.map((n) => n.toLowerCase()))];
  };
  return {
    names: [side(0), side(1)],
    words: tms.map((tm) => tm!.name ?? tm!.alias).join(' '),
    sides: [sides[0], sides[1]],
  };
}

/** The game's sides under all their names, when the venue's texts tie them together; else undefined. */
export function gameNames(
  venue: string,
  t: Texts,
  sides: readonly [string, string] | undefined,
): GameNames | undefined {
  if (venue === 'kalshi') return kalshiNames(t, sides);
  if (venue === 'polymarket' && sides) return polymarketNames(t, sides);
  return undefined;
}
