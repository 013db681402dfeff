/**
 * Envelope and error plumbing for the reference service. Every answer is JSON
 * in the envelope of the interface: `{success:true,data}` or
 * `{success:false,error:{code,message}}` (400s also carry `error.param`).
 */
import type { ServerResponse } from 'node:http';
import { ERROR_CODES } from '../api/wire.js';

export type Headers = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly status: keyof typeof ERROR_CODES,
    message: string,
    readonly param?: string,
    readonly headers: Headers = {},
  ) {
    super(message);
  }

  get code(): string {
    return ERROR_CODES[this.status];
  }
}

/** 400 INVALID_PARAMETER naming the parameter. */
export function invalidParam(param: string, rule: string): HttpError {
  return new HttpError(400, `Invalid parameter "${param}": ${rule}.`, param);
}

export const notFound = (what = 'Resource'): HttpError => new HttpError(404, `${what} not found.`);

export function failureBody(err: HttpError): unknown {
  const error: { code: string; message: string; param?: string } = { code: err.code, message: err.message };
  if (err.param !== undefined) error.param = err.param;
  return { success: false, error };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

export function sendData(res: ServerResponse, data: unknown, headers: Headers = {}): void {
  sendJson(res, 200, { success: true, data }, headers);
}

export function sendError(res: ServerResponse, err: HttpError, headers: Headers = {}): void {
  sendJson(res, err.status, failureBody(err), { ...headers, ...err.headers });
}

/**
 * Split a request target into path segments and the raw query. Absolute-form
 * targets keep only their path. Segments stay percent-encoded: the router
 * decodes an id exactly once.
 */
export function splitTarget(target: string): { segments: string[]; query: URLSearchParams } {
  let t = target;
  const abs = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(t);
  if (abs) t = t.slice(abs[0].length) || '/';
  const hash = t.indexOf('#');
  if (hash >= 0) t = t.slice(0, hash);
  const qi = t.indexOf('?');
  const path = qi >= 0 ? t.slice(0, qi) : t;
  const query = new URLSearchParams(qi >= 0 ? t.slice(qi + 1) : '');
  return { segments: path.split('/').slice(1), query };
}

/** Decode a path segment once; undefined when malformed or when it hides a '/'. */
export function decodeId(segment: string): string | undefined {
  try {
    const id = decodeURIComponent(segment);
    if (id === '' || id.includes('/')) return undefined;
    return id;
  } catch {
    return undefined;
  }
}
