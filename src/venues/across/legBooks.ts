/**
 * The YES books of pairs' legs the desk holds (`AcrossState.books`, docs/pairs.md § The dashboard), loaded by the
 * confirmed pairs' refresh (pairRefresh.ts). Bounded: a leg no pair holds any more — no confirmed pair on the board's
 * venues, no candidate pair shown — has its book let go (a rejected pair's legs kept theirs for the whole session).
 * One record changed in place: a book loaded sets its entry and hands the store a new state (what the board compares,
 * src/venues/joined.ts), not a copy of every book held.
 */
import type { OrderBook } from '../../api/types.js';
import type { AcrossState } from '../../pairs/board.js';
import { refKey } from '../../venue/ref.js';

export class LegBooks {
  readonly held: Record<string, OrderBook> = {};

  constructor(private readonly publish: (books: Readonly<Record<string, OrderBook>>) => void) {}

  has(id: string): boolean {
    return Object.hasOwn(this.held, id);
  }

  loaded(id: string, book: OrderBook): void {
    this.held[id] = book;
    this.publish(this.held);
  }

  /** Lets go of the books of legs not in `legs` (legsShown); the state changes only when one went. */
  keepOnly(legs: ReadonlySet<string>): void {
    let gone = false;
    for (const id of Object.keys(this.held))
      if (!legs.has(id)) {
        delete this.held[id];
        gone = true;
      }
    if (gone) this.publish(this.held);
  }
}

/**
 * The legs whose books are kept: both legs of each confirmed pair on the board's venues, the market asked about and its
 * candidates, the sweep's pairs (the rows of the Across view, src/venues/across/rows.ts).
 */
export function legsShown(st: AcrossState, onBoard: ReadonlySet<string>): Set<string> {
  const legs = new Set<string>();
  for (const c of st.decisions.confirmed.values())
    if (onBoard.has(c.a.venue) && onBoard.has(c.b.venue)) legs.add(refKey(c.a)).add(refKey(c.b));
  if (st.target) for (const id of [st.target.id, ...st.target.candidates.map((c) => c.id)]) legs.add(id);
  for (const p of st.sweep ?? []) legs.add(p.a).add(p.b);
  return legs;
}
