/**
 * Which venues a one-shot command asks (docs/commands.md "Several venues"): a list command (`markets`, `events`) asks
 * every source given, each in its own budget; a command about one thing (`market`, `event`, `quote`) asks the one
 * venue its id names (`kalshi:TICKER`, src/venue/ref.ts) — or the only one of the sources that can answer it.
 */
import { PUBLIC_CAPS } from '../../sources/caps.js';
import { nameInSentence, SOURCE_NAMES } from '../../sources/names.js';
import { SOURCE_IDS, type SourceCaps, type SourceId } from '../../sources/types.js';
import { parseRefKey } from '../../venue/ref.js';
import { linkVenues } from '../../links/parse.js';
import { UsageError } from '../errors.js';
import { refuseNonId } from './target.js';

/**
 * Thrown by a command's `check` for a venue that has nothing to read (positions: no identity given and no paper
 * position kept there). Among several venues it is left out with its reason (one line on stderr, `skipped` in the
 * JSON); alone — or when every venue asked is left out — it is the usage error it extends (exit 2).
 */
export class LeftOut extends UsageError {}

/** `list`: every source; `one`: the venue args[0] names. */
export type Span = 'list' | 'one';
/** What a venue must be able to do to answer the command (its caps). */
export type Need = 'events' | 'quotes';

export async function capsOf(venue: SourceId): Promise<SourceCaps> {
  if (venue === 'public') return PUBLIC_CAPS;
  const { loadPlatform } = await import('../../sources/index.js');
  return (await loadPlatform(venue)).caps;
}

export interface VenuePlan {
  /** The venues asked, in the order of --source. */
  venues: SourceId[];
  /** Venues among several that cannot answer the command (Manifold has no events): left out, said why. */
  skipped: { venue: SourceId; reason: string }[];
  /** The arguments with a `venue:` prefix taken off the id. */
  args: string[];
  /** The id came as `venue:id`: the venue's readings of it, in the order parse.ts gives a prefixed word (src/links). */
  prefixed?: boolean;
}

/** Why a venue cannot answer, and what to ask instead. */
const lacks = (v: SourceId, need: Need): string =>
  `${SOURCE_NAMES[v]} has no ${need}` + (need === 'events' ? ` (its markets stand alone: oddsboard markets)` : '');

/**
 * The venues to ask. One venue asked that cannot answer the command (`events --source manifold`) is a usage error
 * here, before its source is opened: never a wait for its rate budget, nor a slot of it spent, for a refusal.
 */
export async function planVenues(
  cmd: { name: string; span: Span; needs?: Need },
  sources: readonly SourceId[],
  args: readonly string[],
): Promise<VenuePlan> {
  const plan = await pickVenues(cmd, sources, args);
  const [only] = plan.venues;
  if (cmd.needs !== undefined && plan.venues.length === 1 && only !== undefined && !(await capsOf(only))[cmd.needs])
    throw new UsageError(lacks(only, cmd.needs));
  return plan;
}

async function pickVenues(
  cmd: { name: string; span: Span; needs?: Need },
  sources: readonly SourceId[],
  args: readonly string[],
): Promise<VenuePlan> {
  const list = sources.join(',');
  const can = async (v: SourceId) => cmd.needs === undefined || (await capsOf(v))[cmd.needs];
  if (sources.length === 1 && cmd.span !== 'one') return { venues: [...sources], skipped: [], args: [...args] };
  if (cmd.span === 'list') {
    const venues: SourceId[] = [];
    const skipped: VenuePlan['skipped'] = [];
    for (const v of sources)
      if (await can(v)) venues.push(v);
      else skipped.push({ venue: v, reason: `${SOURCE_NAMES[v]} has no ${cmd.needs}` });
    if (venues.length === 0) throw new UsageError(`none of ${list} has ${cmd.needs}`);
    return { venues, skipped, args: [...args] };
  }
  // one thing: `venue:id`, else the one source (or the only one of several that can answer); a text no source could
  // take as an id (spaces, a control character, a URL scheme) is the parser's usage error, before anything else
  const arg = (args[0] ?? '').trim();
  const prefix = /^([a-z]+):$/.exec(arg)?.[1];
  if (prefix !== undefined && (SOURCE_IDS as readonly string[]).includes(prefix))
    throw new UsageError(`${prefix}: names a venue but no id: write ${prefix}:ID`);
  const ref = parseRefKey(arg);
  refuseNonId(ref ? ref.id.trim() : arg);
  if (ref) {
    if (!sources.includes(ref.venue))
      throw new UsageError(
        `the id names ${ref.venue}, which is not among the sources (--source ${list}): add --source ${ref.venue}`,
      );
    return { venues: [ref.venue], skipped: [], args: [ref.id.trim(), ...args.slice(1)], prefixed: true };
  }
  // a pasted address names its venue; a bare word read by one venue among the sources is that venue's (src/links)
  const link = args[0] === undefined ? undefined : linkVenues(arg);
  // the interface's ids are its own words: a bare word may be one, so with it among the sources it reads every bare
  // word too (before, `market mkt-0auq2x --source public,kalshi` asked Kalshi for the interface's id: exit 4)
  const bare = args[0] !== undefined && !link?.address;
  const named = sources.filter(
    (v) => (link !== undefined && (link.venues as readonly SourceId[]).includes(v)) || (v === 'public' && bare),
  );
  if (named.length === 1 || link?.address) {
    if (link && named.length === 0) {
      const venue = link.venues[0]!;
      const where =
        sources.length === 1 ? `this command reads ${nameInSentence(sources[0]!)}` : `not among the sources (${list})`;
      throw new UsageError(`${link.understood} is on ${SOURCE_NAMES[venue]}; ${where}: add --source ${venue}`);
    }
    return { venues: [named[0]!], skipped: [], args: [arg, ...args.slice(1)] };
  }
  const able: SourceId[] = [];
  for (const v of sources) if (await can(v)) able.push(v);
  if (able.length === 1 || sources.length === 1)
    return { venues: [able[0] ?? sources[0]!], skipped: [], args: [arg, ...args.slice(1)] };
  // the venues that could read it (and answer the command), each written out: never one it cannot be
  const readers = named.filter((v) => able.includes(v));
  // one venue both reads the word and answers the command (`event <slug>`: Manifold has no events): that one
  if (readers.length === 1) return { venues: [readers[0]!], skipped: [], args: [arg, ...args.slice(1)] };
  const ways = (readers.length ? readers : able.length ? able : sources).map((v) => `${v}:${arg}`);
  throw new UsageError(`with several sources (${list}) the id names its venue: ${ways.join(' or ')}`);
}
