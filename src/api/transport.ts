/**
 * The transport under the client: base URL rules, one GET over an undici Agent
 * with an overall deadline, a body capped by undici's maxResponseSize, and the mapping of every
 * transport failure onto one ApiError. Knows nothing of the envelope.
 */
import type { Agent } from 'undici';
import { ApiError } from './errors.js';
import { requestDeadlines, type DeadlineTimers } from './deadlines.js';

export interface BaseUrl {
  /** scheme://host[:port] */
  origin: string;
  /** path prefix without a trailing slash ('' for none), already percent-encoded as given */
  prefix: string;
  /** host[:port] for messages */
  host: string;
}

/**
 * Loopback written literally: `localhost`, 127.0.0.0/8, ::1 (and ::ffff:127.x). Any other name goes
 * through DNS, which may answer anything — `evil.localhost` included — so it needs https.
 */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (/^::ffff:127\./.test(h)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function invalidBase(message: string): ApiError {
  return new ApiError({ kind: 'invalid_request', code: 'INVALID_BASE_URL', param: 'baseUrl', message });
}

/**
 * Parses and checks the base URL. Throws ApiError kind 'invalid_request' (param 'baseUrl') for anything
 * but https, or plain http to a loopback host (127.0.0.0/8, ::1, localhost). A trailing `/public/v1`
 * is accepted and dropped, since every request path starts with it.
 */
export function parseBaseUrl(input: string): BaseUrl {
  if (typeof input !== 'string' || input.trim() === '') throw invalidBase('The base URL is empty.');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw invalidBase('The base URL is not a valid URL (expected e.g. https://api.example.com).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidBase(`The base URL must start with https:// (got ${url.protocol.replace(/[^a-z0-9+.-]/gi, '')}).`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw invalidBase(
      `Refusing plain http:// to ${url.host}: the API key and data would travel unencrypted. Use https://, or http:// ` +
        `only to a loopback address (127.0.0.1, ::1, localhost).`,
    );
  }
  if (url.username || url.password) throw invalidBase('The base URL must not contain a user name or password.');
  if (url.search || url.hash) throw invalidBase('The base URL must not contain a query (?) or fragment (#).');
  let prefix = url.pathname.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (prefix.toLowerCase().endsWith('/public/v1')) prefix = prefix.slice(0, -'/public/v1'.length);
  return { origin: url.origin, prefix, host: url.host };
}

