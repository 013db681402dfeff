/**
 * Word-level readers for signatures: the names a market is about, the office it concerns, what must happen, the
 * election stage that settles it, the station or source it is measured at, its two sides, and the edge-case clauses
 * of its rules. Each is a small, visible rule over the venue's own words; none guesses beyond them.
 */
import type { Clause, EventKind, Stage } from './types.js';

/** Capitalised words that are not names. */
const NOT_NAMES = new Set(
  (
    'will would the a an if yes no market markets who what when which where this that these otherwise before after ' +
    'in on by for at of to and or be is are was its their there it as any all each other others note ' +
    'january february march april may june july august september october november december ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday ' +
    'am pm et edt est pst utc us u.s. usa election elections presidential president presidency vice governor ' +
    'governorship senate senator house representatives representative congress party parties primary nominee ' +
    'nomination winner game match chamber address union state states general class ii seat seats ' +
    'exchange payout criterion outcome review committee source agency resolution temperature high low ' +
    'new close times rate rates interest meeting cut cuts hike hikes'
  ).split(' '),
);

const ALIAS: [RegExp, string][] = [
  [/\b(federal reserve|fomc|the fed|fed's|fed|federal funds)\b/gi, ' fed '],
  [/\b(gop|republicans?)\b/gi, ' republican '],
  [/\b(democrats?|democratic)\b/gi, ' democratic '],
  [/\b(btc)\b/gi, ' bitcoin '],
  [/\b(eth|ether)\b/gi, ' ethereum '],
  [/\b(nyc|new york city)\b/gi, ' New York '],
  [/\b(u\.k\.|uk|united kingdom|britain)\b/gi, ' UK '],
];

/** Lowercased name tokens: capitalised words and a few lowercase subjects (fed, bitcoin, parties). */
export function nameTokens(text: string, drop: readonly string[] = []): string[] {
  let s = ` ${text} `;
  for (const d of drop) s = s.split(d).join(' ');
  for (const [re, to] of ALIAS) s = s.replace(re, to);
  const out = new Set<string>();
  for (const m of s.matchAll(/[\p{L}][\p{L}\p{M}.'’-]*/gu)) {
    const raw = m[0].replace(/[.'’]+$/u, '');
    const w = raw.toLowerCase().replace(/[.'’]/g, '');
    if (w.length < 2 || NOT_NAMES.has(w) || NOT_NAMES.has(raw.toLowerCase())) continue;
    const lowerSubject = ['fed', 'bitcoin', 'ethereum', 'republican', 'democratic'].includes(w);
    if (lowerSubject || /^\p{Lu}/u.test(raw)) out.add(w);
  }
  return [...out];
}

export function readRole(s: string): string | undefined {
  if (/\bvice[- ]?presiden(t|cy|tial)\b/i.test(s)) return 'vice president';
  if (/\bprime minister\b/i.test(s)) return 'prime minister';
  if (/\bfed chair\b/i.test(s)) return 'fed chair';
  if (/\bgovern(or|orship|atorial)\b/i.test(s)) return 'governor';
  if (/\bsenat(e|or)\b/i.test(s)) return 'senate';
  if (/\bhouse of representatives\b|\bthe house\b/i.test(s)) return 'house';
  if (/\bpresiden(t|cy|tial)\b/i.test(s)) return 'president';
  if (/\bmayor(al)?\b/i.test(s)) return 'mayor';
  return undefined;
}

const MONTH_WORD = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/** "before GTA VI", "before Donald Trump": before another event or person, not before a date. */
function raceBefore(s: string): boolean {
  for (const m of s.matchAll(/\bbefore\s+(?:the\s+)?([A-Z][\w'’.-]*)/g))
    if (!MONTH_WORD.test(m[1]!) && !/^end$/i.test(m[1]!)) return true;
  return false;
}

/** What must happen, from the payout sentence (its verb decides) with the title as fallback. */
export function readKind(s: string): EventKind | undefined {
  if (/\battend/i.test(s)) return 'attends';
  if (
    /\bfirst (within|among|to|of)\b|\bnext (leader|person|one) out\b|\bfinish(es)? in 1st\b|\b1st place\b|\bfirst individual who ceases\b/i.test(
      s,
    )
  )
    return 'first';
  if (/\badvance/i.test(s)) return 'advances';
  if (/\bwinner of the [\w\s]*primary\b|\bwins? the [\w\s]*primary\b/i.test(s)) return 'primary';
  if (/\bnominat|\bnominee\b/i.test(s)) return 'nominated';
  // "before GTA VI": a race against another event, not a date
  if (raceBefore(s)) return 'first';
  if (/\bresign/i.test(s) && !/\bleaves? (the )?office\b|\bout (as|before|by|in)\b/i.test(s)) return 'resigns';
  if (/\bleaves? (the )?office\b|\bout (as|before|by|in)\b|\bceases to occupy\b/i.test(s)) return 'leaves';
  if (/\bannounc/i.test(s)) return 'announces';
  if (
    /\bwins?\b|\bwinner\b|\belected\b|\bmost seats\b|\binaugurated\b|\bsworn in\b|\bcontrol of\b|\bmajority\b/i.test(s)
  )
    return 'wins';
  return undefined;
}

export const KIND_WORDS: Record<EventKind, string> = {
  wins: 'winner',
  nominated: 'nominee',
  primary: 'primary winner',
  advances: 'advances',
  first: 'first of a group',
  leaves: 'leaves at all',
  resigns: 'resigns',
  attends: 'attends',
  announces: 'announcement',
  measure: 'a measured number',
};

/** Which moment settles an election: the payout sentence first ("inaugurated"), then the rest ("AP … call"). */
export function readStage(payout: string, rules: string): Stage | undefined {
  if (/\binaugurated\b|\bsworn in\b/i.test(payout)) return 'inaugurated';
  if (/\bcertif(ied|ication)\b/i.test(payout)) return 'certified';
  if (/\bassociated press\b|\bcall(s|ed)? the race\b|\bmedia organizations project\b/i.test(rules)) return 'called';
  if (/\binaugurated\b|\bsworn in\b/i.test(rules)) return 'inaugurated';
  return undefined;
}

export const STAGE_WORDS: Record<Stage, string> = {
  called: 'media call',
  inaugurated: 'inauguration',
  certified: 'certification',
};

const STATIONS: [RegExp, string][] = [
  [/\bcentral park\b|\bKNYC\b|\bCLINYC\b/i, 'Central Park'],
  [/\bla ?guardia\b|\bKLGA\b/i, 'LaGuardia'],
  [/\bJFK\b|\bkennedy\b/i, 'JFK'],
  [/\bo'?hare\b|\bKORD\b/i, "O'Hare"],
  [/\bmidway\b|\bKMDW\b/i, 'Midway'],
  [/\blove field\b/i, 'Love Field'],
  [/\bDFW\b|dallas[- /]fort worth/i, 'DFW'],
  [/\bhobby\b/i, 'Hobby'],
  [/\bbush intercontinental\b|\bKIAH\b/i, 'Bush Intercontinental'],
  [/\bbuckley\b/i, 'Buckley'],
  [/\bdenver international\b|\bKDEN\b/i, 'Denver International'],
  [/\bCF Benchmarks\b|\bBRTI\b/i, 'CF Benchmarks'],
  [/\bbinance\b/i, 'Binance'],
  [/\bchainlink\b/i, 'Chainlink'],
];

/** The station or data feed named as the one that settles it, with the words to drop from the subject. */
export function readStation(rules: string): { station: string; words: string[] } | undefined {
  for (const [re, name] of STATIONS) {
    const m = re.exec(rules);
    if (m) return { station: name, words: [m[0]] };
  }
  const m = /recorded (?:by [A-Z]+ )?at (?:the )?([A-Z][\w'’. -]{2,40}?(?:Airport|Station|Observatory))/.exec(rules);
  return m ? { station: m[1]!.trim(), words: [m[1]!] } : undefined;
}

/** A contest's two sides from "A vs B Winner?", "A vs. B", "A @ B" (not a question that starts "Will …"). */
export function readSides(title: string): [string, string] | undefined {
  if (/^(will|who|what|which|how|when|is|are|does|do)\b/i.test(title.trim())) return undefined;
  const m = /^(?:[\w\s]+:\s*)?(.+?)\s+(?:vs\.?|v\.?|at|@)\s+(.+?)(?:\s*[-–:]\s*.*)?(?:\s+winner)?\?*$/i.exec(
    title.trim(),
  );
  if (!m) return undefined;
  const clean = (s: string) =>
    s
      .replace(/\s+winner\??$/i, '')
      .replace(/\?$/, '')
      .trim();
  const a = clean(m[1]!);
  const b = clean(m[2]!);
  return a && b && a.length <= 40 && b.length <= 40 ? [a, b] : undefined;
}

export function readClauses(rules: string): Clause[] {
  const out: Clause[] = [];
  if (/\brounded up\b/i.test(rules)) out.push('rounds-up');
  if (/\bannouncement[^.]*\b(also encompassed|will qualify|qualifies|counts|regardless)\b/i.test(rules))
    out.push('announcement-counts');
  if (/\bannouncement[^.]*\b(will not alone|not alone qualify|not (be )?sufficient|is not enough)\b/i.test(rules))
    out.push('announcement-not-enough');
  if (/\b(died|death)\b[^.]*\blast traded price\b|\blast traded price\b[^.]*\bdeath\b/i.test(rules))
    out.push('death-price');
  if (/\bexact ties\b[^.]*\bproportional|\bties?\b[^.]*\b1\/n/i.test(rules)) out.push('ties-split');
  if (/\b(cancel|no statement)[^.]*\b(maintains rate|no change)\b/i.test(rules)) out.push('cancel-to-hold');
  if (/\bpostpone[^.]*\bfair price\b|\bfair price\b/i.test(rules)) out.push('postpone-fair-price');
  if (!out.includes('cancel-to-hold') && /\b(cancel(l)?ed|postponed)\b[^.]*\bresolve to \W?no\b/i.test(rules))
    out.push('cancel-to-no');
  return out;
}

export const CLAUSE_WORDS: Record<Clause, string> = {
  'rounds-up': 'a change off the ladder is rounded up',
  'announcement-counts': 'an announcement counts',
  'announcement-not-enough': 'an announcement is not enough',
  'death-price': 'a death settles at the last traded price',
  'ties-split': 'exact ties pay 1/n',
  'cancel-to-hold': 'a cancelled meeting counts as no change',
  'postpone-fair-price': 'a postponed game settles at a fair price',
  'cancel-to-no': 'a cancelled or postponed event resolves No',
};

/** A template with gaps: `|| Count ||` placeholders, or a number after a run of blanks ("Cut of   25bps"). */
export function templateGap(rules: string): string | undefined {
  const m = /\|\|[^|]{0,40}\|\||\b\w+ {3,}\d[\w%]*/.exec(rules);
  return m ? m[0].replace(/\s+/g, ' ').trim() : undefined;
}

/** Years named in the words (2024, 2029) and a Kalshi ticker's year part (`KXUKPARTY-29`, `-28-JDV`). */
export function readYears(words: string, ticker?: string): number[] {
  const out = new Set<number>();
  for (const m of words.matchAll(/\b(20\d{2})\b/g)) out.add(Number(m[1]));
  const t = ticker === undefined ? undefined : /^[A-Z0-9]+-(\d{2})(?:-|$)/.exec(ticker);
  if (t) out.add(2000 + Number(t[1]));
  return [...out].sort();
}

/** "next meeting", "next election", "its next …": a date that depends on when the question was asked. */
export function readRelative(words: string): string | undefined {
  return /\b(?:its|the|their)?\s*next\s+(meeting|election|general election|fomc meeting)\b/i.exec(words)?.[0]?.trim();
}
