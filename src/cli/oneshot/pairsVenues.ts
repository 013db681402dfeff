/**
 * The venues `oddsboard pairs` looks on, and each one opened. Which: `--source` as every command reads it (a
 * platform, a list, `all`), else the three platforms — an ODDSBOARD_SOURCE or a config file's source is the
 * dashboard's and does not narrow it; MARKET's venue is looked on too, and takes its own `--base-url VENUE=URL` (and
 * Polymarket's `--clob-url`) though --source does not name it. Each venue's settings: its `--base-url VENUE=URL`,
 * Polymarket's `--clob-url` (or the config file's `clobUrl`), one venue's `--rate` (or the config file's `rate`: the
 * venue the dashboard's settings name alone, or pairs' one venue); nothing of another venue's leaks in (no
 * ODDSBOARD_BASE_URL, no config base, no config `clobUrl` on Kalshi or Manifold, no config `rate` on a venue it was
 * not set for). Each venue is opened on its own (its client, its rate budget shared with the user's other oddsboard
 * processes); a venue in trouble is named, with its failure, and never stops the others (docs/commands.md "Several
 * venues").
 */
import { isApiError } from '../../api/errors.js';
import type { ApiResult, CallOptions, Market, MarketQuery } from '../../api/types.js';
import { tolerant, type SendLedger } from '../../ledger/types.js';
import { readMarketArg } from '../../pairs/candidates.js';
import { waitForSlot } from '../../ledger/wait.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import type { SourceClient, SourceId } from '../../sources/types.js';
import type { MarketRef } from '../../venue/ref.js';
import type { CommandIo } from '../commands.js';
import {
  checkValue,
  defaultConfigPath,
  readConfigFile,
  resolveSettings,
  settingsFromFlags,
  type ConfigFile,
  type Settings,
} from '../config.js';
import { UsageError } from '../errors.js';
import type { FlagValues } from '../parse.js';
import { openPlatform } from '../platform.js';
import { ALL_PLATFORMS } from '../settingValues.js';
import { sourcesOf } from '../venueSettings.js';
import type { Source } from '../source.js';
import { failureOf, interruption, Interrupted, type Failure } from './failure.js';
import { listed } from './fetch.js';

export type Venue = Exclude<SourceId, 'public'>;

export interface PairsVenues {
  /** The venues --source names, then MARKET's when it is not among them. */
  venues: Venue[];
  /** The venues --source names (the three platforms without it): where `--confirm OTHER` may be. */
  sourced: Venue[];
  /** MARKET (`venue:id`, or a bare id on the one venue --source names). */
  target?: MarketRef;
  /** Each venue's settings, opened with openPlatform. */
  settingsOf(venue: Venue): Settings;
}

/**
 * The venues of `flags` and of `market` (MARKET, when given) in the user's environment `env`, whose config file is
 * read once for all of them.
 */
export function pairsVenues(flags: FlagValues, env: NodeJS.ProcessEnv, market?: string): PairsVenues {
  // the settings among the flags given (the command's table, src/cli/commands.ts, says which it takes)
  const given = settingsFromFlags(flags, Object.keys(flags));
  const named = given.sources ?? (given.source !== undefined ? [given.source] : undefined);
  if (named?.includes('public'))
    throw new UsageError(
      'pairs looks on the platforms (kalshi, polymarket, manifold); public, the interface, has no twin there',
    );
  const venues = [...(named ?? ALL_PLATFORMS)] as Venue[];
  const sourced = [...venues];
  const list = venues.join(',');
  if (given.rate !== undefined && venues.length > 1)
    throw new UsageError(`--rate sets one platform's cadence; with several venues (${list}) each keeps its own`);
  if (given.baseUrl !== undefined && venues.length > 1)
    throw new UsageError(
      `--base-url URL names one service but --source names ${venues.length}: write --base-url VENUE=URL for each ` +
        `(e.g. --base-url ${venues[0]}=URL)`,
    );
  // the one venue --source names: its --rate and bare --base-url are its own, not those of MARKET's venue added to it
  const one = venues.length === 1 ? venues[0] : undefined;
  const target = market === undefined ? undefined : readMarketArg(market, venues);
  if (typeof target === 'string') throw new UsageError(target);
  // MARKET's venue is looked on too: `pairs polymarket:ID --source kalshi --base-url polymarket=URL` points it
  if (target && !venues.includes(target.venue as Venue)) venues.push(target.venue as Venue);
  for (const v of Object.keys(given.baseUrls ?? {}))
    if (!venues.includes(v as Venue))
      throw new UsageError(`--base-url ${v}=URL: ${v} is neither among --source (${list}) nor MARKET's venue`);
  if (given.clobUrl !== undefined && !venues.includes('polymarket'))
    throw new UsageError(
      `--clob-url belongs to polymarket, which is neither among --source (${list}) nor MARKET's venue`,
    );
  const file = readConfigFile(defaultConfigPath(env), true);
  const home = homeVenue(env, file);
  return {
    venues,
    sourced,
    ...(target ? { target } : {}),
    settingsOf(venue) {
      const settings = resolveSettings(
        {
          source: venue,
          ...(venue === 'polymarket' && given.clobUrl !== undefined ? { clobUrl: given.clobUrl } : {}),
          ...(given.rate !== undefined && venue === one ? { rate: given.rate } : {}),
        },
        { ...env, ODDSBOARD_BASE_URL: '', ODDSBOARD_SOURCE: '' },
        // pairs read no positions: a wallet or username that is not one is no concern of theirs
        { lenientIdentities: true, file },
      );
      delete settings.baseUrl;
      // the config file's Polymarket CLOB is Polymarket's alone: on another venue it would refuse the whole command
      if (venue !== 'polymarket') delete settings.clobUrl;
      // the config file's rate is one platform's cadence: the dashboard's one source's (or pairs' one venue's)
      const ownFlag = given.rate !== undefined && venue === one;
      if (!ownFlag && venues.length > 1 && home !== venue) delete settings.rate;
      const base = given.baseUrls?.[venue] ?? (venue === one ? given.baseUrl : undefined);
      if (base !== undefined) settings.baseUrl = base;
      return settings;
    },
  };
}

