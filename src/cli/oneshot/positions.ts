/**
 * `oddsboard positions [--source S] [--json|--ndjson]`: the person's positions on the venue `--source` names, read
 * from its documented routes within the shared rate budget (src/positions/readers.ts), and the paper positions kept
 * on that venue in the dashboard (paper.json, read only here), each valued in the venue's currency with its P&L;
 * totals per currency. Whose: `--polymarket-wallet`, `--manifold-user` (or the environment, or the config file);
 * Kalshi's key from the environment only (src/sources/kalshi/auth.ts). `--source public` (the interface or its demo)
 * has paper positions only.
 */
import { join } from 'node:path';
import type { Market } from '../../api/types.js';
import { isApiError } from '../../api/errors.js';
import { openPositionsReader } from '../../positions/open.js';
import { EMPTY_PAPER, paperPositionsOf, type PaperBook } from '../../positions/paper.js';
import { decodePaper, PAPER_FILE, PAPER_FILE_MAX_BYTES, PaperDecodeError } from '../../positions/paperFile.js';
import { CURRENCY_OF, type VenuePositions } from '../../positions/types.js';
import type { SourceId } from '../../sources/types.js';
import { FileProblem, readTextFile, stateDir } from '../../util/files.js';
import { IDENTITY_FLAGS, SOURCE_FLAGS, type CommandIo } from '../commands.js';
import { resolveSettings, settingsFromFlags } from '../config.js';
import { UsageError } from '../errors.js';
import { version } from '../version.js';
import { jsonPosition, jsonPositions, positionsTable } from './positionsOut.js';
import { runOneShot, type Fetch, type OneShot } from './run.js';

/** The dashboard's paper book, read only (a script never moves a file aside); a problem is one line. */
function readPaper(env: NodeJS.ProcessEnv): { book: PaperBook; problem?: string } {
  const path = join(stateDir(env), PAPER_FILE);
  try {
    return { book: decodePaper(readTextFile(path, PAPER_FILE_MAX_BYTES)).book };
  } catch (e) {
    if (e instanceof FileProblem)
      return e.reason === 'missing' ? { book: EMPTY_PAPER } : { book: EMPTY_PAPER, problem: e.message };
    if (e instanceof PaperDecodeError)
      return { book: EMPTY_PAPER, problem: `${path}: ${e.message}; paper positions left out` };
    throw e;
  }
}

/** The markets the paper positions are valued against, each by id (one that answers 404 is left unpriced). */
async function paperMarkets(fetch: Fetch, ids: readonly string[]): Promise<Map<string, Market>> {
  const out = new Map<string, Market>();
  for (const id of ids) {
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
  // one venue a run (its identity and currency); several venues: one run each
  span: 'only',
  single: true,
  check({ flags, env, warn }) {
    const settings = resolveSettings(
      settingsFromFlags(flags, [...Object.keys(SOURCE_FLAGS), ...Object.keys(IDENTITY_FLAGS)]),
      env,
    );
    const venue: SourceId = settings.source;
    if (settings.dataUrl !== undefined && venue !== 'polymarket')
      throw new UsageError(`--data-url belongs to --source polymarket, not ${venue}`);
    const paper = readPaper(env);
    if (paper.problem) warn?.(paper.problem);
    const mine = paper.book.positions.filter((p) => p.ref.venue === venue);
    const opened =
      venue === 'public'
        ? undefined
        : openPositionsReader(venue, settings, env, warn ?? (() => {}), `oddsboard/${version()}`);
    if (opened && 'missing' in opened) {
      if (mine.length === 0) throw new UsageError(opened.missing);
      warn?.(`${opened.missing}; showing the paper positions only`);
    }
    if (venue === 'public' && mine.length === 0)
      throw new UsageError(
        "no paper positions kept on the interface yet (p in the dashboard quote form); a venue's own positions: " +
          '--source polymarket | kalshi | manifold',
      );
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
      const markets = await paperMarkets(fetch, [...new Set(mine.map((p) => p.ref.id))]);
      const paperRows = paperPositionsOf({ positions: mine }, venue, (ref) => markets.get(ref.id));
      return { ...got, positions: [...got.positions, ...paperRows] };
    };
  },
  json: jsonPositions,
  lines: (v) => v.positions.map(jsonPosition),
  table: (_t, parts, view) => parts.map((p) => positionsTable(p.data, view)).join('\n'),
};

export const runPositions = (argv: string[], io: CommandIo) => runOneShot(positions, argv, io);
