/**
 * `serve --replay DIR`: the interface answered from recorded payloads, with the
 * reference service's keys, rate limits, envelope and error answers.
 */
import { systemClock, type Clock } from '../../util/clock.js';
import { createHandler } from '../handler.js';
import { cleanKeys, listen, resolveLimits, type Listening, type ServerOptions } from '../listen.js';
import { ReplayCatalog } from './catalog.js';
import { loadRecording } from './load.js';
import { replaySource } from './routes.js';

export { ReplayCatalog } from './catalog.js';
export { loadRecording, classify, RecordingError, MANIFEST } from './load.js';

export interface ReplayServerOptions extends Pick<ServerOptions, 'host' | 'port' | 'keys' | 'limits'> {
  /** The recording: a directory path, or a catalog already loaded. */
  dir: string | ReplayCatalog;
  clock?: Clock;
}

export interface RunningReplay extends Listening {
  catalog: ReplayCatalog;
}

/** Loads the recording (RecordingError when unreadable) and serves it. */
export async function startReplayServer(opts: ReplayServerOptions): Promise<RunningReplay> {
  const catalog = typeof opts.dir === 'string' ? new ReplayCatalog(loadRecording(opts.dir)) : opts.dir;
  const handler = createHandler({ source: replaySource(catalog, opts.clock ?? systemClock), keys: cleanKeys(opts.keys), limits: resolveLimits(opts.limits) });
  return { ...(await listen(handler, opts.host ?? '127.0.0.1', opts.port ?? 0)), catalog };
}
