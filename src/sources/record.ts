/**
 * `oddsboard record --source S DIR`: a platform's real routes saved into DIR for `serve --replay DIR --source S`.
 * The source decides which requests and files (its `record`); this module paces them (no sliding 60 s window holds
 * more than `perMinute`, by default the source's polite cadence), waits out a 429 once (its Retry-After, else a
 * window), never sends a key, writes each answer atomically and verbatim, and a manifest.json saying when, from
 * where and what.
 */
import { join, normalize, sep } from 'node:path';
import { isApiError, type ApiErrorKind } from '../api/errors.js';
import type { Clock } from '../util/clock.js';
import { writeFileAtomic } from '../util/files.js';
import { createJsonHttp } from './http.js';
import type { PlatformDef, Query, RecordPlan } from './types.js';

export interface PlatformRecordOptions {
  def: PlatformDef;
  baseUrl: string;
  dir: string;
  plan: RecordPlan;
  perMinute: number;
  clock: Clock;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  log: (line: string) => void;
  userAgent?: string;
  signal?: AbortSignal;
}

export interface PlatformRecordSummary {
  files: { file: string; request: string }[];
  requests: number;
  failures: number;
  stopped?: string;
  /** The kind of the service's error that stopped it: what the exit code says (7 unreachable, …). */
  failedAs?: ApiErrorKind;
}

const WINDOW_MS = 60_000;
/** A file name a source may write: a relative path one folder deep at most, ending in .json. */
const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,120})?\.json$/;

export async function recordPlatform(o: PlatformRecordOptions): Promise<PlatformRecordSummary> {
  const open = (baseUrl: string) =>
    createJsonHttp({ baseUrl, ...(o.userAgent ? { userAgent: o.userAgent } : {}) }, (b) => o.def.readError(b));
  const http = open(o.baseUrl);
  /** Other bases a source asks (Polymarket's CLOB), one client each. */
  const others = new Map<string, ReturnType<typeof open>>();
  const summary: PlatformRecordSummary = { files: [], requests: 0, failures: 0 };
  const sentAt: number[] = [];
  let label = '';
  const pace = async () => {
    for (;;) {
      const now = o.clock.now();
      while (sentAt.length > 0 && sentAt[0]! <= now - WINDOW_MS) sentAt.shift();
      if (sentAt.length < o.perMinute) break;
      await o.sleep(sentAt[0]! + WINDOW_MS - now + 50, o.signal);
    }
    sentAt.push(o.clock.now());
  };
  try {
    await o.def.record(
      {
        baseUrl: o.baseUrl,
        async get(path: string, query: Query = [], base?: string) {
          const qs = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
          const via = base === undefined || base === o.baseUrl ? http : (others.get(base) ?? open(base));
          if (via !== http) others.set(base!, via);
          label = `GET ${base !== undefined && via !== http ? base : ''}${path}${qs ? `?${qs}` : ''}`;
          for (let attempt = 1; ; attempt++) {
            if (o.signal?.aborted) throw new Error('aborted');
            await pace();
            summary.requests++;
            try {
              return (await via.get(path, query, o.signal ? { signal: o.signal } : undefined)).data;
            } catch (e) {
              if (isApiError(e) && e.kind === 'rate_limited' && attempt < 2) {
                const wait = e.retryAfterMs ?? WINDOW_MS;
                o.log(`${label}: rate limited, waiting ${Math.ceil(wait / 1000)} s`);
                await o.sleep(wait, o.signal);
                continue;
              }
              summary.failures++;
              throw e;
            }
          }
        },
        write(file, body) {
          if (!SAFE_FILE.test(file) || normalize(file).split(sep).includes('..'))
            throw new Error(`refusing to write ${JSON.stringify(file)} outside the recording`);
          writeFileAtomic(join(o.dir, file), `${JSON.stringify(body, null, 1)}\n`);
          summary.files.push({ file, request: label });
          o.log(`saved ${file}  (${label})`);
        },
        say: (line) => o.log(line),
      },
      o.plan,
    );
  } catch (e) {
    if (isApiError(e) && !o.signal?.aborted) summary.failedAs = e.kind;
    summary.stopped = o.signal?.aborted
      ? 'aborted'
      : `${label}: ${isApiError(e) || e instanceof Error ? e.message : 'failed'}`;
  } finally {
    await Promise.all([http, ...others.values()].map((h) => h.close()));
  }
  return summary;
}
