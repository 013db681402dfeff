/**
 * The selected market's order book is optional: the list and the detail are what the screen is for. A book that fails
 * (404, 5xx, a bad body, no answer) pauses nothing and leaves the connection's state alone, like a decoration
 * (decoration.ts): that market's book is asked again on the decoration schedule — 30 s, 1 min, 2 min, 4 min, then
 * every 5 min; from the third 404 in a row every 20 min — remembered per market, so the book's retries never take
 * the slots of the list, the detail or the events (issue: 214 × /book 500 in 11 minutes).
 */
import { decorationDelay } from './decoration.js';

const CAP = 64;

interface Failing {
  failures: number;
  gone404s: number;
  /** Not asked again before this. */
  until: number;
}

export class BookBackoff {
  private readonly failing = new Map<string, Failing>();

  constructor(private readonly random: () => number) {}

  /** A book of this market failed for a reason of its own: returns when it may be asked again. */
  failed(marketId: string, status: number | undefined, now: number): number {
    const f = this.failing.get(marketId) ?? { failures: 0, gone404s: 0, until: now };
    f.failures++;
    f.gone404s = status === 404 ? f.gone404s + 1 : 0;
    f.until = now + decorationDelay(f.failures, f.gone404s, this.random);
    this.failing.delete(marketId);
    this.failing.set(marketId, f);
    if (this.failing.size > CAP) this.failing.delete(this.failing.keys().next().value!);
    return f.until;
  }

  /** Its book arrived: a later failure starts the schedule over. */
  loaded(marketId: string): void {
    this.failing.delete(marketId);
  }

  /** The wall clock was set back by -by (clockStep.ts). */
  shift(by: number): void {
    for (const f of this.failing.values()) f.until += by;
  }

  /** When this market's book may be asked for again (−∞: whenever its turn comes). */
  retryAt(marketId: string): number {
    return this.failing.get(marketId)?.until ?? Number.NEGATIVE_INFINITY;
  }
}
