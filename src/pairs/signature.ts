/**
 * signature(market): a market read into what it pays on (types.ts `Signature`), from the title, the option
 * (Kalshi's yes_sub_title, Polymarket's groupItemTitle), the ticker's parts, the outcomes and the rules text each
 * platform publishes (texts.ts). A field the words do not state stays absent. Reads `Market.raw`, never the network.
 */
import type { Market } from '../api/types.js';
import type { SourceId } from '../sources/types.js';
import { RecentCache } from '../util/recentCache.js';
import { sameData } from '../util/sameData.js';
import { readInterval } from './interval.js';
import { payoutSentence, textsOf, type Texts } from './texts.js';
import { gameNames } from './teams.js';
import type { Signature } from './types.js';
import { readWhen } from './when.js';
import {
  nameTokens,
  readClauses,
  readKind,
  readRelative,
  readYears,
  readRole,
  readSides,
  readStage,
  readStation,
  templateGap,
} from './words.js';

/** The venue a market belongs to: its normalizer's source, the interface's markets being `public`. */
export function venueOf(m: Market): SourceId {
  return m.source === 'kalshi' || m.source === 'polymarket' || m.source === 'manifold' ? m.source : 'public';
}

/** The names in the title and option; the payout sentence's when the title names nobody ("Who will win …?"). */
function subjectOf(title: string, option: string | undefined, payout: string, drop: string[]): string[] {
  const own = nameTokens(`${title} . ${option ?? ''}`, drop);
  return own.length > 0 ? own : nameTokens(payout, drop);
}

/**
 * Readings of late, by venue and id, with the texts they were read from: a signature is a function of the market's
 * texts, venue and id alone, and the board reads the pairs' legs again for every answer that moves a price (the twins
 * beside the rows, the Across rows) — each reading dozens of regular expressions over the rules. Bounded: RecentCache.
 */
const readings = new RecentCache<{ texts: Texts; sig: Signature }>(2_048);

/** The market read into what it pays on; the same object as last time while its texts are the same (never mutate). */
export function signature(market: Market): Signature {
  const t = textsOf(market);
  const key = `${venueOf(market)}:${market.id}`;
  const hit = readings.get(key);
  if (hit && sameData(hit.texts, t)) return hit.sig;
  const sig = readSignature(market, t);
  readings.set(key, { texts: t, sig });
  return sig;
}

/** The reading itself, every time (tests hold the remembered one to it). */
export function readSignature(market: Market, t: Texts = textsOf(market)): Signature {
  const payout = t.rules === '' ? '' : payoutSentence(t.rules);
  const station = readStation(t.rules);
  const interval = readInterval(
    [t.option, t.title, payout].filter((p): p is string => p !== undefined && p !== ''),
    nameTokens(`${t.title} ${payout}`),
  );
  const kind = interval ? 'measure' : (readKind(payout) ?? readKind(t.title));
  const venue = venueOf(market);
  const named = t.outcomes?.length === 2 ? ([t.outcomes[0]!, t.outcomes[1]!] as [string, string]) : readSides(t.title);
  const game = gameNames(venue, t, named);
  const sides = game?.sides ?? named;
  const subject = subjectOf(t.title, t.option, payout, station?.words ?? []);
  const sig: Signature = {
    ref: { venue, id: market.id },
    subject: game ? [...new Set([...subject, ...nameTokens(game.words)])] : subject,
    clauses: readClauses(t.rules),
    years: readYears([t.title, t.option, payout].filter(Boolean).join(' '), t.ticker),
    hasRules: t.rules !== '',
  };
  const role = readRole(`${t.title} ${payout}`);
  if (role) sig.role = role;
  if (kind) sig.kind = kind;
  if (kind === 'wins') {
    const stage = readStage(payout, t.rules);
    if (stage) sig.stage = stage;
  }
  if (interval) sig.interval = interval;
  const relative = readRelative(`${t.title} ${payout}`);
  if (relative) sig.relative = relative;
  const when = readWhen(payout, t.title, t.ticker);
  if (when) sig.when = when;
  if (station) sig.station = station.station;
  if (sides) {
    sig.sides = sides;
    if (game) sig.sideNames = game.names;
    const yes = t.outcomes ? t.outcomes[0] : t.option;
    if (yes) sig.yes = yes;
  }
  const gap = templateGap(t.rules);
  if (gap) sig.unreadable = `its rules text has a gap ("${gap}")`;
  else if (interval && t.option && payout) {
    // Kalshi: the option ("Cut >25bps") and the rules ("Cut of 25bps") must say the same thing
    const fromRules = readInterval([payout], sig.subject);
    if (fromRules && (fromRules.lo !== interval.lo || fromRules.hi !== interval.hi))
      sig.unreadable = `its rules say "${payout.slice(0, 80)}" but its option says "${t.option}"`;
  }
  return sig;
}
