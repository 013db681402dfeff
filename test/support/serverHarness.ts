import { afterEach } from 'vitest';
import { ManualClock } from '../../src/util/clock.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.js';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

const running: RunningServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** A server on 127.0.0.1:0 with a ManualClock; closed after each test. */
export async function boot(
  opts: ServerOptions = {},
): Promise<{ server: RunningServer; clock: ManualClock; get: (path: string, init?: RequestInit) => Promise<Answer> }> {
  const clock = (opts.clock as ManualClock | undefined) ?? new ManualClock();
  const server = await startServer({ limits: { anonymous: 100_000, key: 100_000 }, ...opts, clock });
  running.push(server);
  const get = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(server.url + path, init);
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body };
  };
  return { server, clock, get };
}

export const P = '/public/v1';
