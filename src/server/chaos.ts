/**
 * `oddsboard serve --chaos PROFILE`: the reference service misbehaving on
 * purpose, for tests, drills and anyone who wants to see how the dashboard
 * copes. Normal service for `afterMs` from the first request (so a client
 * that starts slowly still gets its data first), then the fault for `forMs`
 * (for good when not given), then normal service again; `flap` alternates down and up
 * for `forMs` each; `none` never fails (hostile titles and the request log only); with `path`, only that route
 * fails (`404`: a route the platform retired). Under any profile a few markets on screen carry hostile titles
 * (control sequences, emoji terminals measure differently).
 *
 * Every request is reported to `onRequest` (path, status, whether the fault
 * was on), never with its key: the drill counts requests per 60 s from it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../util/clock.js';
import { BAD_JSON, CF_403, CF_429, sendHuge, sendReset, sendTrickle, truncated, WRONG_TYPES } from './chaosBody.js';
import { INTERFACE_DIALECT, type ChaosDialect } from './chaosDialect.js';

export { CHAOS_PROFILES, RETRY_AFTER_KINDS, type ChaosProfile, type RetryAfterKind } from './chaosProfiles.js';
import type { ChaosProfile, RetryAfterKind } from './chaosProfiles.js';

export interface ChaosOptions {
  profile: ChaosProfile;
  /** Normal service from the first request until the fault (default 30 s). */
  afterMs?: number;
  /** How long the fault lasts (default: for good); `flap`: each down and up phase (default 2 min). */
  forMs?: number;
  /** `429`: what Retry-After says — 20 seconds, an HTTP date 20 s ahead, nothing, or 86400 (default seconds). */
  retryAfter?: RetryAfterKind;
  /** A few markets on screen get hostile titles (default true). */
  hostileTitles?: boolean;
  clock: Clock;
  onRequest?: (e: ChaosRequest) => void;
  /** Whose error bodies and market objects the faults speak (default: the interface's envelope). */
  dialect?: ChaosDialect;
  /**
   * Only requests to this path (exactly, as the request log prints it, without the query) meet the fault: one route
   * retired (`--chaos 404 --chaos-path /tags`) while the others answer.
   */
  path?: string;
}

export interface ChaosRequest {
  /** Clock time the request arrived. */
  at: number;
  /** Path and query (never a header, so never a key). */
  path: string;
  /** The status sent, or undefined when none was (hang, reset before the headers, flap). */
  status: number | undefined;
  /** The profile's fault was on for this request. */
  fault: boolean;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const HTML_502 =
  '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad ' +
  'Gateway</h1><p>nginx</p></body></html>';

function json(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(body);
}

export class Chaos {
  readonly profile: ChaosProfile;
  /** When the first request arrived: the schedule counts from it. */
  private startedAt: number | undefined;
  private readonly afterMs: number;
  private readonly forMs: number | undefined;
  private readonly retryAfter: RetryAfterKind;
  /** The market the client last asked the detail of: the one `vanish` / `forbid` take away. */
  private lastDetail: string | undefined;
  private victim: string | undefined;
  /** The markets that get the hostile titles: the first rows of the first list answer. */
  private hostileIds: string[] | undefined;

  private readonly dialect: ChaosDialect;

  constructor(private readonly o: ChaosOptions) {
    this.profile = o.profile;
    this.dialect = o.dialect ?? INTERFACE_DIALECT;
    this.afterMs = Math.max(0, o.afterMs ?? 30_000);
    this.forMs = o.forMs ?? (o.profile === 'flap' ? 120_000 : undefined);
    this.retryAfter = o.retryAfter ?? 'seconds';
  }

  /** Whether the fault is on at `now` (never before the first request). */
  active(now: number): boolean {
    if (this.profile === 'none' || this.startedAt === undefined) return false;
    const t = now - this.startedAt - this.afterMs;
    if (t < 0) return false;
    if (this.profile === 'flap') return Math.floor(t / (this.forMs ?? 120_000)) % 2 === 0;
    return this.forMs === undefined || t < this.forMs;
  }

  wrap(inner: Handler): Handler {
    return (req, res) => {
      const at = this.o.clock.now();
      this.startedAt ??= at;
      const path = req.url ?? '/';
      const fault = this.active(at) && (this.o.path === undefined || path.split('?')[0] === this.o.path);
      let reported = false;
      const report = () => {
        if (reported) return;
        reported = true;
        this.o.onRequest?.({ at, path, status: res.headersSent ? res.statusCode : undefined, fault });
      };
      res.on('finish', report);
      res.on('close', report);
      req.resume();
      const { marketId, detail } = this.dialect.marketOf(path);
      if (marketId !== undefined && detail) this.lastDetail = marketId;
      if (!fault) this.victim = undefined;
      try {
        if (fault && this.direct(req, res, marketId)) return;
        this.relay(inner, req, res, fault);
      } catch {
        if (!res.headersSent) json(res, 500, this.failure(500, 'INTERNAL', 'Internal error.'));
      }
    };
  }

