/**
 * The built program's output as a script receives it (test/e2e/pipes.test.ts): `node dist/cli.js …` with its
 * stdout into a file, into a pipe the test reads only once the command has done its work, or into a pipe the test
 * closes after the first line (`| head -1`); and a service speaking the interface whose answers are large — a few
 * hundred KB a command — so every answer is several times the pipe's 64 KiB buffer.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WireEvent, WireMarket, WireQuote } from '../../src/api/wire.js';
import { CLI } from './e2eKit.js';

export const KEY = 'sk_test_pipes_0123456789';

const DAY = 86_400_000;

/** Generated answers of the interface (the wire shapes of src/api/wire.ts), several hundred KB per command. */
export function bigCatalog(now: number) {
  // far from any boundary, so a table's "closes in" reads the same in every run of a test
  const closesAt = new Date(now + 400 * DAY + DAY / 2).toISOString();
  const updatedAt = new Date(now - DAY).toISOString();
  const market = (id: string, eventId: string, outcomes: number): WireMarket => ({
    id,
    title: `Will test market ${id} resolve Yes before the end of the decade?`,
    category: 'Testing',
    status: 'active',
    outcomes: Array.from({ length: outcomes }, (_, i) => ({
      id: `o${i}`,
      name: outcomes === 2 ? (i === 0 ? 'Yes' : 'No') : `Outcome number ${i}`,
      price: Math.round(((i + 1) / (outcomes + 1)) * 10_000) / 10_000,
    })),
    volume: 1_000_000 + id.length,
    liquidity: 25_000.5,
    closesAt,
    eventId,
    updatedAt,
  });
  // `markets --all`: 25 pages of 100 (within the keyed budget's 29 requests a minute, so nothing waits)
  const list = Array.from({ length: 2500 }, (_, i) => market(`m-${String(i).padStart(5, '0')}`, `e-${i % 100}`, 2));
  const events: WireEvent[] = Array.from({ length: 100 }, (_, e) => ({
    id: `e-${e}`,
    title: `Test event ${e}`,
    category: 'Testing',
    markets: Array.from({ length: 12 }, (_, i) => market(`m-${e}-${i}`, `e-${e}`, 2)),
  }));
  const details = new Map<string, WireMarket>([['big', market('big', 'e-big', 8000)]]);
  // what `watch` fetches one by one
  const watched = Array.from({ length: 20 }, (_, i) => `w-${i}`);
  for (const id of watched) details.set(id, market(id, 'e-w', 300));
  const bigEvent: WireEvent = {
    id: 'e-big',
    title: 'An event with very many markets',
    category: 'Testing',
    markets: Array.from({ length: 2600 }, (_, i) => market(`eb-${i}`, 'e-big', 2)),
  };
  const quote: WireQuote = {
    marketId: 'big',
    outcome: 'o1',
    action: 'buy',
    amount: 100,
    shares: 150,
    averagePrice: 0.6667,
    priceBefore: 0.65,
    priceAfter: 0.68,
    priceImpact: 0.03,
    fee: 1,
    total: 101,
  };
  return { list, events, details, bigEvent, quote, watched };
}

export interface BigService {
  url: string;
  /** Resolves once every connection opened since the call has closed again (the command closed its client). */
  connectionsClosed(): Promise<void>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The interface's five routes over `bigCatalog` on 127.0.0.1:0 (no rate limit of its own). */
export async function startBigService(): Promise<BigService> {
  const cat = bigCatalog(Date.now());
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').slice(3); // after /public/v1
    const ok = (data: unknown) => send(res, 200, { success: true, data });
    const num = (name: string, dflt: number) => Number(url.searchParams.get(name) ?? dflt);
    if (parts[0] === 'markets' && parts.length === 1) {
      const offset = num('offset', 0);
      return ok(cat.list.slice(offset, offset + num('limit', 20)));
    }
    if (parts[0] === 'markets' && parts[2] === 'quote') return ok(cat.quote);
    if (parts[0] === 'markets' && parts.length === 2 && cat.details.has(parts[1]!))
      return ok(cat.details.get(parts[1]!));
    if (parts[0] === 'events' && parts.length === 1) return ok(cat.events.slice(0, num('limit', 20)));
    if (parts[0] === 'events' && parts[1] === 'e-big') return ok(cat.bigEvent);
    send(res, 404, { success: false, error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  let open = 0;
  let opened = 0;
  let waiters: Array<{ after: number; resolve: () => void }> = [];
  server.on('connection', (socket) => {
    open += 1;
    opened += 1;
    socket.on('close', () => {
      open -= 1;
      if (open > 0) return;
      // only a connection opened since the call counts (not a late close of the previous run's)
      const due = waiters.filter((w) => opened > w.after);
      waiters = waiters.filter((w) => opened <= w.after);
      for (const w of due) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connectionsClosed: () => new Promise<void>((resolve) => waiters.push({ after: opened, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        waiters = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: Buffer;
  err: string;
}

/** A private home and state directory (its own rate ledger, no config file), `extra` on top. */
export function cliEnv(extra: Record<string, string>, stateHome = mkdtempSync(join(tmpdir(), 'oddsboard-pipes-'))) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: stateHome,
    XDG_STATE_HOME: stateHome,
    ODDSBOARD_CONFIG: join(stateHome, 'no-config.json'),
    ODDSBOARD_BASE_URL: '',
    ODDSBOARD_API_KEY: '',
    ...extra,
  };
}

/**
 * Where stdout goes:
 * - `file`: a regular file (Node writes it synchronously);
 * - `slow pipe`: a pipe nothing is read from until `ready` resolves (the command has done its work: it closed its
 *   connections) or the program exits, whichever comes first — then all of it. A command that waited for its
 *   reader before closing its connections would wait here for good (the test's timeout);
 * - `head`: a pipe whose reader closes its end as soon as it has the first line, as `| head -1` does.
 */
export type Sink = 'file' | 'slow pipe' | 'head';

export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  sink: Sink,
  ready?: Promise<void>,
): Promise<Run> {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
  // the program waits for its reader: a pipe read only once it has exited would never be read
  if (sink === 'slow pipe' && !ready) throw new Error('a slow pipe needs the condition to start reading on');
  const file = join(mkdtempSync(join(tmpdir(), 'oddsboard-out-')), 'out');
  const fd = sink === 'file' ? openSync(file, 'w') : undefined;
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', fd ?? 'pipe', 'pipe'] });
  if (fd !== undefined) closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  let err = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (t: string) => (err += t));
  const chunks: Buffer[] = [];
  const out = child.stdout;
  if (out) {
    if (sink === 'slow pipe') {
      out.pause();
      await Promise.race([ready, exited]);
      out.on('data', (b: Buffer) => chunks.push(b));
      out.resume();
    } else {
      out.on('data', (b: Buffer) => {
        chunks.push(b);
        if (b.includes(0x0a)) out.destroy();
      });
    }
  }
  const { code, signal } = await closed;
  return { code, signal, out: fd === undefined ? Buffer.concat(chunks) : readFileSync(file), err };
}

/** The first line of an output, with its newline. */
export const firstLine = (b: Buffer): string => {
  const text = b.toString('utf8');
  return text.slice(0, text.indexOf('\n') + 1);
};
