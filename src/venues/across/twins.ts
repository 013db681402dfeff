/**
 * A market in a confirmed pair shows its twin's price beside its own (issue #29): in the list row (`⇄P 68.5¢`) and
 * in the detail pane (a line naming the twin's venue, price, currency and the relation). A complement's twin is
 * priced flipped and labelled (`NO↺`: 1 − its YES, the price of the same outcome as this market's YES).
 */
import type { AcrossState } from '../../pairs/board.js';
import { CURRENCY } from '../../pairs/gap.js';
import type { MarketEntry } from '../../store/types.js';
import { refKey } from '../../venue/ref.js';

export interface Twin {
  id: string;
  venue: string;
  relation: 'same' | 'complement';
  /** The price compared with this market's YES (a complement's flipped), when known. */
  price?: number;
  flipped: boolean;
  currency?: string;
}

const yes = (e: MarketEntry | undefined): number | undefined => {
  const p = e?.market.outcomes[0]?.price;
  return p !== undefined && Number.isFinite(p) && p >= 0 && p <= 1 ? p : undefined;
};

function build(across: AcrossState | undefined, markets: Readonly<Record<string, MarketEntry>>): Record<string, Twin> {
  const out: Record<string, Twin> = {};
  if (!across) return out;
  for (const c of across.decisions.confirmed.values()) {
    const [a, b] = [refKey(c.a), refKey(c.b)];
    if (!markets[a] && !markets[b]) continue;
    const flipped = c.relation === 'complement';
    const twin = (ref: typeof c.a, id: string): Twin => {
      const p = yes(markets[id]);
      const currency = CURRENCY[ref.venue];
      return {
        id,
        venue: ref.venue,
        relation: c.relation,
        flipped,
        ...(p !== undefined ? { price: flipped ? 1 - p : p } : {}),
        ...(currency ? { currency } : {}),
      };
    };
    out[a] ??= twin(c.b, b);
    out[b] ??= twin(c.a, a);
  }
  return out;
}

let last: { across: unknown; markets: unknown; out: Record<string, Twin> } | undefined;
/** Every board market's twin, memoized on the desk's state and the board's markets. */
export function twinsOf(
  across: AcrossState | undefined,
  markets: Readonly<Record<string, MarketEntry>>,
): Readonly<Record<string, Twin>> {
  if (last && last.across === across && last.markets === markets) return last.out;
  last = { across, markets, out: build(across, markets) };
  return last.out;
}
