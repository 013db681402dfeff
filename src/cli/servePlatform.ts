/** `serve --replay DIR --source S`: a platform's routes answered from a recording (src/sources/replay.ts). */
import { loadPlatform } from '../sources/index.js';
import { startSourceReplay } from '../sources/replay.js';
import type { SourceId } from '../sources/types.js';
import type { ServeConfig, ServeIo } from './serve.js';

export async function servePlatformReplay(
  id: Exclude<SourceId, 'public'>,
  dir: string,
  cfg: ServeConfig,
  io: ServeIo,
): Promise<{ url: string; summary: string; close(): Promise<void> }> {
  const def = await loadPlatform(id);
  const log = (e: object) => io.stdout.write(`req ${JSON.stringify(e)}\n`);
  const r = await startSourceReplay({
    def,
    dir,
    asRecorded: cfg.asRecorded !== undefined,
    host: cfg.host,
    port: cfg.port,
    ...(cfg.chaos ? { chaos: cfg.chaos } : {}),
    ...(cfg.logRequests ? { onRequest: log } : {}),
  });
  const prefix = def.replayPrefix === '' ? '' : def.replayPrefix;
  const summary =
    `oddsboard replay: ${def.label} routes answered from the recording in ${dir}\n` +
    `base URL for --source ${id}: ${r.url}${prefix}\n` +
    `limit ${def.limits.documentedPerMinute}/min per IP (${def.limits.documented})\n` +
    (cfg.chaos
      ? `CHAOS ${cfg.chaos.profile}${cfg.chaos.path ? ` on ${cfg.chaos.path}` : ''}: ` +
        `normal for ${(cfg.chaos.afterMs ?? 0) / 1000} s from the first request, then ` +
        `${cfg.chaos.forMs === undefined ? 'for good' : `for ${cfg.chaos.forMs / 1000} s`}\n`
      : '');
  return { url: `${r.url}${prefix}`, summary, close: () => r.close() };
}
