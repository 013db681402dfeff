/**
 * The person's real positions on this venue (issue #28), as the sync layer last read them (src/sync/positions.ts):
 * the venue's answer, when it came, and what went wrong with the last reading. A failure here is the positions'
 * own — said in the Positions view — and never the venue's connection state.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { VenuePositions } from '../positions/types.js';
import type { SourceId } from '../sources/types.js';
import type { Store } from './store.js';

export interface RealPositions {
  venue: SourceId;
  /** Who: the wallet, the username or the Kalshi key's id (never the key). */
  identity: string;
  /** A reading is on its way. */
  reading: boolean;
  /** The last good reading and when it was done. */
  data?: VenuePositions;
  at?: number;
  /** The last reading failed: why (one line, the venue's own words) and when; data kept from before. */
  error?: { message: string; status?: number; at: number };
  /** When the next reading is due. */
  nextAt?: number;
}

export interface PositionsActions {
  /** A reading started (or is due at `nextAt`). */
  positionsReading(venue: SourceId, identity: string, reading: boolean, nextAt?: number): void;
  positionsRead(data: VenuePositions, at: number, nextAt: number): void;
  positionsFailed(venue: SourceId, identity: string, error: NonNullable<RealPositions['error']>, nextAt: number): void;
}

type Set = StoreApi<Store>['setState'];
type Get = StoreApi<Store>['getState'];

export function positionsActions(set: Set, get: Get): PositionsActions {
  const base = (venue: SourceId, identity: string): RealPositions =>
    get().realPositions ?? { venue, identity, reading: false };
  return {
    positionsReading(venue, identity, reading, nextAt) {
      set({ realPositions: { ...base(venue, identity), reading, ...(nextAt !== undefined ? { nextAt } : {}) } });
    },
    positionsRead(data, at, nextAt) {
      const { error: _gone, ...rest } = base(data.venue, data.identity);
      set({ realPositions: { ...rest, reading: false, data, at, nextAt } });
      // the P&L alerts on these positions (src/store/positionAlerts.ts)
      get().checkAlerts(at);
    },
    positionsFailed(venue, identity, error, nextAt) {
      set({ realPositions: { ...base(venue, identity), reading: false, error, nextAt } });
    },
  };
}
