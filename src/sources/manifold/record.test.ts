/**
 * `record --source manifold`: the requests it makes (only documented routes), the files it writes, and that its
 * replay serves them back — recorded here from the replay of the staged recordings, never from the live service.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Query, Recorder } from '../types.js';
import { recordManifold } from './record.js';
import { createManifoldReplay } from './replay.js';
import { checkRequest } from './routes.js';

const NOW = Date.parse('2026-10-09T11:06:00.054Z');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('record --source manifold', () => {
  it('fetches topics, list pages, searches, details and their bets; its replay serves what it wrote', async () => {
    const source = createManifoldReplay('test/fixtures/real/manifold', {
      now: () => NOW,
      bets: ['test/fixtures/real/manifold/trader/bets'],
    });
    dir = mkdtempSync(join(tmpdir(), 'oddsboard-mf-'));
    const out = dir;
    const asked: string[] = [];
    const recorder: Recorder = {
      get(path: string, query: Query = []) {
        const q = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v]));
        asked.push(`${path}?${q.toString()}`);
        expect(checkRequest(path, q)).toBeUndefined();
        const a = source.answer({ segments: path.split('/').filter(Boolean).map(decodeURIComponent), query: q });
        if (a?.status !== 200) throw new Error(`status ${a?.status}`);
        return Promise.resolve(a.body);
      },
      write(file, body) {
        mkdirSync(dirname(join(out, file)), { recursive: true });
        writeFileSync(join(out, file), JSON.stringify(body));
      },
      say() {},
    };
    await recordManifold(recorder, { pages: 2, details: 3, events: 5 });
    expect(asked.slice(0, 3)).toEqual([
      '/groups?',
      '/markets?limit=100',
      expect.stringMatching(/^\/markets\?limit=100&before=/),
    ]);
    expect(asked.filter((p) => p.startsWith('/market/'))).toHaveLength(3);
    const files = readdirSync(out).sort();
    expect(files).toContain('groups.json');
    expect(files).toContain('markets-2.json');
    expect(files.filter((f) => f.startsWith('market-'))).toHaveLength(3);
    const details = asked.filter((p) => p.startsWith('/market/')).map((p) => p.slice('/market/'.length, -1));
    expect(asked.filter((p) => p.startsWith('/bets?'))).toEqual(
      details.map((id) => `/bets?contractId=${id}&limit=1000`),
    );
    expect(readdirSync(join(out, 'bets')).sort()).toEqual(details.map((id) => `bets-${id}.json`).sort());
    const again = createManifoldReplay(out, { now: () => NOW });
    const none = again.answer({ segments: ['bets'], query: new URLSearchParams(`contractId=${details[0]}`) });
    expect(none).toEqual({ status: 200, body: [] });
    // a recording's bets/ folder is what its replay's /bets answers: the staged 45 bets put there come back
    const staged = 'v0-bets-market-will-bitcoins-price-fall-below-25k-limit-45-2022-10-10.json';
    copyFileSync(`test/fixtures/real/manifold/trader/bets/${staged}`, join(out, 'bets', staged));
    const withBets = createManifoldReplay(out, { now: () => NOW });
    const q = new URLSearchParams('contractId=rIR6mWqaO9xKLifr6cLL');
    expect(withBets.answer({ segments: ['bets'], query: q })?.body).toHaveLength(45);
    const page = again.answer({ segments: ['markets'], query: new URLSearchParams('limit=100') });
    const orig = source.answer({ segments: ['markets'], query: new URLSearchParams('limit=100') });
    expect(page?.body).toEqual(orig?.body);
  });
});
