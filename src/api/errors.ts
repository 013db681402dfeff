import type { RateHeaders } from './types.js';
import { G } from '../util/glyphs.js';

/**
 * Every failure of a call becomes exactly one ApiError. `kind` is decided by
 * HTTP status first (then by `success`, then by the transport), never by
 * `code` strings alone. Messages are plain sentences for a person and never
 * contain the API key.
 */
export type ApiErrorKind =
  | 'invalid_request' // rejected before sending (our validation) or 400 from the server
  | 'unauthorized' // 401: the key (or anonymous access) was rejected
  | 'forbidden' // 403: this resource is refused; other requests may still work
  | 'not_found' // 404 (also private / pending review)
  | 'closed' // 409
  | 'resolved' // 410
  | 'settling' // 423
  | 'rate_limited' // 429
  | 'server' // 5xx or any other unexpected status
  | 'protocol' // body not JSON, wrong envelope, too large
  | 'timeout' // connect / headers / body / overall timeout
  | 'network' // refused, reset, DNS, TLS
  | 'aborted'; // the caller's AbortSignal fired

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  code?: string;
  /** 429 only: how long to wait, from Retry-After (seconds or HTTP date). */
  retryAfterMs?: number;
  rate?: RateHeaders;
  /** the parameter a validation error is about */
  param?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string;
  readonly retryAfterMs: number | undefined;
  readonly rate: RateHeaders | undefined;
  readonly param: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code ?? init.kind.toUpperCase();
    this.retryAfterMs = init.retryAfterMs;
    this.rate = init.rate;
    this.param = init.param;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Status → kind for failure answers. */
export function kindForStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
    case 422:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'closed';
    case 410:
      return 'resolved';
    case 423:
      return 'settling';
    case 429:
      return 'rate_limited';
    default:
      return 'server';
  }
}

/** The code of a 404 on a route a source needs (a list): the route is gone, not the thing asked for. */
export const ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND';

/**
 * A 404 on a route that lists things (the market list, the events list) says the route itself is gone: the platform
 * retired or renamed it. Named as such — a fault of the service's API, like a 5xx, never "not found" of one market
 * (a detail route's 404 of an id keeps that meaning) nor a network fault. `what` names the route ("the market list").
 * `baseHint`: the base URL was the person's, so it may be the wrong one (src/cli/baseHint.ts), said instead.
 */
export function routeNotFound(e: ApiError, what: string, baseHint?: string): ApiError {
  const status = e.status ?? 404;
  return new ApiError({
    kind: 'server',
    status,
    code: ROUTE_NOT_FOUND,
    message: `Route not found ${G.dash} ${baseHint ?? SERVICE_CHANGED} (HTTP ${status} on ${what}).`,
    ...(e.rate ? { rate: e.rate } : {}),
  });
}

const SERVICE_CHANGED = 'the service may have changed its API';
