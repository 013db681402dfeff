/**
 * One undici Agent with explicit timeouts and its own body cap, shared by every client (the interface's and each
 * platform's): the per-phase timeouts checked, the Agent made, and a close that aborts what is on its way and
 * destroys the pool once.
 */
import { Agent } from 'undici';
import { ApiError } from './errors.js';

export const DEFAULT_TIMEOUTS = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000, totalMs: 20_000 } as const;
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** How long an idle connection is kept when the server gives no Keep-Alive hint. */
export const KEEP_ALIVE_MS = 30_000;

export interface ConnectionConfig {
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; totalMs?: number };
  /** default 4 MiB */
  maxBodyBytes?: number;
}

export interface Connection {
  agent: Agent;
  headersMs: number;
  bodyMs: number;
  totalMs: number;
  maxBodyBytes: number;
  /** Aborted when the client is closed. */
  closeSignal: AbortSignal;
  close(): Promise<void>;
}

export function configError(param: string, message: string): ApiError {
  return new ApiError({ kind: 'invalid_request', code: 'INVALID_CONFIG', param, message });
}

function timeoutValue(name: string, v: number | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
    throw configError('timeouts', `timeouts.${name} must be a positive number of milliseconds.`);
  return Math.ceil(v);
}

/** Throws ApiError 'invalid_request' (param 'timeouts' | 'maxBodyBytes') for an unusable configuration. */
export function openConnection(config: ConnectionConfig): Connection {
  const t = config.timeouts ?? {};
  const connectMs = timeoutValue('connectMs', t.connectMs, DEFAULT_TIMEOUTS.connectMs);
  const headersMs = timeoutValue('headersMs', t.headersMs, DEFAULT_TIMEOUTS.headersMs);
  const bodyMs = timeoutValue('bodyMs', t.bodyMs, DEFAULT_TIMEOUTS.bodyMs);
  const totalMs = timeoutValue('totalMs', t.totalMs, DEFAULT_TIMEOUTS.totalMs);
  const maxBodyBytes = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (typeof maxBodyBytes !== 'number' || !Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw configError('maxBodyBytes', 'maxBodyBytes must be a positive whole number of bytes.');
  }
  // undici enforces the body cap itself (content-length up front, or as the bytes arrive):
  // UND_ERR_RES_EXCEEDED_MAX_SIZE
  const agent = new Agent({
    connect: { timeout: connectMs },
    headersTimeout: headersMs,
    bodyTimeout: bodyMs,
    maxResponseSize: maxBodyBytes,
    // A venue on a board of several asks its list every ~3 s: with undici's 4 s idle default (and 2 s taken off a
    // server's own Keep-Alive hint) many of those requests opened a new connection, a TLS handshake on the live
    // services. Idle connections are kept 30 s, or as long as the server says less 1 s (docs/sources.md).
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveTimeoutThreshold: 1_000,
  });
  const closing = new AbortController();
  let closed: Promise<void> | undefined;
  return {
    agent,
    headersMs,
    bodyMs,
    totalMs,
    maxBodyBytes,
    closeSignal: closing.signal,
    close() {
      closed ??= (async () => {
        closing.abort(new Error('client closed'));
        await agent.destroy().catch(() => undefined);
      })();
      return closed;
    },
  };
}
