/**
 * The Kalshi positions reader against the replay (real market recordings + OUR portfolio answers, whose signature
 * checks use the public half of a key generated for the tests): the signed requests verify end to end, a wrong key is
 * refused with 401 as Kalshi does, and the private key never reaches the wire.
 */
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { startSourceReplay, type RunningSourceReplay } from '../sources/replay.js';
import { kalshiSource } from '../sources/kalshi/index.js';
import { createKalshiClient } from '../sources/kalshi/client.js';
import { signerFor } from '../sources/kalshi/auth.js';
import { createPrivateKey } from 'node:crypto';
import { undocumented } from '../sources/kalshi/routes.js';
import type { SourceClient } from '../sources/types.js';
import { rejection } from '../../test/support/catch.js';
import { kalshiReader, type PositionsReader, type Send } from './readers.js';

const KEYS = 'test/fixtures/kalshi-portfolio';
const PRIVATE_PEM = readFileSync(`${KEYS}/TEST-ONLY-kalshi-private-key.pem`, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'oddsboard-kalshi-portfolio-'));
cpSync('test/fixtures/real/kalshi', dir, { recursive: true });
for (const f of ['portfolio-positions.json', 'portfolio-balance.json', 'kalshi-test-public-key.pem'])
  cpSync(`${KEYS}/${f}`, join(dir, 'portfolio', f));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let server: RunningSourceReplay | undefined;
let reader: PositionsReader | undefined;
let markets: SourceClient | undefined;
let log: { path: string; status: number | undefined }[] = [];
const send: Send = async (call) => (await call(markets!, {})).data;

async function start(pem = PRIVATE_PEM) {
  log = [];
  server = await startSourceReplay({
    def: kalshiSource,
    dir,
    clock: new ManualClock(),
    onRequest: (e) => log.push({ path: e.path, status: e.status }),
  });
  const baseUrl = `${server.url}/trade-api/v2`;
  markets = createKalshiClient({ baseUrl });
  reader = kalshiReader({ baseUrl }, signerFor('test-key-id', createPrivateKey(pem)), () => 1785592800000);
  return reader;
}

afterEach(async () => {
  await reader?.close();
  await markets?.close();
  await server?.close();
  for (const { path } of log) {
    const url = new URL(path, 'http://x');
    expect(undocumented(url.pathname.replace(/^\/trade-api\/v2/, ''), url.searchParams), path).toBeUndefined();
  }
  reader = markets = server = undefined;
});

describe('Kalshi positions, signed', () => {
  it('every portfolio request verifies; positions valued against their recorded markets; the balance', async () => {
    const got = await (await start()).read(send);
    expect(got).toMatchObject({ venue: 'kalshi', currency: 'USD', identity: 'test-key-id', balance: 412.5 });
    expect(got.positions.map((p) => [p.ref.id, p.outcome, p.shares, p.state, p.value, p.pnl])).toEqual([
      ['KXELONMARS-99', 'Yes', 20, 'open', 3, 0.4],
      ['KXFEDDECISION-26JUL-H0', 'Yes', 10, 'resolved', 10, 2.8],
      ['KXFEDDECISION-26JUL-H25', 'No', 5, 'resolved', 5, 0.9],
    ]);
    expect(log.map((l) => l.status)).toEqual(log.map(() => 200));
    expect(log.map((l) => l.path.split('?')[0])).toEqual([
      '/trade-api/v2/portfolio/positions',
      '/trade-api/v2/markets',
      '/trade-api/v2/portfolio/balance',
    ]);
  });

  it('a key whose public half the replay does not know is refused with 401, as Kalshi does', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const e = await rejection((await start(other.toString())).read(send));
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(e.message).toMatch(/invalid signature/);
  });

  it('an unsigned request is refused', async () => {
    await start();
    const res = await fetch(`${server!.url}/trade-api/v2/portfolio/balance`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { message: expect.stringMatching(/missing KALSHI-ACCESS-KEY/) } });
  });
});
