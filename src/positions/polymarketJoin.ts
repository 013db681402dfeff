/**
 * The Data API names a position's market by its `conditionId`; the board names Polymarket markets by Gamma `id`. So
 * that a position joins its market on the board (its price the dashboard refreshes, `w`, the detail, paper and real on
 * the same market, resolution), the reader re-keys each position by the Gamma id: from the markets the Polymarket
 * client has already read (free), else Gamma's documented `condition_ids` filter — one request a reading for the
 * conditionIds not met before, at most MAX_MARKETS_PAGE of them (the rest at the next reading), through the same
 * `send` as the reading (the venue's budget, the positions' slow cadence). What is resolved is kept for the reader's
 * life (a market's two ids never change); a conditionId Gamma does not answer is asked again RETRY_READINGS readings
 * later. A refused or failed lookup leaves the positions keyed by conditionId, valued at the Data API's own figures,
 * as before: never the reading's failure. docs/sources.md § Positions join.
 */
import { isApiError } from '../api/errors.js';
import { BudgetSpent } from '../ledger/wait.js';
import { MAX_MARKETS_PAGE } from '../sources/polymarket/query.js';
import type { Send } from './readers.js';
import type { Position } from './types.js';

/** A conditionId Gamma did not answer is asked again after this many readings (an hour at the 5-minute cadence). */
export const RETRY_READINGS = 12;

export class ConditionJoin {
  private readonly ids = new Map<string, string>();
  /** conditionId → the reading it was last not found at. */
  private readonly misses = new Map<string, number>();
  private readings = 0;

  /** The positions with their market's Gamma id where it is known or can be learnt now. */
  async join(positions: readonly Position[], send: Send): Promise<Position[]> {
    const reading = ++this.readings;
    const ask = [
      ...new Set(
        positions
          .map((p) => p.ref.id)
          .filter((c) => !this.ids.has(c) && reading - (this.misses.get(c) ?? -RETRY_READINGS) >= RETRY_READINGS),
      ),
    ].slice(0, MAX_MARKETS_PAGE);
    if (ask.length > 0) {
      try {
        const got = await send((c, o) =>
          c.marketIdsByCondition
            ? c.marketIdsByCondition(ask, o)
            : Promise.resolve({ data: new Map<string, string>() as ReadonlyMap<string, string>, status: 200 }),
        );
        for (const c of ask) {
          const id = got.get(c);
          if (id !== undefined) this.ids.set(c, id);
          else this.misses.set(c, reading);
        }
      } catch (e) {
        // Gamma refused or failed (or --no-wait found the budget spent): keyed by conditionId this time
        if (!isApiError(e) && !(e instanceof BudgetSpent)) throw e;
      }
    }
    return positions.map((p) => {
      const id = this.ids.get(p.ref.id);
      return id === undefined ? p : { ...p, ref: { venue: 'polymarket', id } };
    });
  }
}
