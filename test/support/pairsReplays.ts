/**
 * The replays `oddsboard pairs` is tested on over loopback: Kalshi's KXFEDDECISION-26SEP strikes alone (a recorded
 * `/markets` answer, test/fixtures/real/pairs/kalshi-markets-KXFEDDECISION-26SEP-5-open.json: no events recorded,
 * so Kalshi's search, a scan of its events, finds none of them) and the recorded Polymarket and Manifold answers
 * (test/fixtures/real/<venue>; Polymarket's Fed September event among them). Started before the file's tests,
 * closed after them.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadPlatform } from '../../src/sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../../src/sources/replay.js';
import type { SourceId } from '../../src/sources/types.js';
import { root } from './oneShot.js';

const KALSHI_FED = 'kalshi-markets-KXFEDDECISION-26SEP-5-open.json';

export function pairsReplays(): Record<Exclude<SourceId, 'public'>, string> {
  const base = { kalshi: '', polymarket: '', manifold: '' };
  const running: RunningSourceReplay[] = [];
  beforeAll(async () => {
    const kalshiDir = mkdtempSync(join(tmpdir(), 'oddsboard-pairs-kalshi-'));
    copyFileSync(join(root, 'test/fixtures/real/pairs', KALSHI_FED), join(kalshiDir, KALSHI_FED));
    const start = async (id: Exclude<SourceId, 'public'>, dir: string) => {
      const def = await loadPlatform(id);
      const r = await startSourceReplay({ def, dir, asRecorded: false });
      running.push(r);
      return r.url + def.replayPrefix;
    };
    base.kalshi = await start('kalshi', kalshiDir);
    base.polymarket = await start('polymarket', join(root, 'test/fixtures/real/polymarket'));
    base.manifold = await start('manifold', join(root, 'test/fixtures/real/manifold'));
  });
  afterAll(() => Promise.all(running.map((r) => r.close())));
  return base;
}
