/**
 * `oddsboard positions [--source S,…] [--json|--ndjson]`: the person's positions on each venue `--source` names, read
 * from its documented routes within that venue's shared rate budget (src/positions/readers.ts), and the paper
 * positions kept on it in the dashboard (paper.json, read only here), each valued in the venue's currency with its
 * P&L; totals per currency, never across them. Whose: `--polymarket-wallet`, `--manifold-user` (or the environment,
 * or the config file); Kalshi's key from the environment only (src/sources/kalshi/auth.ts). `public` (the interface
 * or its demo) has paper positions only. Among several venues, one with neither an identity nor a paper position is
 * left out with one line saying what it needs (LeftOut); the venues are asked at once, one failing leaves the others'
 * positions (run.ts). Exit codes: docs/commands.md.
 */
import type { Market } from '../../api/types.js';
import { isApiError } from '../../api/errors.js';
import { openPositionsReader } from '../../positions/open.js';
import {
  EMPTY_PAPER,
  paperFollowed,
  paperPositionsOf,
  type PaperBook,
  type PaperPosition,
} from '../../positions/paper.js';
import { PAPER_FILE, paperFileSpec } from '../../positions/paperFile.js';
import { CURRENCY_OF, type VenuePositions } from '../../positions/types.js';
import { stateDir } from '../../util/files.js';
import { peekPersonFile, type PeekWords } from '../../util/personFile.js';
import { IDENTITY_FLAGS, SOURCE_FLAGS, type CommandIo } from '../commands.js';
import { resolveSettings, settingsFromFlags, venueSettings } from '../config.js';
import { UsageError } from '../errors.js';
import { identityProblemsBy } from '../settingValues.js';
import { version } from '../version.js';
import { jsonPosition, jsonPositionsData, noPaper, positionsTables } from './positionsOut.js';
import { runOneShot, type Fetch, type OneShot } from './run.js';
import { LeftOut } from './venues.js';

/** The dashboard's paper book, read only (a script never moves a file aside); a problem is one line. */
function readPaper(env: NodeJS.ProcessEnv): { book: PaperBook; problem?: string } {
  const r = peekPersonFile(paperFileSpec(stateDir(env), 0), PAPER_WORDS);
  return { book: r.value ?? EMPTY_PAPER, ...(r.problems[0] !== undefined ? { problem: r.problems[0] } : {}) };
}

/** What `positions` says of a paper file it cannot read, or read whole: the rest of the positions are listed. */
const PAPER_WORDS: PeekWords = {
  unreadable: (e) => e.message,
  notOurs: (path, why) => `${path}: ${why}; paper positions left out`,
  dropped: (path, entries, n) => `${path}: ${entries} could not be understood and ${n === 1 ? 'is' : 'are'} left out`,
};

/** The paper book read once a run (check runs once per venue), its problem said once. */
const paperOnce = new WeakMap<NodeJS.ProcessEnv, { book: PaperBook; problem?: string }>();
function paperBook(env: NodeJS.ProcessEnv, warn?: (line: string) => void): { book: PaperBook; problem?: string } {
  let read = paperOnce.get(env);
  if (!read) {
    read = readPaper(env);
    if (read.problem) warn?.(read.problem);
    paperOnce.set(env, read);
  }
  return read;
}

/**
 * The markets the paper positions are valued against, each by id, once (one that answers 404 is left unpriced): only
 * those of positions still holding shares and not settled (`paperFollowed`). A sold out or settled row shows what it
 * keeps, as in the dashboard, so a book of 500 closed trades costs no request.
 */
export async function paperMarkets(fetch: Fetch, mine: readonly PaperPosition[]): Promise<Map<string, Market>> {
  const out = new Map<string, Market>();
  for (const id of new Set(mine.filter(paperFollowed).map((p) => p.ref.id))) {
    try {
      const m = await fetch((c, o) => c.getMarket(id, o));
      out.set(id, m);
    } catch (e) {
      if (!(isApiError(e) && e.kind === 'not_found')) throw e;
    }
  }
  return out;
}

const positions: OneShot<VenuePositions> = {
  name: 'positions',
  // every venue listed, each with its own identity, currency and budget
  span: 'list',
  check({ flags, env, warn, source: venue, several }) {
    // a wallet or username that is not one: a usage error for a venue read, said and ignored for any other
    const all = resolveSettings(
      settingsFromFlags(flags, [...Object.keys(SOURCE_FLAGS), ...Object.keys(IDENTITY_FLAGS)], true),
      env,
    );
    if (venue === all.sources[0])
      for (const line of identityProblemsBy(all.identityProblems, all.sources).ignored) warn?.(line);
    if (all.dataUrl !== undefined && !all.sources.includes('polymarket'))
      throw new UsageError(`--data-url belongs to --source polymarket, not ${all.sources.join(',')}`);
    const settings = venueSettings(all, venue);
    const paper = paperBook(env, warn);
    const mine = paper.book.positions.filter((p) => p.ref.venue === venue);
    const opened =
      venue === 'public'
        ? undefined
        : openPositionsReader(venue, settings, env, warn ?? (() => {}), `oddsboard/${version()}`);
    if (opened && 'missing' in opened) {
      // a key given that cannot be used is this venue's failure (named, exit 2), the others still answer
      if (opened.broken) {
        const problem = new UsageError(opened.missing);
        return () => Promise.reject(problem);
      }
      if (mine.length === 0) throw new LeftOut(opened.missing);
      warn?.(`${opened.missing}; showing the paper positions only`);
    }
    // a file that could not be read (said above) is not "nothing kept yet"
    if (venue === 'public' && mine.length === 0 && paper.problem)
      throw new LeftOut(
        `no paper positions read: ${PAPER_FILE} could not be read (above); fix it, or the dashboard sets it aside ` +
          'at its next start',
      );
    // nothing kept yet: alone, an empty answer (exit 0, the table says how), as an empty watchlist is; among
    // several, left out with its line as a venue with nothing to read is
    if (venue === 'public' && mine.length === 0 && several) throw new LeftOut(noPaper('no'));
    const reader = opened && 'reader' in opened ? opened.reader : undefined;
    return async (fetch) => {
      let got: VenuePositions = { venue, currency: CURRENCY_OF[venue], identity: '', positions: [] };
      if (reader) {
        try {
          got = await reader.read(fetch);
        } finally {
          await reader.close();
        }
      }
      if (mine.length === 0) return got;
      const markets = await paperMarkets(fetch, mine);
      const paperRows = paperPositionsOf({ positions: mine }, venue, (ref) => markets.get(ref.id));
      return { ...got, positions: [...got.positions, ...paperRows] };
    };
  },
  json: (v) => jsonPositionsData([{ data: v }]),
  gather: jsonPositionsData,
  lines: (v) => v.positions.map(jsonPosition),
  table: (_t, parts, view) => positionsTables(parts, view),
};

export const runPositions = (argv: string[], io: CommandIo) => runOneShot(positions, argv, io);
