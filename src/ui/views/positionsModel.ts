/**
 * What the Positions view lists (issue #28): the person's real positions as each venue last read them
 * (src/sync/positions.ts), then their paper positions (src/positions/paper.ts) — each marked real or paper, keyed as
 * the store keys its market (`venue:id` on a board of several), valued at the price the dashboard already refreshes
 * when the board has the market (else the reader's own), with totals per venue in the venue's currency (never added
 * across currencies) and a line per venue whose reading failed or has not come yet.
 */
import { formatAmount } from '../../positions/format.js';
import { paperRow } from '../../positions/paper.js';
import { coverageNote, soldOut, totalsByCurrency } from '../../positions/pnl.js';
import { onBoard } from '../../positions/settle.js';
import type { Position } from '../../positions/types.js';
import { SOURCE_NAMES, VENUE_LETTERS } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import { paperHere, paperMarketId } from '../../store/paperSlice.js';
import type { RealPositions } from '../../store/positionsSlice.js';
import type { AppState, MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import type { ViewState } from './types.js';
import { G } from '../glyphs.js';

type Here = Pick<ViewState, 'paper' | 'real' | 'mode' | 'prefixed' | 'venueFilter'>;

/** The store's form of a view state (paperSlice.ts reads the mode from `rate`). */
const idForm = (st: Here) => ({
  rate: { mode: st.mode } as AppState['rate'],
  paper: st.paper,
  ...(st.prefixed ? { prefixed: true as const } : {}),
  ...(st.venueFilter ? { venueFilter: st.venueFilter } : {}),
});

export interface Held {
  /** The market as the store keys it (the row's id). */
  id: string;
  pos: Position;
  real: boolean;
}

/** The venues' readings shown (the narrowed venue's on a board of several). */
export function realShown(st: Pick<Here, 'real' | 'venueFilter'>): readonly RealPositions[] {
  return st.venueFilter ? st.real.filter((r) => r.venue === st.venueFilter) : st.real;
}

/** A real position valued at the board's copy of its market when there is one (src/positions/settle.ts). */
export { onBoard };

/** Every position shown: the real ones first (venue by venue), then the paper ones (sold out ones too: paperRow). */
export function heldPositions(st: Here, markets: Readonly<Record<string, MarketEntry>> | undefined): Held[] {
  const form = idForm(st);
  const out: Held[] = [];
  for (const r of realShown(st))
    for (const pos of r.data?.positions ?? []) {
      const id = paperMarketId(pos.ref, form);
      out.push({ id, pos: onBoard(pos, markets?.[id]?.market), real: true });
    }
  for (const pp of paperHere(form)) {
    const id = paperMarketId(pp.ref, form);
    out.push({ id, pos: paperRow(pp, markets?.[id]?.market), real: false });
  }
  return out;
}

/** One row per market, in the order above. */
export function positionRowIds(st: Here): string[] {
  return [...new Set(heldPositions(st, undefined).map((h) => h.id))];
}

/**
 * Totals per venue, each in its currency: "K USD value $1.00 · P&L +$0.10" (real and paper together), and what sales
 * realized when there is any ("· realized −$0.40"), apart from the P&L of what is held.
 */
export function venueTotals(held: readonly Held[]): string[] {
  const venues: SourceId[] = [...new Set(held.map((h) => h.pos.ref.venue))];
  return venues.flatMap((v) =>
    totalsByCurrency(held.filter((h) => h.pos.ref.venue === v).map((h) => h.pos)).map(
      (t) =>
        `${VENUE_LETTERS[v]} ${t.currency} value ${formatAmount(t.value ?? undefined, t.currency)} ${G.dot} ` +
        `P&L ${formatAmount(t.pnl ?? undefined, t.currency, true)}${coverageNote(t)}` +
        (t.realized !== 0 ? ` ${G.dot} realized ${formatAmount(t.realized, t.currency, true)}` : ''),
    ),
  );
}

/** What each venue's reading says when it is not simply done: failed (why), on its way, or not yet. */
export function readingNotes(st: Pick<Here, 'real' | 'venueFilter'>): string[] {
  return realShown(st).flatMap((r) => {
    const name = SOURCE_NAMES[r.venue];
    if (r.error) {
      const status = r.error.status !== undefined ? ` (HTTP ${r.error.status})` : '';
      return [`${name} positions unavailable${status}: ${sanitize(r.error.message)}`];
    }
    if (r.data === undefined) return [`${name} positions: ${r.reading ? `reading${G.ell}` : 'not read yet'}`];
    return r.data.more ? [`${name}: more positions than were read`] : [];
  });
}

/**
 * What a row says of its state: nothing while open, "awaiting" settlement once closed, "paid" once resolved; a paper
 * position sold out says "sold" whatever its market did.
 */
const STATE_TEXT: Record<Position['state'], string> = {
  open: '',
  closed: 'awaiting',
  resolved: 'paid',
  redeemable: 'redeem',
};

/**
 * A row's state words ('' while open); "oversold" before the others when a paper sale took more than was held (the
 * same shares sold in two dashboards on one home): the rest of it was booked as nothing, which the figures alone hide
 * — and the row still says whether anything is held (`oversold sold`; it read `oversold` alone). `short`: `ovr sold`.
 */
export function stateText(p: Position, short = false): string {
  const word = soldOut(p) ? 'sold' : STATE_TEXT[p.state];
  if (!((p.oversold ?? 0) > 0)) return word;
  const mark = short ? 'ovr' : 'oversold';
  return word ? `${mark} ${word}` : mark;
}

/** A word that asks to be seen: a closed market's (not a sold row's whose market closed since), an oversold one. */
export const warns = (p: Position): boolean => (p.oversold ?? 0) > 0 || (p.state === 'closed' && !soldOut(p));
