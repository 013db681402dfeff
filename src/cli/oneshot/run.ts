/**
 * What every one-shot command shares: flags and settings, the venues it asks (venues.ts: every source for a list, the
 * one an id names for one thing), each venue's source (same client and normalizer as the dashboard) with a slot of
 * its own shared rate budget before each request (fetch.ts), the venues asked concurrently, and the output — a
 * table, one JSON document, or NDJSON venue by venue as answers arrive (output.ts) — with the exit code scripts rely
 * on. No Ink, no React.
 */
import type { SourceCaps, SourceClient, SourceId } from '../../sources/types.js';
import type { ApiResult, CallOptions } from '../../api/types.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import { findCommand, SOURCE_FLAGS, type CommandIo } from '../commands.js';
import { resolveSettings, settingsFromFlags, venueSettings } from '../config.js';
import { EXIT, UsageError } from '../errors.js';
import { commandHelp } from '../help.js';
import { asksJson, readInvocation, type FlagValues } from '../parse.js';
import { openSource, REAL_MARKETS, type Source } from '../source.js';
import { abortOnSignals, failureOf, interruption, venueOf, type Failure } from './failure.js';
import { venueFetch } from './fetch.js';
import type { CommandName, JsonDocument } from './json.js';
import { errorLine, writeDocument, writeTable, type Answer } from './output.js';
import type * as Tables from './table.js';
import type { TableView } from './table.js';
import { capsOf, LeftOut, planVenues, type Need, type Span } from './venues.js';

/** Sends one request once the venue's shared budget grants a slot; resolves with its data. */
export type Fetch = <T>(call: (client: SourceClient, opts: CallOptions) => Promise<ApiResult<T>>) => Promise<T>;

/** One venue's answer. */
export interface Part<T> {
  venue: SourceId;
  data: T;
}

/** The venue's source as opened, what a command's run needs of it (its errors are made whole where they are made). */
export interface Opened {
  /** The base URL was the person's: what a list route's 404 says of it (src/cli/baseHint.ts). */
  baseHint?: string;
}

/** S: what every venue's check shares (`share`). */
export interface OneShot<T, S = unknown> {
  name: CommandName;
  /** How it spans venues (venues.ts): every source (`list`), the one the id names (`one`). */
  span: Span;
  /** What a venue must be able to do to answer it. */
  needs?: Need;
  /** Its document's `data` is one object (one venue's report), not a list, though it spans no id. */
  single?: boolean;
  /**
   * What every venue's check shares, made once before the first (a board's one watchlist file, read once for all its
   * venues) and given to each as `shared`. A UsageError is the command's.
   */
  share?(inv: {
    env: NodeJS.ProcessEnv;
    /** The venues whose checks follow, in the order of --source. */
    venues: readonly SourceId[];
    several: boolean;
    warn: (line: string) => void;
  }): S;
  /**
   * Checks the command's own flags and arguments (UsageError) before anything is sent — once per venue asked, with
   * that venue's caps (a flag one venue cannot honour is a usage error naming it).
   */
  check(inv: {
    flags: FlagValues;
    args: string[];
    env: NodeJS.ProcessEnv;
    source: SourceId;
    caps: SourceCaps;
    /** Several venues are asked. */
    several: boolean;
    /** args[0] came as `venue:id` (the prefix taken off): a link is read as that venue's (src/links/parse.ts). */
    prefixed?: boolean;
    /** A one-line warning on stderr (a key file others may read). */
    warn?: (line: string) => void;
    /** What `share` made (undefined without it). */
    shared: S;
  }): (fetch: Fetch, opened: Opened) => Promise<T>;
  /** The JSON form of one venue's answer (a list command's: an array, concatenated across venues). */
  json(data: T, venue: SourceId): JsonDocument['data'];
  /**
   * A list command whose `data` is one object built from every venue's answer (positions: every venue's positions and
   * the totals per currency) rather than the items concatenated; each venue's `count` is then its `lines`.
   */
  gather?(parts: readonly Part<T>[]): JsonDocument['data'];
  /** The items of a list, one NDJSON line each. */
  lines?(data: T, venue: SourceId): unknown[];
  /** The readable form of the venues' answers (one part for a command about one thing). */
  table(tables: typeof Tables, parts: readonly Part<T>[], view: TableView, flags: FlagValues): string;
}

