/**
 * `record --polymarket-wallet`: the Data API's positions routes recorded (documented, beside Gamma's), and the folder
 * replays them: the positions read back from the recording are the recorded ones.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { polymarketPositions } from '../positions/polymarket.js';
import { createPolymarketReplay } from './polymarket/replay.js';
import { undocumented } from './polymarket/routes.js';
import { dataBaseOf, recordPolymarketPositions } from './recordPositions.js';
import type { Query, Recorder } from './types.js';

const WALLET = '0xee613b3fc183ee44f9da9c05f53e2da107e3debf';
const out = mkdtempSync(join(tmpdir(), 'pm-positions-rec-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function recorder(source: ReturnType<typeof createPolymarketReplay>, dir: string, asked: string[]): Recorder {
  return {
    baseUrl: 'http://127.0.0.1:9',
    async get(path: string, query: Query = []) {
      const qs = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
      asked.push(qs ? `${path}?${qs}` : path);
      const url = new URL(asked.at(-1)!, 'http://x.invalid');
      const a = source.answer({ segments: url.pathname.split('/').filter(Boolean), query: url.searchParams });
      if (!a || a.status !== 200) throw new ApiError({ kind: 'server', status: a?.status ?? 500, message: 'failed' });
      return a.body;
    },
    write(file, body) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), JSON.stringify(body));
    },
    say: () => undefined,
  };
}

describe('recording positions', () => {
  it('Polymarket: /positions and /value into DIR/positions, replayed as recorded', async () => {
    const asked: string[] = [];
    await recordPolymarketPositions(
      recorder(createPolymarketReplay('test/fixtures/real/polymarket'), out, asked),
      WALLET,
    );
    for (const p of asked) expect(undocumented(p), p).toEqual([]);
    expect(asked.map((p) => p.split('?')[0])).toEqual(['/positions', '/value']);
    // beside the recorded markets (copied without their positions), the recording replays the same positions and value
    cpSync('test/fixtures/real/polymarket', out, { recursive: true, filter: (src) => !src.includes('/positions') });
    const again = createPolymarketReplay(out);
    const q = new URLSearchParams({ user: WALLET, limit: '500', sizeThreshold: '0.01' });
    const a = again.answer({ segments: ['positions'], query: q })!;
    expect(polymarketPositions(a.body)!.map((p) => [p.outcome, p.shares, p.value])).toEqual([
      ['Timberwolves', 21010.072, 14181.7986],
    ]);
    expect(again.answer({ segments: ['value'], query: new URLSearchParams({ user: WALLET }) })!.body).toEqual([
      { user: WALLET, value: 82537.4196 },
    ]);
  });

  it('the Data API beside the recorded base: the real one for the real Gamma, else the same server', () => {
    expect(dataBaseOf(undefined)).toBe('https://data-api.polymarket.com');
    expect(dataBaseOf('https://gamma-api.polymarket.com/')).toBe('https://data-api.polymarket.com');
    expect(dataBaseOf('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
  });
});
