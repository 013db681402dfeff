/**
 * `serve --replay DIR`: the interface answered from recorded payloads, with the
 * reference service's keys, rate limits, envelope and error answers.
 */
import { systemClock, type Clock } from '../../util/clock.js';
import { createHandler } from '../handler.js';
import { cleanKeys, listen, resolveLimits, type Listening, type ServerOptions } from '../listen.js';
import { manifestRecordedAt, RECORDED_AT_HINT, shiftRecorded, wholeSeconds } from './asRecorded.js';
import { ReplayCatalog } from './catalog.js';
import { loadRecording, RecordingError, type RecordedItem } from './load.js';
import { replaySource } from './routes.js';

export { ReplayCatalog } from './catalog.js';
export { loadRecording, classify, RecordingError, MANIFEST } from './load.js';
export { parseRecordedAt, shiftRecorded, TIME_FIELDS } from './asRecorded.js';

export interface ReplayServerOptions extends Pick<ServerOptions, 'host' | 'port' | 'keys' | 'limits'> {
  /** The recording: a directory path, or a catalog already loaded. */
  dir: string | ReplayCatalog;
  clock?: Clock;
  /**
   * Replay as of the recording (asRecorded.ts): every time field moved forward by now − recordedAt,
   * `recordedAt` given or else read from DIR/manifest.json. Needs `dir` to be a path.
   */
  asRecorded?: { recordedAt?: number };
}

export interface RunningReplay extends Listening {
  catalog: ReplayCatalog;
  /** When replaying as of the recording: its time and how far every time field was moved. */
  asRecorded?: { recordedAt: number; shiftMs: number };
}

/**
 * The recording's items, moved to "now" when replayed as of the recording. Throws RecordingError with a one-line
 * reason.
 */
function recordedItems(
  dir: string,
  asRecorded: ReplayServerOptions['asRecorded'],
  now: number,
): { items: RecordedItem[]; asRecorded?: RunningReplay['asRecorded'] } {
  const items = loadRecording(dir);
  if (!asRecorded) return { items };
  const recordedAt = asRecorded.recordedAt ?? manifestRecordedAt(dir, RECORDED_AT_HINT);
  if (recordedAt > now)
    throw new RecordingError(`the recording's time ${new Date(recordedAt).toISOString()} is later than now`);
  const shiftMs = wholeSeconds(now - recordedAt);
  return {
    items: items.map((it) => ({ ...it, object: shiftRecorded(it.object, shiftMs) })),
    asRecorded: { recordedAt, shiftMs },
  };
}

/** Loads the recording (RecordingError when unreadable) and serves it. */
export async function startReplayServer(opts: ReplayServerOptions): Promise<RunningReplay> {
  const clock = opts.clock ?? systemClock;
  let catalog: ReplayCatalog;
  let asRecorded: RunningReplay['asRecorded'];
  if (typeof opts.dir === 'string') {
    const loaded = recordedItems(opts.dir, opts.asRecorded, clock.now());
    catalog = new ReplayCatalog(loaded.items);
    // an empty or unrelated folder served nothing without a word
    if (catalog.marketCount === 0 && catalog.eventCount === 0)
      throw new RecordingError(
        `${opts.dir} holds no recorded market or event (JSON answers of a service's markets or events, ` +
          'as oddsboard record DIR saves)',
      );
    asRecorded = loaded.asRecorded;
  } else {
    if (opts.asRecorded) throw new RecordingError("replaying as of the recording needs the recording's directory");
    catalog = opts.dir;
  }
  const handler = createHandler({
    source: replaySource(catalog, clock),
    keys: cleanKeys(opts.keys),
    limits: resolveLimits(opts.limits),
  });
  return {
    ...(await listen(handler, opts.host ?? '127.0.0.1', opts.port ?? 0)),
    catalog,
    ...(asRecorded ? { asRecorded } : {}),
  };
}