export interface GetOptions {
  agent: Agent;
  base: BaseUrl;
  /** path below the base, starting with '/', already encoded */
  path: string;
  headers: Record<string, string>;
  maxBodyBytes: number;
  totalMs: number;
  headersMs: number;
  bodyMs: number;
  signal?: AbortSignal;
  /** aborted when the client is closed */
  closeSignal: AbortSignal;
  /** the timers the deadlines run on (Node's; a test hands in its own) */
  timers?: DeadlineTimers;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function abortedError(opts: GetOptions): ApiError | undefined {
  if (opts.signal?.aborted)
    return new ApiError({ kind: 'aborted', code: 'ABORTED', message: 'The request was cancelled.' });
  if (opts.closeSignal.aborted)
    return new ApiError({ kind: 'aborted', code: 'CLIENT_CLOSED', message: 'The client was closed.' });
  return undefined;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * Sends one GET and returns the whole (capped) body. Every failure is thrown as one ApiError.
 *
 * undici's own headersTimeout/bodyTimeout run on its coarse "fast timers" (≈1 s resolution), so the
 * phases are also timed here with native timers: headers (from the call until the status line and
 * headers are in), body (idle time between chunks) and total. undici's remain as a backstop. A deadline first lets
 * the loop read what waits: after the process was stopped its timers run before its I/O (deadlines.ts).
 */
export async function httpGet(opts: GetOptions): Promise<RawResponse> {
  const early = abortedError(opts);
  if (early) throw early;
  const timeouts = new AbortController();
  let fired: 'headers' | 'body' | 'total' | undefined;
  const deadlines = requestDeadlines((what) => {
    fired ??= what;
    timeouts.abort(new Error(`${what} timeout`));
  }, opts.timers);
  const total = deadlines.phase('total', opts.totalMs);
  let phase = deadlines.phase('headers', opts.headersMs);
  const signals = [timeouts.signal, opts.closeSignal];
  if (opts.signal) signals.push(opts.signal);
  const signal = AbortSignal.any(signals);
  let body: { destroy(err?: Error): unknown; destroyed?: boolean } | undefined;
  try {
    const res = await opts.agent.request({
      origin: opts.base.origin,
      path: opts.base.prefix + opts.path,
      method: 'GET',
      headers: opts.headers,
      signal,
      headersTimeout: opts.headersMs,
      bodyTimeout: opts.bodyMs,
    });
    body = res.body;
    deadlines.progressed();
    phase.clear();
    phase = deadlines.phase('body', opts.bodyMs);
    const idle = phase;
    // undici counts the bytes as they arrive; a declared length over the cap is refused before any is read
    if (Number(res.headers['content-length']) > opts.maxBodyBytes) throw tooLarge(opts.maxBodyBytes);
    const text = await readBody(res.body, () => {
      deadlines.progressed();
      idle.restart();
    });
    return { status: res.statusCode, headers: res.headers, text };
  } catch (err) {
    if (body && !body.destroyed) body.destroy();
    throw (
      abortedError(opts) ??
      (fired ? timeoutError(fired, opts) : err instanceof ApiError ? err : transportError(err, opts))
    );
  } finally {
    total.clear();
    phase.clear();
  }
}

function timeoutError(which: 'headers' | 'body' | 'total', opts: GetOptions): ApiError {
  const host = opts.base.host;
  if (which === 'headers')
    return new ApiError({
      kind: 'timeout',
      code: 'HEADERS_TIMEOUT',
      message: `${host} did not start answering within ${seconds(opts.headersMs)}.`,
    });
  if (which === 'body')
    return new ApiError({
      kind: 'timeout',
      code: 'BODY_TIMEOUT',
      message: `${host} stopped sending its answer for more than ${seconds(opts.bodyMs)}.`,
    });
  return new ApiError({
    kind: 'timeout',
    code: 'TOTAL_TIMEOUT',
    message: `${host} did not finish answering within ${seconds(opts.totalMs)}.`,
  });
}

/** The body as text; every chunk restarts the idle timer. The size cap is undici's `maxResponseSize`. */
async function readBody(body: AsyncIterable<Buffer>, onChunk: () => void): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    onChunk();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(max: number): ApiError {
  return new ApiError({
    kind: 'protocol',
    code: 'BODY_TOO_LARGE',
    message: `The answer is larger than ${formatBytes(max)}; it was not read.`,
  });
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KiB`;
  return `${n} bytes`;
}

/** Error codes found on an error, its causes and aggregated errors. */
function codesOf(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 5) return [];
  const out: string[] = [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') out.push(e.code);
  if (e.cause) out.push(...codesOf(e.cause, depth + 1));
  if (Array.isArray(e.errors)) for (const x of e.errors) out.push(...codesOf(x, depth + 1));
  return out;
}

const SANE_CODE = /^[A-Z0-9_]{2,40}$/;

/** Maps an undici / socket / DNS / TLS failure to an ApiError with a plain message (never the raw text). */
export function transportError(
  err: unknown,
  opts: Pick<GetOptions, 'base' | 'headersMs' | 'bodyMs' | 'maxBodyBytes'>,
): ApiError {
  const codes = codesOf(err);
  const has = (...c: string[]) => codes.find((x) => c.includes(x));
  const host = opts.base.host;
  const code = codes.find((c) => SANE_CODE.test(c));
  let m: string | undefined;
  if (has('UND_ERR_RES_EXCEEDED_MAX_SIZE')) return tooLarge(opts.maxBodyBytes);
  if (has('UND_ERR_HEADERS_TIMEOUT'))
    return new ApiError({
      kind: 'timeout',
      code: 'HEADERS_TIMEOUT',
      message: `${host} did not start answering within ${seconds(opts.headersMs)}.`,
    });
  if (has('UND_ERR_BODY_TIMEOUT'))
    return new ApiError({
      kind: 'timeout',
      code: 'BODY_TIMEOUT',
      message: `${host} stopped sending its answer for more than ${seconds(opts.bodyMs)}.`,
    });
  if (has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'))
    return new ApiError({ kind: 'timeout', code: 'CONNECT_TIMEOUT', message: `Connecting to ${host} timed out.` });
  if ((m = has('ECONNREFUSED')))
    return new ApiError({ kind: 'network', code: m, message: `Could not connect to ${host}: connection refused.` });
  if ((m = has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL')))
    return new ApiError({ kind: 'network', code: m, message: `Could not find ${host} (DNS lookup failed).` });
  if ((m = has('EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN')))
    return new ApiError({ kind: 'network', code: m, message: `${host} cannot be reached from this machine.` });
  if ((m = has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'ECONNABORTED')))
    return new ApiError({
      kind: 'network',
      code: m === 'UND_ERR_SOCKET' ? 'CONNECTION_CLOSED' : m,
      message: `The connection to ${host} was closed before the answer was complete.`,
    });
  if ((m = codes.find((c) => /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(c))))
    return new ApiError({
      kind: 'network',
      code: SANE_CODE.test(m) ? m : 'TLS_ERROR',
      message: `The secure connection to ${host} failed (${SANE_CODE.test(m) ? m : 'TLS error'}).`,
    });
  if (codes.some((c) => c.startsWith('HPE_') || c === 'UND_ERR_HEADERS_OVERFLOW'))
    return new ApiError({ kind: 'protocol', code: 'BAD_HTTP', message: `${host} sent a malformed HTTP answer.` });
  if (has('UND_ERR_DESTROYED', 'UND_ERR_CLOSED', 'UND_ERR_ABORTED', 'UND_ERR_ABORT'))
    return new ApiError({
      kind: 'aborted',
      code: 'CLIENT_CLOSED',
      message: 'The request was stopped because the client was closed.',
    });
  return new ApiError({
    kind: 'network',
    code: code ?? 'NETWORK',
    message: `The request to ${host} failed${code ? ` (${code})` : ''}.`,
  });
}
