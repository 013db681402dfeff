/**
 * The background's staleness is read several times a pass (the next slot, the header's next refresh, the kind to
 * send): each read looks at every watched market's last fetch once, and only a watch slot sent orders them for its
 * batch (background.ts `watched`, `batchOf`). It sorted the watched markets on every read.
 */
import { describe, expect, it } from 'vitest';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { createOddsStore } from '../store/store.js';
import { ManualClock } from '../util/clock.js';
import { Background } from './background.js';
import type { Limits } from './limits.js';
import { resolveOptions, type SyncOptions } from './options.js';
import { Shown } from './shown.js';
import { SourceJobs } from './sourceJobs.js';

/** A Kalshi background with `watched` markets watched, w<n> last fetched at n; the list last asked at `listAt`. */
function background(watched: number, listAt = 0) {
  const store = createOddsStore({ mode: 'kalshi', limit: 60, caps: { ...KALSHI_CAPS, events: false } });
  const o = resolveOptions({ client: {}, store, clock: new ManualClock(0), limit: 60 } as unknown as SyncOptions);
  const limits = { interval: () => 1_000 } as unknown as Limits;
  const reads: string[] = [];
  const asked = {
    listRef: () => listAt,
    detailRef: (id: string) => (reads.push(id), Number(id.slice(1))),
  };
  for (let n = 0; n < watched; n++) store.getState().toggleWatch(`w${n}`, 0);
  const shown = new Shown(store, o.viewFreshMs, asked.listRef, false);
  return { bg: new Background(o, store, limits, shown, asked, new SourceJobs(store)), reads };
}

describe('the watched markets in the background’s staleness', () => {
  it('a staleness read looks at each watched market once and sorts none', () => {
    const { bg, reads } = background(200);
    const kinds = bg.staleness(1_000_000);
    expect(kinds.map((k) => k.kind)).toContain('watch');
    expect(reads).toHaveLength(200);
  });

  it('a watch slot sent carries the next stalest in its batch, oldest first', () => {
    const now = 60_000_000;
    // the list just asked, the watched markets long ago: the watch slot is the most overdue
    const { bg } = background(200, now);
    const job = bg.job(now);
    expect(job).toMatchObject({ kind: 'detail', origin: 'watch', marketId: 'w0' });
    const batch = job.kind === 'detail' ? job.batch : undefined;
    expect(batch).toHaveLength(KALSHI_CAPS.batch - 1);
    expect(batch?.slice(0, 3)).toEqual(['w1', 'w2', 'w3']);
  });
});
