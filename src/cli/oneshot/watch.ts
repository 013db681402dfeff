/**
 * `oddsboard watch`: the markets of the dashboard's watchlist (`w`), fetched by id; run.ts does the rest, as for the
 * other one-shot commands (commands.ts).
 */
import type { Market } from '../../api/types.js';
import { isApiError } from '../../api/errors.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import { stateDir } from '../../util/files.js';
import { sanitize } from '../../util/sanitize.js';
import { readBoardWatchedIds } from '../../venues/watchMerge.js';
import { readWatchedIds, watchDirFor } from '../../watch/persist.js';
import type { CommandIo } from '../commands.js';
import { UsageError } from '../errors.js';
import { jsonMarket } from './json.js';
import { runOneShot, type OneShot } from './run.js';
import { rowsOf } from './table.js';

/** The watched markets a venue no longer has (404, or left out of a batch): how many, the first few ids. */
function goneLine(ids: readonly string[], venue: SourceId): string {
  const shown = ids.slice(0, 5).map((id) => sanitize(id));
  const more = ids.length > shown.length ? ` and ${ids.length - shown.length} more` : '';
  const n = ids.length === 1 ? '1 watched market' : `${ids.length} watched markets`;
  return `${n} not found on ${SOURCE_NAMES[venue]}, left out: ${shown.join(', ')}${more}`;
}

/**
 * The watched ids of each venue asked, read once for the command: a board's one watchlist (several venues), or the
 * venue's own. A file it cannot read is a usage error naming it; entries it cannot understand are said, once a file.
 */
function watchedIds(
  state: string,
  venues: readonly SourceId[],
  several: boolean,
  warn: (line: string) => void,
): Map<SourceId, string[]> {
  const one = venues[0];
  if (!several && one !== undefined) {
    const own = readWatchedIds(watchDirFor(state, one));
    if ('problem' in own) throw new UsageError(own.problem);
    if (own.skipped) warn(own.skipped);
    return new Map([[one, own.ids]]);
  }
  const board = readBoardWatchedIds(state, venues);
  if ('problem' in board) throw new UsageError(board.problem);
  for (const line of board.skipped) warn(line);
  return board.ids;
}

/**
 * `watch`: the markets of the dashboard's watchlist (`w`), in the order they were added, each fetched by id within
 * the shared budget. One that answers 404 (private, under review, removed) is left out; a broken watchlist file is a
 * usage error that names the file.
 */
const watch: OneShot<Market[], Map<SourceId, string[]>> = {
  name: 'watch',
  // one source: the watchlist its own dashboard keeps; several: the one watchlist of a board of several, venue by venue
  span: 'list',
  share: ({ env, venues, several, warn }) => watchedIds(stateDir(env), venues, several, warn),
  check({ source, warn, shared }) {
    const ids = shared.get(source) ?? [];
    return async (fetch) => {
      const out: Market[] = [];
      const gone: string[] = [];
      // one request per market, or a batch of them where the source looks up several ids at once (Kalshi, Gamma)
      for (let i = 0; i < ids.length;) {
        const start = i;
        const got = await fetch(async (c, o) => {
          const chunk = ids.slice(start, start + Math.max(1, c.caps.batch));
          if (chunk.length > 1) {
            const r = await c.getMarkets(chunk, o);
            return { ...r, data: { chunk, markets: r.data } };
          }
          try {
            const r = await c.getMarket(chunk[0]!, o);
            return { ...r, data: { chunk, markets: [r.data] } };
          } catch (e) {
            // private, under review or removed: left out
            if (isApiError(e) && e.kind === 'not_found') return { status: 404, data: { chunk, markets: [] } };
            throw e;
          }
        });
        const byId = new Map(got.markets.map((m) => [m.id, m]));
        for (const id of got.chunk) {
          const m = byId.get(id);
          if (m) out.push(m);
          else gone.push(id);
        }
        i += got.chunk.length;
      }
      // left out, and said by id (a script saw 2 of 3 without a word)
      if (gone.length > 0) warn?.(goneLine(gone, source));
      return out;
    };
  },
  json: (list, venue) => list.map((m) => jsonMarket(m, venue)),
  lines: (list, venue) => list.map((m) => jsonMarket(m, venue)),
  // none watched (or every one gone): not "No markets match.", which speaks of a filter there is none of
  table: (t, parts, view) =>
    rowsOf(parts).items.length === 0
      ? 'No watched market to show: w on a market in the dashboard watches it.\n'
      : t.marketsTable(rowsOf(parts), view),
};

export const runWatch = (argv: string[], io: CommandIo) => runOneShot(watch, argv, io);