  /** Faults answered without the service: true when the request was dealt with. */
  private direct(req: IncomingMessage, res: ServerResponse, marketId: string | undefined): boolean {
    switch (this.profile) {
      case 'flap':
        req.socket.destroy();
        return true;
      case 'hang':
        return true; // never answered; the client gives up, or the server's close ends it
      case '404':
        json(res, 404, this.failure(404, 'NOT_FOUND', 'Not found.'));
        return true;
      case '500':
        json(res, 500, this.failure(500, 'INTERNAL', 'Internal error (chaos).'));
        return true;
      case 'html':
        res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': String(Buffer.byteLength(HTML_502)) });
        res.end(HTML_502);
        return true;
      case '429':
        json(res, 429, this.failure(429, 'RATE_LIMITED', 'Rate limit exceeded (chaos).'), this.retryAfterHeader());
        return true;
      case 'cf429':
      case 'cf403': {
        const page = this.profile === 'cf429' ? CF_429 : CF_403;
        res.writeHead(this.profile === 'cf429' ? 429 : 403, {
          'Content-Type': 'text/html; charset=UTF-8',
          'Content-Length': String(Buffer.byteLength(page)),
          Server: 'cloudflare',
          ...(this.profile === 'cf429' ? this.retryAfterHeader() : {}),
        });
        res.end(page);
        return true;
      }
      case 'huge':
        sendHuge(res);
        return true;
      case 'revoke': {
        const key = req.headers['x-api-key'];
        if (key === undefined) return false;
        // echoes the key, as careless servers do: the client must scrub it before anything shows it
        json(res, 401, this.failure(401, 'UNAUTHORIZED', `The API key ${String(key)} was revoked.`));
        return true;
      }
      case 'vanish':
      case 'forbid':
        this.victim ??= this.lastDetail;
        if (marketId === undefined || marketId !== this.victim) return false;
        if (this.profile === 'vanish') json(res, 404, this.failure(404, 'NOT_FOUND', 'Market not found.'));
        else json(res, 403, this.failure(403, 'FORBIDDEN', 'Access to this market is refused.'));
        return true;
      default:
        return false;
    }
  }

  private failure(status: number, code: string, message: string): string {
    return JSON.stringify(this.dialect.failure(status, code, message));
  }

  private retryAfterHeader(): Record<string, string> {
    switch (this.retryAfter) {
      case 'seconds':
        return { 'Retry-After': '20' };
      case 'date':
        return { 'Retry-After': new Date(this.o.clock.now() + 20_000).toUTCString() };
      case 'huge':
        return { 'Retry-After': '86400' };
      case 'none':
        return {};
    }
  }

  /** The service answers; its body is changed (hostile titles, the victim gone, the profile's damage) and delivered. */
  private relay(inner: Handler, req: IncomingMessage, res: ServerResponse, fault: boolean): void {
    const writeHead = res.writeHead.bind(res);
    const end = res.end.bind(res);
    let status = 200;
    let headers: Record<string, string> = {};
    res.writeHead = ((code: number, h?: Record<string, string>) => {
      status = code;
      headers = { ...(h ?? {}) };
      return res;
    }) as typeof res.writeHead;
    res.end = ((chunk?: unknown) => {
      res.writeHead = writeHead;
      res.end = end;
      const body = this.damage(
        typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '',
        status,
        fault,
      );
      const out = { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
      if (fault && this.profile === 'trickle') sendTrickle(res, status, out, body);
      else if (fault && this.profile === 'reset') sendReset(res, status, out, body);
      else {
        writeHead(status, out);
        end(body);
      }
      return res;
    }) as typeof res.end;
    inner(req, res);
  }

  private damage(body: string, status: number, fault: boolean): string {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body) as unknown;
    } catch {
      return body;
    }
    const d = this.dialect;
    const payload = status >= 200 && status < 300 ? d.payload(parsed) : undefined;
    if (payload === undefined) return body;
    let data = payload.data;
    if (this.hostileIds === undefined && d.isList(data) && this.o.hostileTitles !== false) {
      this.hostileIds = d.listedIds(data).slice(0, 3);
    }
    if (this.hostileIds) d.hostile(data, this.hostileIds);
    if (fault && this.profile === 'vanish' && this.victim !== undefined) data = d.without(data, this.victim);
    if (fault && this.profile === 'wrongtypes') data = WRONG_TYPES;
    const text = JSON.stringify(payload.rewrap(data));
    if (fault && this.profile === 'badjson') return BAD_JSON;
    if (fault && this.profile === 'truncated' && status === 200) return truncated(text);
    return text;
  }
}
