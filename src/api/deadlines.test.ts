import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import type { DeadlineTimers } from './deadlines.js';
import { httpGet, parseBaseUrl } from './transport.js';
import { rejection } from '../../test/support/catch.js';

/**
 * A request's deadlines on a clock the test moves. `stall(ms)` is the process stopped for ms (SIGSTOP, Ctrl-Z) and
 * running again: every deadline due by then fires at once, before any I/O is read — as Node runs its timers before it
 * polls for I/O. What a deadline does after the poll is Node's (`afterIo`: the bytes are real).
 */
function heldClock() {
  let now = 0;
  let sets = 0;
  const armed = new Map<object, { fire: () => void; at: number }>();
  const timers: DeadlineTimers = {
    set(fire, ms) {
      const h = {};
      sets++;
      armed.set(h, { fire, at: now + ms });
      return h;
    },
    clear: (h) => void armed.delete(h as object),
    afterIo: (fn) => void setImmediate(() => setImmediate(fn)),
  };
  const stall = (ms: number) => {
    now += ms;
    for (const [h, t] of [...armed]) {
      if (t.at > now) continue;
      armed.delete(h);
      t.fire();
    }
  };
  return { timers, stall, sets: () => sets };
}

/** A bare TCP service that reads a request and answers only when the test writes to its socket. */
let server: Server;
let port = 0;
const waiting: ((s: Socket) => void)[] = [];
const nextRequest = () => new Promise<Socket>((resolve) => waiting.push(resolve));

beforeAll(async () => {
  server = createServer((s) => s.once('data', () => waiting.shift()?.(s)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function get(timers: DeadlineTimers, agent: Agent) {
  return httpGet({
    agent,
    base: parseBaseUrl(`http://127.0.0.1:${port}`),
    path: '/x',
    headers: {},
    maxBodyBytes: 1024,
    totalMs: 15_000,
    headersMs: 10_000,
    bodyMs: 10_000,
    closeSignal: new AbortController().signal,
    timers,
  });
}

const HEAD = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 14\r\n\r\n';

describe('deadlines while the process was stopped', () => {
  it('an answer that came in full while the process was stopped is read, not taken for a timeout', async () => {
    const agent = new Agent();
    const clock = heldClock();
    const answer = get(clock.timers, agent);
    const sock = await nextRequest();
    sock.write(`${HEAD}{"data":[1,2]}`);
    // stopped for 20 s with the answer waiting unread: the headers' 10 s and the total's 15 s fall due
    clock.stall(20_000);
    expect(await answer).toMatchObject({ status: 200, text: '{"data":[1,2]}' });
    await agent.close();
  });

  it('the rest of a body that came while the process was stopped is read too', async () => {
    const agent = new Agent();
    const clock = heldClock();
    const answer = get(clock.timers, agent);
    const sock = await nextRequest();
    sock.write(`${HEAD}{"data"`);
    // the headers are in once the body's deadline is set (the total's and the headers' were the first two)
    await new Promise<void>((resolve) => {
      const look = () => (clock.sets() > 2 ? resolve() : setImmediate(look));
      look();
    });
    sock.write(':[1,2]}');
    clock.stall(30_000);
    expect(await answer).toMatchObject({ status: 200, text: '{"data":[1,2]}' });
    await agent.close();
  });

  it('a service that sends nothing still times out', async () => {
    const agent = new Agent();
    const clock = heldClock();
    const answer = get(clock.timers, agent);
    await nextRequest();
    clock.stall(20_000);
    expect(await rejection(answer)).toMatchObject({ kind: 'timeout' });
    await agent.close();
  });

  it('an answer waiting just as its deadline falls due is read too', async () => {
    const agent = new Agent();
    const clock = heldClock();
    const answer = get(clock.timers, agent);
    const sock = await nextRequest();
    sock.write(`${HEAD}{"data":[1,2]}`);
    clock.stall(10_000);
    expect(await answer).toMatchObject({ status: 200, text: '{"data":[1,2]}' });
    await agent.close();
  });

  it('a deadline with nothing waiting fails the request as before', async () => {
    const agent = new Agent();
    const clock = heldClock();
    const answer = get(clock.timers, agent);
    await nextRequest();
    clock.stall(10_000);
    expect(await rejection(answer)).toMatchObject({ kind: 'timeout', code: 'HEADERS_TIMEOUT' });
    await agent.close();
  });
});
