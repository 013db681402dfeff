/** The interface's capabilities, in a module light enough for the store and the UI to import. */
import { LIMIT_MAX, OFFSET_MAX, SORTS, STATUS_FILTERS } from '../api/wire.js';
import type { MarketQuery } from '../api/types.js';
import type { SourceCaps } from './types.js';

/**
 * Closing soon lists what closes within this long (`src/ui/views/closing.tsx`); a source whose route takes a close
 * window (Kalshi's `max_close_ts`) asks for this one, so the answer's rows are all the view's.
 */
export const CLOSING_HORIZON_MS = 24 * 3_600_000;

/** Closing soon on the interface: the active markets that close first, as many as one request may carry. */
export const CLOSING_QUERY: MarketQuery = { status: 'active', sort: 'closing', limit: LIMIT_MAX };

export const PUBLIC_CAPS: SourceCaps = {
  statuses: STATUS_FILTERS,
  sorts: SORTS,
  categoryWord: 'category',
  events: true,
  search: true,
  batch: 1,
  quotes: true,
  maxLimit: LIMIT_MAX,
  maxOffset: OFFSET_MAX,
};
