import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { createOddsStore } from '../store/store.js';
import { ManualClock } from '../util/clock.js';
import { BEL } from '../watch/effects.js';
import { PairDecisions } from '../pairs/decisions.js';
import { parseRefKey } from '../venue/ref.js';
import { DecisionsFile } from './across/decisionsFile.js';
import { startVenueWatcher } from './watch.js';
import { market } from '../../test/support/markets.js';

const mkt = (id: string, status: Market['status'] = 'active'): Market => market(id, { status });

describe('the bell on a board of several venues', () => {
  it('rings once for the alerts of one moment, whatever their venues; alerts seconds apart ring each', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5));
    const venues = (['kalshi', 'polymarket'] as const).map((id) => ({
      id,
      store: createOddsStore({ mode: 'key', limit: 30 }),
    }));
    for (const v of venues) {
      v.store.getState().listLoaded([mkt('m1', 'active')], clock.now());
      v.store.getState().toggleWatch('m1', clock.now());
    }
    const out: string[] = [];
    const watcher = startVenueWatcher({
      venues,
      joined: createOddsStore({ mode: 'key', limit: 30 }),
      clock,
      stateDir: mkdtempSync(join(tmpdir(), 'oddsboard-bell-')),
      alerts: [],
      bell: true,
      env: {},
      out: { write: (s: string) => out.push(s) },
    });
    const close = (i: number, status: Market['status']) =>
      venues[i]!.store.getState().marketLoaded(mkt('m1', status), clock.now());
    try {
      close(0, 'closed');
      clock.advance(400);
      close(1, 'closed');
      // both venues' status alerts fired, and one BEL for them
      expect(venues.map((v) => v.store.getState().alerts.log.length)).toEqual([1, 1]);
      expect(out).toEqual([BEL]);
      clock.advance(3000);
      close(1, 'settling');
      expect(out).toEqual([BEL, BEL]);
      // one log, one numbering: ODDSBOARD_ALERT_SEQ and the log's numbers are not given out twice
      const seqs = venues.flatMap((v) => v.store.getState().alerts.log.map((e) => e.seq));
      expect(seqs.sort()).toEqual([1, 2, 3]);
    } finally {
      watcher.stop();
    }
  });
});

describe('the Across desk’s pairs.json as the board quits', () => {
  it('is written with the watch files, and its failure is one of the lines the board says on stderr', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5));
    const stateDir = mkdtempSync(join(tmpdir(), 'oddsboard-quit-pairs-'));
    const decisions = new PairDecisions();
    const pairs = new DecisionsFile(stateDir, clock, { decisions: () => decisions, merged: () => {}, say: () => {} });
    const venues = (['kalshi', 'polymarket'] as const).map((id) => ({
      id,
      store: createOddsStore({ mode: 'key', limit: 30 }),
    }));
    const watcher = startVenueWatcher({
      venues,
      joined: createOddsStore({ mode: 'key', limit: 30 }),
      clock,
      stateDir,
      alerts: [],
      bell: false,
      env: {},
      out: { write: () => true },
      pairs,
    });
    mkdirSync(join(stateDir, 'pairs.json')); // where pairs.json goes, a directory
    const [a, b] = ['kalshi:K1', 'polymarket:7'].map((k) => parseRefKey(k)!);
    decisions.confirm({ a: a!, b: b!, relation: 'same', at: clock.now(), reasons: [] });
    pairs.changed();
    expect(watcher.stop()).toEqual([expect.stringMatching(/^Could not save .*pairs\.json \(EISDIR\)/)]);
  });
});
