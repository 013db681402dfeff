/**
 * The request handler: bring the data source up to date (the simulator advances lazily), authenticate, count the
 * request in its rate bucket, route, answer. Every answer carries the rate
 * headers of the bucket it was counted in. A throwing handler becomes 500
 * INTERNAL; the process never crashes on a request.
 *
 * Order of decisions:
 *   1. `X-API-Key` present (even empty) and not a configured key → 401. The
 *      request is charged to that key's own bucket at the key limit, as the
 *      client files it (its ledger is per key), never to the client IP's anonymous
 *      one: a refused key is never downgraded to anonymous mode (spec §5.3).
 *   2. Rate limit (per key, or per client IP from the socket; X-Forwarded-For is
 *      never trusted) → 429 with Retry-After. Rejected requests are not counted.
 *   3. Route: unknown path 404, non-GET 405 (Allow: GET), then the endpoint.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendData, sendError, splitTarget, type Headers } from './reply.js';
import { SlidingWindowLimiter, rateHeaders } from './rateLimit.js';
import type { RouteMatch } from './routes.js';
import type { Clock } from '../util/clock.js';

export interface AppLimits {
  anonymous: number;
  key: number;
  windowMs: number;
}

/** Where the answers come from: the simulator (routes.ts) or recorded payloads (replay/). */
export interface DataSource {
  readonly clock: Clock;
  /** Called once per request before routing (the simulator catches up with the clock). */
  sync(): void;
  /** The endpoint for a path (segments after the first '/'); undefined → 404 unknown path. */
  match(segments: string[]): RouteMatch | undefined;
}

export interface AppOptions {
  source: DataSource;
  keys: readonly string[];
  limits: AppLimits;
  /** Called with unexpected handler errors (never with a key). */
  onError?: (err: unknown) => void;
}

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** `::ffff:127.0.0.1` → `127.0.0.1`. */
export function clientIp(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function createHandler(opts: AppOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { source, limits } = opts;
  const keyDigests = opts.keys.map(digest);
  const limiter = new SlidingWindowLimiter(source.clock, limits.windowMs);

  /** Bucket identity of a key, and whether it is a configured one (a hash: the key itself is never a map key). */
  function keyIdentity(value: string): { id: string; valid: boolean } {
    const d = digest(value);
    let hit = false;
    for (const k of keyDigests) if (timingSafeEqual(k, d)) hit = true;
    return { id: `key:${d.toString('hex').slice(0, 32)}`, valid: hit && value !== '' };
  }

  return (req, res) => {
    let headers: Headers = {};
    try {
      req.resume();
      source.sync();
      const ip = `ip:${clientIp(req.socket.remoteAddress)}`;
      const rawKey = req.headers['x-api-key'];
      let identity = ip;
      let limit = limits.anonymous;
      let unauthorized = false;
      if (rawKey !== undefined) {
        const key = Array.isArray(rawKey) ? rawKey.join(', ') : rawKey;
        const { id, valid } = keyIdentity(key);
        // a refused key is counted in its own bucket, as the client counts it: never in the address's anonymous one
        identity = id;
        limit = limits.key;
        unauthorized = !valid;
      }
      const decision = limiter.take(identity, limit);
      headers = rateHeaders(decision, limits.windowMs);
      if (!decision.allowed) {
        throw new HttpError(
          429,
          `Rate limit exceeded: ${limit} requests per ${Math.round(limits.windowMs / 1000)} s. Retry after ` +
            `${decision.retryAfterSeconds ?? 1} s.`,
        );
      }
      if (unauthorized) throw new HttpError(401, 'The API key is invalid.');
      const { segments, query } = splitTarget(req.url ?? '/');
      const route = source.match(segments);
      if (!route) throw new HttpError(404, 'No such path.');
      if (req.method !== 'GET')
        throw new HttpError(405, `Method ${String(req.method).slice(0, 16)} is not allowed; use GET.`, undefined, {
          Allow: 'GET',
        });
      sendData(res, route.run(query), headers);
    } catch (err) {
      if (err instanceof HttpError) {
        sendError(res, err, headers);
        return;
      }
      opts.onError?.(err);
      sendError(res, new HttpError(500, 'Internal error.'), headers);
    }
  };
}
