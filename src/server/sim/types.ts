import type { WireMarketStatus } from '../../api/wire.js';

export type Visibility = 'public' | 'private' | 'pendingReview';

export interface SimOutcome {
  id: string;
  name: string;
}

/**
 * One simulated market. Times are in simulation milliseconds (see
 * Simulator.toWall for how they are reported). Mutable: only the simulator
 * changes it (quotes never do).
 */
export interface SimMarket {
  id: string;
  title: string;
  category: string;
  eventId: string;
  visibility: Visibility;
  outcomes: SimOutcome[];
  /** LMSR outstanding shares per outcome. */
  q: number[];
  /** Logits (q/b) the walk reverts to. */
  anchor: number[];
  /** LMSR liquidity parameter. */
  b: number;
  /** Simulated trades per simulated second. */
  tradeRate: number;
  volume: number;
  createdAt: number;
  closesAt: number;
  settlesAt: number;
  resolvesAt: number;
  status: WireMarketStatus;
  /** Index into outcomes once resolved. */
  resolvedIndex?: number;
  updatedAt: number;
}

export interface SimEvent {
  id: string;
  title: string;
  category: string;
  visibility: Visibility;
  marketIds: string[];
}

export interface SimWorld {
  markets: SimMarket[];
  events: SimEvent[];
}
