/** `oddsboard record --source S DIR` for a platform: its real routes (src/sources/record.ts), then a manifest. */
import { join } from 'node:path';
import { isApiError } from '../api/errors.js';
import { loadPlatform } from '../sources/index.js';
import { recordPlatform } from '../sources/record.js';
import type { SourceId } from '../sources/types.js';
import type { RecordPlan as InterfacePlan } from '../sync/record.js';
import { systemClock } from '../util/clock.js';
import { writeFileAtomic } from '../util/files.js';
import { exitCodeFor } from './errors.js';
import { savedLine, type RecordIo } from './record.js';
import { version } from './version.js';

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runPlatformRecord(
  id: Exclude<SourceId, 'public'>,
  baseUrl: string | undefined,
  dir: string,
  plan: InterfacePlan,
  io: RecordIo,
  who: { polymarketWallet?: string; manifoldUser?: string } = {},
): Promise<number> {
  const def = await loadPlatform(id);
  const base = baseUrl ?? def.defaultBaseUrl;
  const clock = io.clock ?? systemClock;
  const startedAt = clock.now();
  const perMinute = def.limits.politePerMinute;
  io.stderr.write(
    `recording ${id} from ${base} (never with a key) into ${dir}, at most ${perMinute} requests a minute\n`,
  );
  const wanted = {
    pages: plan.pages,
    details: plan.details,
    events: plan.events === 0 ? 0 : plan.eventDetails,
    ...(id === 'polymarket' && who.polymarketWallet ? { polymarketWallet: who.polymarketWallet } : {}),
    ...(id === 'manifold' && who.manifoldUser ? { manifoldUser: who.manifoldUser } : {}),
  };
  try {
    const summary = await recordPlatform({
      def,
      baseUrl: base,
      dir,
      plan: wanted,
      perMinute,
      clock,
      sleep,
      log: (line) => io.stderr.write(`${line}\n`),
      userAgent: `oddsboard/${version()}`,
      ...(io.signal ? { signal: io.signal } : {}),
    });
    const manifest = {
      recordedAt: new Date(startedAt).toISOString(),
      source: id,
      baseUrl: base,
      authenticated: false,
      plan: wanted,
      files: summary.files,
    };
    writeFileAtomic(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    io.stdout.write(
      savedLine(summary, dir) +
        `${summary.stopped ? `; stopped: ${summary.stopped}` : ''}\n` +
        (summary.files.length > 0 ? `replay them with: oddsboard serve --replay ${dir} --source ${id}\n` : ''),
    );
    if (!summary.stopped || summary.stopped === 'aborted') return 0;
    return summary.failedAs !== undefined ? exitCodeFor(summary.failedAs) : 1;
  } catch (err) {
    // the client refused its base URL or the like: said as such, not as a write (any ApiError has a code)
    if (isApiError(err)) {
      io.stderr.write(`oddsboard record: ${err.message}\n`);
      return exitCodeFor(err.kind);
    }
    const e = err as NodeJS.ErrnoException;
    io.stderr.write(`oddsboard record: ${e.syscall && e.code ? `cannot write into ${dir}: ${e.code}` : e.message}\n`);
    return 1;
  }
}
