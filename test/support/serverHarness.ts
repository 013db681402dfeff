import { afterEach } from 'vitest';
import { ManualClock } from '../../src/util/clock.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.js';
import type { WireFailure } from '../../src/api/wire.js';

/**
 * The envelope as a test reads it: `data` of the type the test asks for on a success, `error` (with the `param`
 * a 400 names) on a failure. Not checked at run time: the assertions on it are the check.
 */
export interface Envelope<T> {
  success: boolean;
  data: T;
  error: WireFailure['error'] & { param?: string };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON (the raw text when the answer is not JSON). */
  body: Envelope<T>;
}

type Get = <T = unknown>(path: string, init?: RequestInit) => Promise<Answer<T>>;

const running: RunningServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** A server on 127.0.0.1:0 with a ManualClock; closed after each test. */
export async function boot(opts: ServerOptions = {}): Promise<{ server: RunningServer; clock: ManualClock; get: Get }> {
  const clock = (opts.clock as ManualClock | undefined) ?? new ManualClock();
  const server = await startServer({ limits: { anonymous: 100_000, key: 100_000 }, ...opts, clock });
  running.push(server);
  const get = async <T = unknown>(path: string, init: RequestInit = {}): Promise<Answer<T>> => {
    const res = await fetch(server.url + path, init);
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body: body as Envelope<T> };
  };
  return { server, clock, get };
}

export const P = '/public/v1';
