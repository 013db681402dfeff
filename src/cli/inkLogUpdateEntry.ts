/**
 * The stand-in for Ink's log-update.js (installed by inkHooks.ts, only through the hook): Ink's own frame writer,
 * handed its stream with a `write` that sends each run of unchanged lines' `ESC[E` as one `ESC[<n>E`
 * (src/ui/inkCursorMoves.ts).
 */
import logUpdate from 'oddsboard-ink-log-update-original';
import { cursorMovesCompacted } from '../ui/inkCursorMoves.js';

const compacted: typeof logUpdate = {
  create: (stream, options) => logUpdate.create(cursorMovesCompacted(stream), options),
};
export default compacted;
