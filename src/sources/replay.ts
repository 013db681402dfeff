/**
 * `serve --replay DIR --source S`: a platform's own routes answered from a recording, over loopback, with the
 * platform's limit (per client IP, sliding window, 429 in its error shape with Retry-After) and its error bodies,
 * so every test, drill and bug report runs offline. The routes themselves (paging, filters, status words, batch
 * ids, 400 and 404) are the source's `createReplay(dir)`; this module is the HTTP around them, shared by all.
 * Every request can be reported (path and query, status; never a header) for the request log.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Chaos, type ChaosOptions } from '../server/chaos.js';
import { clientIp } from '../server/handler.js';
import { listen, type Listening } from '../server/listen.js';
import { SlidingWindowLimiter } from '../server/rateLimit.js';
import { systemClock, type Clock } from '../util/clock.js';
import { platformDialect } from './chaosDialect.js';
import type { ReplayAnswer, PlatformDef, SourceReplay } from './types.js';

export interface SourceReplayOptions {
  def: PlatformDef;
  /** The recording's directory, or a replay already made (tests). */
  dir: string | SourceReplay;
  /** As of the recording (the source's `createReplay` option). */
  asRecorded?: boolean;
  host?: string;
  port?: number;
  clock?: Clock;
  /** Requests per window and client IP before 429 (default: the source's documented limit per minute). */
  limit?: number;
  windowMs?: number;
  chaos?: Omit<ChaosOptions, 'clock'>;
  /**
   * Every answer: when, path and query as asked, status (undefined when none was sent), and whether the chaos
   * profile's fault was on for it (a fault answered 200 — bad JSON, a truncated body — is told apart only so).
   */
  onRequest?: (e: { at: number; path: string; status: number | undefined; fault: boolean }) => void;
}

export interface RunningSourceReplay extends Listening {
  replay: SourceReplay;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function send(res: ServerResponse, a: ReplayAnswer): void {
  if (res.headersSent || res.destroyed) return;
  const html = typeof a.body === 'string';
  const text = html ? (a.body as string) : JSON.stringify(a.body);
  res.writeHead(a.status, {
    'Content-Type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...(a.headers ?? {}),
  });
  res.end(text);
}

/** Decoded path segments below `prefix`, or undefined when the path is not below it (or not decodable). */
export function segmentsBelow(pathname: string, prefix: string): string[] | undefined {
  const p = prefix.replace(/\/+$/, '');
  if (p !== '' && pathname !== p && !pathname.startsWith(`${p}/`)) return undefined;
  try {
    return pathname
      .slice(p.length)
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

/** The handler: method, limit, route, answer — a throwing route becomes the source's 500. */
export function sourceHandler(
  def: PlatformDef,
  replay: SourceReplay,
  limiter: SlidingWindowLimiter,
  limit: number,
): Handler {
  const error = (status: number, code: string, message: string, headers?: Record<string, string>): ReplayAnswer => ({
    status,
    body: def.errorBody(status, code, message),
    ...(headers ? { headers } : {}),
  });
  return (req, res) => {
    req.resume();
    if (req.method !== 'GET')
      return send(res, error(405, 'method_not_allowed', 'Only GET is served.', { Allow: 'GET' }));
    const decision = limiter.take(clientIp(req.socket.remoteAddress), limit);
    if (!decision.allowed) {
      return send(
        res,
        error(429, 'too_many_requests', 'Too many requests.', {
          'Retry-After': String(decision.retryAfterSeconds ?? 1),
        }),
      );
    }
    const url = new URL(req.url ?? '/', 'http://replay.invalid');
    const segments = segmentsBelow(url.pathname, def.replayPrefix);
    try {
      const answer =
        segments === undefined
          ? undefined
          : replay.answer({ segments, query: url.searchParams, path: url.pathname, headers: req.headers });
      send(res, answer ?? error(404, 'not_found', 'Not found.'));
    } catch {
      send(res, error(500, 'internal_error', 'Internal error.'));
    }
  };
}

/** Loads the recording through the source (RecordingError when unusable) and serves it on loopback. */
export async function startSourceReplay(o: SourceReplayOptions): Promise<RunningSourceReplay> {
  const clock = o.clock ?? systemClock;
  const replay = typeof o.dir === 'string' ? o.def.createReplay(o.dir, { asRecorded: o.asRecorded === true }) : o.dir;
  const limiter = new SlidingWindowLimiter(clock, o.windowMs ?? 60_000);
  let handler = sourceHandler(o.def, replay, limiter, o.limit ?? o.def.limits.documentedPerMinute);
  const chaos =
    o.chaos || o.onRequest
      ? new Chaos({
          ...(o.chaos ?? { profile: 'none', hostileTitles: false }),
          clock,
          dialect: platformDialect(o.def, replay),
          ...(o.onRequest
            ? { onRequest: (e) => o.onRequest?.({ at: e.at, path: e.path, status: e.status, fault: e.fault }) }
            : {}),
        })
      : undefined;
  if (chaos) handler = chaos.wrap(handler);
  return { ...(await listen(handler, o.host ?? '127.0.0.1', o.port ?? 0)), replay };
}
