/**
 * `record --source polymarket`: which Gamma routes it asks (all documented), in which order, into which files —
 * driven by a recorder that answers from the replay of the real recordings — and the folder it writes replays.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import type { Query, Recorder } from '../types.js';
import { polymarketSource } from './index.js';
import { createPolymarketReplay } from './replay.js';
import { undocumented } from './routes.js';

const source = createPolymarketReplay('test/fixtures/real/polymarket');
let out: string | undefined;
afterEach(() => {
  if (out) rmSync(out, { recursive: true, force: true });
  out = undefined;
});

function recorder(dir: string, asked: string[], limit = 1000): Recorder {
  return {
    async get(path: string, query: Query = []) {
      const qs = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
      asked.push(qs ? `${path}?${qs}` : path);
      const url = new URL(asked.at(-1)!, 'http://gamma.invalid');
      const a = source.answer({ segments: url.pathname.split('/').filter(Boolean), query: url.searchParams });
      await Promise.resolve();
      if (asked.length > limit) throw new ApiError({ kind: 'rate_limited', status: 429, message: 'slow down' });
      if (a?.status === 404) throw new ApiError({ kind: 'not_found', status: 404, message: 'not found' });
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

describe('recording Polymarket', () => {
  it('asks the keyset pages, details, events and tags, and writes a folder the replay serves', async () => {
    out = mkdtempSync(join(tmpdir(), 'pm-rec-'));
    const asked: string[] = [];
    await polymarketSource.record(recorder(out, asked), { pages: 3, details: 2, events: 5 });
    for (const p of asked) expect(undocumented(p), p).toEqual([]);
    // one page holds all the open markets of the recording (100 per page): the recorder stops at the last one
    expect(asked.filter((p) => p.startsWith('/markets/keyset'))).toHaveLength(1);
    expect(asked.filter((p) => /^\/markets\/\d+$/.test(p))).toHaveLength(2);
    expect(asked.some((p) => p.startsWith('/events/keyset?limit=5'))).toBe(true);
    expect(asked.at(-1)).toBe('/tags?limit=100');
    // events the markets name but no recording holds answer 404 and are skipped, the others are written
    const named = asked.filter((p) => /^\/events\/\d+$/.test(p));
    expect(named.length).toBeGreaterThan(0);
    const again = createPolymarketReplay(out);
    const page = again.answer({ segments: ['markets', 'keyset'], query: new URLSearchParams('limit=100') });
    const first = source.answer({
      segments: ['markets', 'keyset'],
      query: new URLSearchParams('limit=100&order=volumeNum&ascending=false'),
    });
    expect((page!.body as { markets: { id: string }[] }).markets.map((m) => m.id).sort()).toEqual(
      (first!.body as { markets: { id: string }[] }).markets.map((m) => m.id).sort(),
    );
  });

  it('stops at the first failure the recorder could not get past', async () => {
    out = mkdtempSync(join(tmpdir(), 'pm-rec-'));
    const asked: string[] = [];
    await expect(
      polymarketSource.record(recorder(out, asked, 2), { pages: 1, details: 5, events: 0 }),
    ).rejects.toMatchObject({
      kind: 'rate_limited',
    });
    expect(asked).toHaveLength(3);
  });
});