/**
 * The one venue the dashboard's settings name (ODDSBOARD_SOURCE, else the config `file`'s source), the one a config
 * file's rate is set for; undefined when they name several, none, or a value that is not one (the dashboard's concern).
 */
function homeVenue(env: NodeJS.ProcessEnv, file: ConfigFile): SourceId | undefined {
  const fromEnv = env.ODDSBOARD_SOURCE?.trim();
  let sources: SourceId[] | undefined;
  try {
    sources = fromEnv ? (checkValue('sources', fromEnv, 'ODDSBOARD_SOURCE') as SourceId[]) : sourcesOf(file.values);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return undefined;
  }
  return sources?.length === 1 ? sources[0] : undefined;
}

export interface Open {
  venue: Venue;
  source: Source;
  fetch: <T>(call: (c: SourceClient, o: CallOptions) => Promise<ApiResult<T>>) => Promise<T>;
  /** One page of its market list (a search with `q`): a 404 says the route is gone or the base URL wrong (listed). */
  list(query: MarketQuery): Promise<Market[]>;
}

export interface OpenedVenues {
  opened: Open[];
  /** Runs one venue's part; a failure is kept (the venue's first) and named in `problems`, the answer undefined. */
  attempt<T>(venue: Venue, what: string, f: (o: Open) => Promise<T>): Promise<T | undefined>;
  /** What went wrong, one line each, its venue named. */
  problems: string[];
  /** Each venue's first failure. */
  failures: Map<Venue, Failure>;
  close(): Promise<void>;
}

/**
 * Opens each venue. A venue that cannot be opened for a reason of its own (not a usage error) is a failure of that
 * venue, unless it is `must`'s (the market asked about): then it is the command's.
 */
export async function openVenues(
  pv: PairsVenues,
  io: CommandIo,
  o: { noWait: boolean; must?: Venue | undefined; signal?: AbortSignal },
): Promise<OpenedVenues> {
  const opened: Open[] = [];
  const problems: string[] = [];
  const failures = new Map<Venue, Failure>();
  const failed = (venue: Venue, what: string, e: unknown) => {
    const f = failureOf(e);
    if (!failures.has(venue)) failures.set(venue, f);
    problems.push(`${SOURCE_NAMES[venue]}: ${what} failed (${e instanceof Error ? e.message : String(e)})`);
  };
  const close = async () => {
    for (const x of opened) await x.source.close();
  };
  try {
    for (const v of pv.venues) {
      let source: Source;
      try {
        source = await openPlatform(v, pv.settingsOf(v), io.env);
      } catch (e) {
        if (e instanceof UsageError || o.must === v) throw e;
        failed(v, 'opening', e);
        continue;
      }
      if (source.ledgerProblem) io.stderr.write(`oddsboard: ${SOURCE_NAMES[v]}: ${source.ledgerProblem}\n`);
      const ledger: SendLedger = tolerant(source.ledger);
      ledger.listen?.((text) => io.stderr.write(`oddsboard: ${SOURCE_NAMES[v]}: ${text}\n`));
      const fetch: Open['fetch'] = async (call) => {
        const signal = o.signal;
        try {
          await waitForSlot(ledger, Math.max(1, source.limit - 1), {
            noWait: o.noWait,
            ...(signal ? { signal } : {}),
            ...(io.timing ? { now: io.timing.now, sleep: io.timing.sleep } : {}),
          });
          return (await call(source.client, signal ? { signal } : {})).data;
        } catch (e) {
          if (isApiError(e) && e.kind === 'rate_limited')
            ledger.pause(Date.now() + (e.retryAfterMs ?? 10_000), Date.now());
          throw signal?.aborted ? interruption(signal) : e;
        }
      };
      opened.push({
        venue: v,
        source,
        fetch,
        list: (query) =>
          listed(
            'the market list',
            fetch((c, op) => c.listMarkets(query, op)),
            source,
          ),
      });
    }
  } catch (e) {
    await close();
    throw e;
  }
  const byVenue = new Map(opened.map((x) => [x.venue, x]));
  return {
    opened,
    problems,
    failures,
    close,
    async attempt(venue, what, f) {
      const x = byVenue.get(venue);
      if (!x) return undefined;
      try {
        return await f(x);
      } catch (e) {
        if (e instanceof Interrupted) throw e; // Ctrl-C or a signal ends the command, not one venue's part
        failed(venue, what, e);
        return undefined;
      }
    },
  };
}
