/**
 * A tiny purpose-built node:http server on 127.0.0.1:0 for client tests: each test
 * sets a handler; every request's raw path and headers are recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Seen {
  path: string;
  /** client port: equal across requests when one kept-alive connection was reused */
  remotePort: number | undefined;
  headers: IncomingMessage['headers'];
}

export interface TestServer {
  url: string;
  port: number;
  seen: Seen[];
  handle(h: Handler): void;
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function ok(res: ServerResponse, data: unknown, headers: Record<string, string> = {}): void {
  json(res, 200, { success: true, data }, headers);
}

export async function startTestServer(): Promise<TestServer> {
  let handler: Handler = (_req, res) => ok(res, []);
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', remotePort: req.socket.remotePort, headers: req.headers });
    handler(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    handle(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
