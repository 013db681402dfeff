/**
 * The three platforms' recordings replayed on loopback for a file of one-shot tests over several venues
 * (test/fixtures/real/<venue>; Manifold as recorded: what was open then is open now), plus a base URL nothing listens
 * on (a replay started and closed: connection refused). Started before the file's tests, closed after them.
 */
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { main } from '../../src/cli/main.js';
import { loadPlatform } from '../../src/sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../src/sources/replay.js';
import type { SourceId } from '../../src/sources/types.js';
import { cliIo } from './cliIo.js';
import { root } from './oneShot.js';

export type Platform = Exclude<SourceId, 'public'>;
const ALL = ['kalshi', 'polymarket', 'manifold'] as const;

export function venueReplays() {
  const running: RunningSourceReplay[] = [];
  const url: Record<Platform, string> = { kalshi: '', polymarket: '', manifold: '' };
  const r = {
    url,
    /** Connection refused. */
    down: '',
    /** `--base-url VENUE=URL` for the three, `over` in place of a replay's. */
    baseUrls: (over: Partial<Record<Platform, string>> = {}) =>
      ALL.flatMap((v) => ['--base-url', `${v}=${over[v] ?? url[v]}`]),
    /** A command through `main`, with a fresh state directory unless given. */
    async run(argv: string[], opts: Parameters<typeof cliIo>[0] = {}) {
      const c = cliIo(opts);
      const code = await main(argv, c.io);
      return { code, out: c.out(), err: c.err(), stateHome: c.stateHome };
    },
  };
  beforeAll(async () => {
    for (const id of ALL) {
      const def = await loadPlatform(id);
      const s = await startSourceReplay({
        def,
        dir: join(root, 'test/fixtures/real', id),
        asRecorded: id === 'manifold',
      });
      running.push(s);
      url[id] = s.url + def.replayPrefix;
    }
    const def = await loadPlatform('manifold');
    const gone = await startSourceReplay({ def, dir: join(root, 'test/fixtures/real/manifold') });
    r.down = gone.url + def.replayPrefix;
    await gone.close();
  });
  afterAll(() => Promise.all(running.map((s) => s.close())));
  return r;
}

/** A list document's items and venues. */
export interface VenueItem {
  venue: string;
  id: string;
}
export type VenueDoc = { venues: Array<Record<string, unknown>>; data: VenueItem[]; source?: unknown };
