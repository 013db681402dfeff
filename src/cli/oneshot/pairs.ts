/**
 * `oddsboard pairs [MARKET] [--source kalshi,polymarket,manifold] [--size N] [--json]` (issue #29): the same
 * question on several venues. Each venue is opened on its own (its client, its rate budget shared with the user's
 * other oddsboard processes, like src/cli/platform.ts); a venue in trouble is reported and never stops the others.
 *  - without MARKET: the confirmed pairs (pairs.json in the state directory, src/pairs/decisions.ts) with fresh
 *    prices, and the strongest same / complement candidates among one page of each venue's active markets;
 *  - with MARKET (`venue:id`): its candidates, searched on the other venues by its names and among one page of
 *    their list (as the Across view compares the markets loaded on the board), with relation, confidence and
 *    reasons, and what was looked through on each venue;
 *  - `--confirm OTHER` / `--reject OTHER` with MARKET: the person's decision, kept atomically; a rejected pair is
 *    never proposed again.
 * For same and complement pairs the YES books are read (where the venue publishes one) and the gap after fees for
 * `--size` contracts is computed (src/pairs/gap.ts); where anything is unknown, no edge is shown and why.
 */
import type { Market, OrderBook } from '../../api/types.js';
import { candidatesFor, crossVenuePairs, readMarketArg, searchWords } from '../../pairs/candidates.js';
import { keptAs, loadDecisions, peekDecisions, saveDecisions } from '../../pairs/decisions.js';
import { compare } from '../../pairs/compare.js';
import { pairGap, pricedAs } from '../../pairs/gap.js';
import { signature } from '../../pairs/signature.js';
import { SAVE_FIX, stateDir } from '../../util/files.js';
import { PLAIN_DECIMAL } from '../../util/numbers.js';
import { refKey, type MarketRef } from '../../venue/ref.js';
import { findCommand, type CommandIo } from '../commands.js';
import { EXIT, UsageError } from '../errors.js';
import { commandHelp } from '../help.js';
import { asksJson, readInvocation, type FlagValues } from '../parse.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import { abortOnSignals, errorBody, failureOf, interruption, type Failure } from './failure.js';
import { outputWidth } from './output.js';
import { pairsDocument, pairsText, type PairRow, type PairsResult } from './pairsOut.js';
import { openVenues, pairsVenues, type OpenedVenues, type Venue } from './pairsVenues.js';

const LIST_LIMIT = 20;
/** Books are read for at most this many same / complement pairs (two requests each). */
const BOOKED = 3;

const str = (f: FlagValues, n: string) => (typeof f[n] === 'string' ? (f[n] as string) : undefined);

function sizeOf(flag: string | undefined): number {
  if (flag === undefined) return 100;
  const n = Number(flag);
  if (!PLAIN_DECIMAL.test(flag) || !(n > 0) || n > 1_000_000)
    throw new UsageError('--size must be a number of contracts above 0 and at most 1000000');
  return n;
}

/** OTHER of `--confirm OTHER` / `--reject OTHER`: a `venue:id`, else a usage error naming the flag. */
function otherOf(flag: string, arg: string): { ref: MarketRef; flag: string } {
  const ref = readMarketArg(arg, []);
  if (typeof ref === 'string') throw new UsageError(`${flag}: ${ref}`);
  return { ref, flag };
}