export async function runOneShot<T, S>(cmd: OneShot<T, S>, argv: string[], io: CommandIo): Promise<number> {
  const spec = findCommand(cmd.name)!;
  // known before the flags are read, so even a usage error comes out as JSON
  const jsonOut = asksJson(argv);
  // `named`: several sources were given, so the stderr line names the venue that failed (once: not before a message
  // that begins with its name)
  const fail = (f: Failure, venue?: SourceId, named = false): number => {
    const name = named && venue && !f.message.startsWith(`${SOURCE_NAMES[venue]} `) ? `${SOURCE_NAMES[venue]}: ` : '';
    if (jsonOut) io.stdout.write(errorLine(f, venue));
    else io.stderr.write(`oddsboard ${cmd.name}: ${name}${f.message}\n`);
    return f.exit;
  };

  const sources: Source[] = [];
  const ac = new AbortController();
  let unhook = () => {};
  try {
    const inv = readInvocation(spec, argv);
    if (inv.kind !== 'run') {
      io.stdout.write(commandHelp(spec));
      return EXIT.ok;
    }
    const ndjson = inv.flags.ndjson === true;
    if (ndjson && inv.flags.json === true) throw new UsageError('--json and --ndjson: choose one');
    // whose positions: no concern of this resolve (`positions` checks its own, src/cli/oneshot/positions.ts)
    const settings = resolveSettings(settingsFromFlags(inv.flags, Object.keys(SOURCE_FLAGS)), io.env, {
      lenientIdentities: true,
    });
    const plan = await planVenues(cmd, settings.sources, inv.args);
    // several venues asked (a list over several sources): each result and message names its venue
    const several = plan.venues.length + plan.skipped.length > 1;
    // several sources given (a list, or the one venue a `market`/`event`/`quote` id names): messages name the venue
    const named = settings.sources.length > 1;
    const runs: Array<(fetch: Fetch, opened: Opened) => Promise<T>> = [];
    const asked: SourceId[] = [];
    const warn = (line: string) => void io.stderr.write(`oddsboard: ${line}\n`);
    const shared = cmd.share?.({ env: io.env, venues: plan.venues, several, warn }) as S;
    for (const venue of plan.venues) {
      try {
        runs.push(
          cmd.check({
            flags: inv.flags,
            args: plan.args,
            env: io.env,
            source: venue,
            caps: await capsOf(venue),
            several,
            ...(plan.prefixed ? { prefixed: true } : {}),
            warn,
            shared,
          }),
        );
        asked.push(venue);
      } catch (e) {
        // among several, a venue with nothing to read is left out and said why; alone, a usage error
        if (!(several && e instanceof LeftOut)) throw e;
        plan.skipped.push({ venue, reason: e.message });
      }
    }
    if (asked.length === 0)
      throw new UsageError(
        `nothing to read on ${settings.sources.join(',')}: ${plan.skipped.map((s) => s.reason).join('; ')}`,
      );
    const noWait = inv.flags.wait === false;

    unhook = abortOnSignals(ac, io.signal);
    for (const venue of asked) sources.push(await openSource(venueSettings(settings, venue), io.env));
    for (const src of sources) {
      if (src.mode === 'demo') {
        // a first run without a source or URL: also where real markets are, as the dashboard's first notice says
        const why = settings.demo ? '--demo' : 'no source or base URL configured';
        const hint = settings.demo ? '' : `; ${REAL_MARKETS}`;
        io.stderr.write(`oddsboard: ${why}: simulated data from the embedded demo service${hint}\n`);
      }
      if (src.ledgerProblem)
        io.stderr.write(`oddsboard: ${named ? `${SOURCE_NAMES[src.id]}: ` : ''}${src.ledgerProblem}\n`);
    }
    for (const s of plan.skipped) io.stderr.write(`oddsboard ${cmd.name}: ${s.reason}; left out\n`);

    // every venue at once, each in its own budget; NDJSON writes each venue's lines as its answer arrives
    const answers: Answer<T>[] = await Promise.all(
      sources.map(async (src, i): Promise<Answer<T>> => {
        let answer: Answer<T>;
        try {
          const fetch = venueFetch(src, { io, signal: ac.signal, noWait, named });
          answer = { source: src, ok: true, data: await runs[i]!(fetch, src) };
        } catch (e) {
          const why = ac.signal.aborted ? interruption(ac.signal) : e;
          answer = { source: src, ok: false, failure: failureOf(why) };
        }
        if (ndjson && !ac.signal.aborted) {
          // among several, a venue's failure (even a usage one) is that venue's line; alone, venueOf says
          if (!answer.ok)
            io.stdout.write(errorLine(answer.failure, several ? src.id : venueOf(answer.failure, src.id)));
          else if (cmd.lines)
            io.stdout.write(
              cmd
                .lines(answer.data, src.id)
                .map((item) => `${JSON.stringify(item)}\n`)
                .join(''),
            );
        }
        return answer;
      }),
    );
    if (ac.signal.aborted) throw interruption(ac.signal);

    const failed = answers.filter((a) => !a.ok);
    // the exit code of the first venue (in the order of --source) that failed; 0 when every venue answered
    const exit = failed[0]?.ok === false ? failed[0].failure.exit : EXIT.ok;
    if (ndjson && cmd.lines) return exit;
    if (!several && failed[0]?.ok === false) {
      const venue = venueOf(failed[0].failure, failed[0].source.id);
      return fail(failed[0].failure, venue, named);
    }
    if (inv.flags.json === true) {
      writeDocument(io, cmd, answers, {
        several,
        order: settings.sources,
        skipped: plan.skipped,
        list: cmd.span !== 'one' && cmd.single !== true,
      });
      return exit;
    }
    for (const a of answers) if (!a.ok) fail(a.failure, a.source.id, true);
    if (answers.some((a) => a.ok)) await writeTable(io, cmd, answers, settings, several, inv.flags);
    return exit;
  } catch (e) {
    return fail(failureOf(ac.signal.aborted && !(e instanceof UsageError) ? interruption(ac.signal) : e));
  } finally {
    unhook();
    await Promise.all(sources.map((s) => s.close()));
  }
}
