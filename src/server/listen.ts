/**
 * startServer: the reference service on node:http, bound to 127.0.0.1 by default.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../util/clock.js';
import { Chaos, type ChaosOptions } from './chaos.js';
import { createHandler, type AppLimits } from './handler.js';
import { simulatorSource } from './routes.js';
import { Simulator } from './sim/simulator.js';

export interface ServerOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 (a free port) */
  port?: number;
  /** default 1 */
  seed?: number;
  keys?: string[];
  /** simulated seconds per real second, default 1 */
  speed?: number;
  clock?: Clock;
  /** defaults: anonymous 10, key 30, windowMs 60 000 */
  limits?: { anonymous?: number; key?: number; windowMs?: number };
  /**
   * Called once per answer sent, with its status and when its request arrived — the time the rate limit counts it
   * at: the service's own count, for tests and benchmarks. (Not when the answer left: on a loaded machine an answer
   * can leave a second after its request came, and answers counted so crowd into a window their requests did not.)
   */
  onAnswer?: (status: number, at: number) => void;
  /** Misbehave on purpose (see chaos.ts); its clock is the server's. */
  chaos?: Omit<ChaosOptions, 'clock'>;
}

export interface RunningServer {
  /** http://127.0.0.1:PORT, no trailing slash */
  url: string;
  port: number;
  close(): Promise<void>;
  sim: Simulator;
}

export const DEFAULT_LIMITS = { anonymous: 10, key: 30, windowMs: 60_000 } as const;

function positiveInt(name: string, v: number | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer`);
  return v;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Limits with defaults, each a positive integer (RangeError otherwise). */
export function resolveLimits(l: ServerOptions['limits']): AppLimits {
  return {
    anonymous: positiveInt('limits.anonymous', l?.anonymous, DEFAULT_LIMITS.anonymous),
    key: positiveInt('limits.key', l?.key, DEFAULT_LIMITS.key),
    windowMs: positiveInt('limits.windowMs', l?.windowMs, DEFAULT_LIMITS.windowMs),
  };
}

/** Empty or non-string entries are never valid keys (an empty header is a 401, not a match). */
export function cleanKeys(keys: readonly unknown[] | undefined): string[] {
  return (keys ?? []).filter((k): k is string => typeof k === 'string' && k !== '');
}

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serve `handler` on host:port (JSON 400/431 for malformed HTTP); resolves once bound. */
export async function listen(handler: RequestListener, host = '127.0.0.1', port = 0): Promise<Listening> {
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError('port must be an integer from 0 to 65535');
  const server: Server = createServer(handler);
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({ success: false, error: { code: 'BAD_REQUEST', message: 'Malformed HTTP request.' } });
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ` +
        `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${bound}`,
    port: bound,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const port = opts.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError('port must be an integer from 0 to 65535');
  const limits = resolveLimits(opts.limits);
  const sim = new Simulator({ seed: opts.seed ?? 1, clock: opts.clock ?? systemClock, speed: opts.speed ?? 1 });
  const clock = opts.clock ?? systemClock;
  const handler = createHandler({ source: simulatorSource(sim), keys: cleanKeys(opts.keys), limits });
  const chaos = opts.chaos ? new Chaos({ ...opts.chaos, clock }) : undefined;
  return {
    ...(await listen(
      counted(chaos ? chaos.wrap(handler) : handler, opts.onAnswer, clock),
      opts.host ?? '127.0.0.1',
      port,
    )),
    sim,
  };
}

/** The handler, reporting each answer's status, once sent, with the time its request arrived. */
export function counted(handler: RequestListener, onAnswer: ServerOptions['onAnswer'], clock: Clock): RequestListener {
  if (!onAnswer) return handler;
  return (req, res) => {
    const arrived = clock.now();
    res.on('finish', () => onAnswer(res.statusCode, arrived));
    handler(req, res);
  };
}