export async function runPairs(argv: string[], io: CommandIo): Promise<number> {
  const spec = findCommand('pairs')!;
  const jsonOut = asksJson(argv, ['json']);
  let open: OpenedVenues | undefined;
  // Ctrl-C, SIGTERM, SIGHUP (or the caller's signal) end a wait for a budget or a request: INTERRUPTED, exit 128 + n,
  // as the other commands
  const ac = new AbortController();
  let unhook = () => {};
  const fail = (f: Failure, venue?: Venue): number => {
    if (jsonOut)
      io.stdout.write(`${JSON.stringify({ oddsboard: 1, ...(venue ? { venue } : {}), error: errorBody(f) })}\n`);
    else io.stderr.write(`oddsboard pairs: ${venue ? `${SOURCE_NAMES[venue]}: ` : ''}${f.message}\n`);
    return f.exit;
  };
  try {
    const inv = readInvocation(spec, argv);
    if (inv.kind !== 'run') {
      io.stdout.write(commandHelp(spec));
      return EXIT.ok;
    }
    const arg = inv.args[0];
    const pv = pairsVenues(inv.flags, io.env, arg);
    const { venues, target } = pv;
    const size = sizeOf(str(inv.flags, 'size'));
    const confirm = str(inv.flags, 'confirm');
    const reject = str(inv.flags, 'reject');
    for (const [flag, v] of [
      ['--confirm', confirm],
      ['--reject', reject],
    ] as const)
      if (v?.trim() === '') throw new UsageError(`${flag} needs OTHER, the market on the other venue (venue:id)`);
    if ((confirm || reject) && arg === undefined) throw new UsageError('--confirm and --reject need MARKET');
    if (confirm && reject) throw new UsageError('--confirm and --reject: one decision at a time');
    const other =
      target && (confirm || reject) ? otherOf(confirm ? '--confirm' : '--reject', confirm ?? reject!) : undefined;
    if (other && target && other.ref.venue === target.venue)
      throw new UsageError(
        `${other.flag}: a pair is one market on each of two venues; both are on ${SOURCE_NAMES[other.ref.venue]}`,
      );
    // MARKET's venue, looked on though --source does not name it, is not one OTHER may be on (refused above)
    if (other && !pv.sourced.includes(other.ref.venue as Venue))
      throw new UsageError(
        `${other.flag}: ${SOURCE_NAMES[other.ref.venue]} is not among --source ${pv.sourced.join(',')}: add it`,
      );
    const dir = stateDir(io.env);
    // a listing changes no file: one it cannot read is said and left; a decision must write it, so moves it aside,
    // worded for this command (no session to restart, nothing else lost)
    const words = { again: 'run oddsboard pairs again', unreadable: 'the decision is not kept' };
    const loaded = other ? loadDecisions(dir, Date.now(), words) : { ...peekDecisions(dir), keepOut: false };
    for (const p of loaded.problems) io.stderr.write(`oddsboard pairs: ${p}\n`);
    // known before anything is asked: it was said only once MARKET was read (its venue down: that failure instead)
    if (other && loaded.keepOut) throw new UsageError('pairs.json cannot be written this session (see above)');

    unhook = abortOnSignals(ac, io.signal);
    const must = target?.venue as Venue | undefined;
    open = await openVenues(pv, io, { noWait: inv.flags.wait === false, must, signal: ac.signal });
    const { opened, attempt, problems, failures } = open;
    const getMarket = (r: MarketRef) =>
      attempt(r.venue as Venue, `market ${r.id}`, (o) => o.fetch((c, op) => c.getMarket(r.id, op)));
    const getBook = async (m: Market, venue: Venue): Promise<OrderBook | undefined> => {
      const o = opened.find((x) => x.venue === venue);
      if (!o || !o.source.caps.book || !o.source.client.getBook || m.outcomes.length === 0) return undefined;
      return attempt(venue, `book of ${m.id}`, (x) => x.fetch((c, op) => c.getBook!(m.id, m.outcomes[0]!.name, op)));
    };

    const result: PairsResult = { rows: [], problems, size };
    const rows: Omit<PairRow, 'gap'>[] = [];
    if (target) {
      const market = await getMarket(target);
      const why = failures.get(target.venue as Venue);
      if (!market && why)
        return fail({ ...why, message: `${target.venue}:${target.id} could not be read: ${why.message}` });
      if (!market) throw new Error(`${target.venue}:${target.id} could not be read`);
      result.market = market;
      result.marketVenue = target.venue;
      const sig = signature(market);
      if (other) {
        // a decision about a market that cannot be read is not kept: its relation would be a guess
        const { ref } = other;
        const om = await getMarket(ref);
        const failed = failures.get(ref.venue as Venue);
        if (!om && failed)
          return fail({ ...failed, message: `${ref.venue}:${ref.id} could not be read: ${failed.message}; not kept` });
        if (!om) throw new Error(`${ref.venue}:${ref.id} could not be read`);
        const c = compare(sig, signature(om));
        const at = loaded.decisions.stampFor(target, ref, Date.now());
        if (confirm) loaded.decisions.confirm({ a: target, b: ref, relation: keptAs(c), at, reasons: c.reasons });
        else loaded.decisions.reject({ a: target, b: ref, at });
        try {
          saveDecisions(dir, loaded.decisions);
        } catch (e) {
          // the file system's code and what to do, as the dashboard's failed save says them (it gave Node's own words)
          const code = (e as NodeJS.ErrnoException).code;
          const fix = code === undefined ? undefined : SAVE_FIX[code];
          const why = fix ? `${code}): ${fix}` : `${e instanceof Error ? e.message : String(e)})`;
          return fail({
            exit: EXIT.failure,
            code: 'INTERNAL',
            message: `pairs.json could not be written (${why}; not kept`,
          });
        }
      }
      const words = searchWords(sig);
      const others: Market[] = [];
      result.searched = [];
      for (const o of opened) {
        if (o.venue === target.venue) continue;
        const search = o.source.caps.search && words !== '';
        const found = search
          ? await attempt(o.venue, 'search', (x) => x.list({ q: words, limit: LIST_LIMIT }))
          : undefined;
        // one page of its list too, as the Across view compares the markets loaded on the board: a market its search
        // cannot reach by these words (Kalshi's scans only its first events) is still found where its list holds it,
        // as from the other side (the search's copy, read first, is the one compared)
        const listed =
          search && found === undefined
            ? undefined // its search failed (said once): the venue is not asked again
            : await attempt(o.venue, 'list', (x) => x.list({ limit: LIST_LIMIT }));
        others.push(...(found ?? []), ...(listed ?? []));
        result.searched.push({
          venue: o.venue,
          words: search ? words : null,
          found: found?.length ?? null,
          listed: listed?.length ?? null,
          scope: search ? (o.source.caps.searchScope ?? null) : `${SOURCE_NAMES[o.venue]} has no text search`,
        });
      }
      const found = candidatesFor(market, others, loaded.decisions);
      // MARKET's confirmed pairs first, as without MARKET: also one its twin's venue did not answer to MARKET's words,
      // or that the matcher reads as different — the person confirmed it (else `--confirm` printed "No candidates")
      for (const c of loaded.decisions.confirmed.values()) {
        const twin = refKey(c.a) === refKey(target) ? c.b : refKey(c.b) === refKey(target) ? c.a : undefined;
        if (!twin || !venues.includes(twin.venue as Venue)) continue;
        const b = found.find((x) => refKey(x.sig.ref) === refKey(twin))?.market ?? (await getMarket(twin));
        if (b) rows.push({ a: market, b, comparison: compare(sig, signature(b)), confirmed: true });
      }
      for (const c of found)
        if (!c.confirmed) rows.push({ a: market, b: c.market, comparison: c.comparison, confirmed: false });
    } else {
      for (const c of loaded.decisions.confirmed.values()) {
        if (!venues.includes(c.a.venue as Venue) || !venues.includes(c.b.venue as Venue)) continue;
        const [a, b] = [await getMarket(c.a), await getMarket(c.b)];
        if (a && b)
          rows.push({
            a,
            b,
            comparison: compare(signature(a), signature(b)),
            confirmed: true,
          });
      }
      const lists = new Map<string, Market[]>();
      for (const o of opened) {
        const list = await attempt(o.venue, 'list', (x) => x.list({ limit: LIST_LIMIT }));
        if (list) lists.set(o.venue, list);
      }
      for (const p of crossVenuePairs(lists, loaded.decisions)) if (!p.confirmed) rows.push(p);
    }
    let booked = 0;
    for (const r of rows) {
      const sa = signature(r.a);
      const sb = signature(r.b);
      const priced = pricedAs(r.comparison, r.confirmed);
      const wantBooks = (priced === 'same' || priced === 'complement') && booked++ < BOOKED;
      const ba = wantBooks ? await getBook(r.a, sa.ref.venue as Venue) : undefined;
      const bb = wantBooks ? await getBook(r.b, sb.ref.venue as Venue) : undefined;
      const gap = pairGap(
        { market: r.a, sig: sa, ...(ba ? { book: ba } : {}) },
        { market: r.b, sig: sb, ...(bb ? { book: bb } : {}) },
        r.comparison,
        size,
        r.confirmed,
      );
      result.rows.push({ ...r, gap });
    }
    // the exit code of the first venue (in the order of --source) that failed; 0 when every venue answered
    const exit = venues.map((v) => failures.get(v)?.exit).find((x) => x !== undefined) ?? EXIT.ok;
    if (inv.flags.json === true) {
      const sources = opened.map((o) => ({
        service: o.venue,
        mode: o.source.mode,
        baseUrl: o.source.client.describe().baseUrl,
      }));
      io.stdout.write(`${JSON.stringify(pairsDocument(result, sources, io.timing?.now() ?? Date.now()), null, 2)}\n`);
      return exit;
    }
    for (const p of problems) io.stderr.write(`oddsboard pairs: ${p}\n`);
    io.stdout.write(pairsText(result, outputWidth(io.stdout), io.timing?.now() ?? Date.now()));
    return exit;
  } catch (e) {
    return fail(failureOf(ac.signal.aborted && !(e instanceof UsageError) ? interruption(ac.signal) : e));
  } finally {
    unhook();
    await open?.close();
  }
}
