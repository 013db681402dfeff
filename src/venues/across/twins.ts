/**
 * A market in a confirmed pair shows its twin's price beside its own (issue #29): in the list row (`⇄P 68.5¢`) and
 * in the detail pane (a line naming the twin's venue, price, currency and the relation). A complement's twin is
 * priced flipped and labelled (`NO↺`: 1 − its YES, the price of the same outcome as this market's YES).
 */
import type { Market } from '../../api/types.js';
import type { AcrossState } from '../../pairs/board.js';
import type { Confirmed } from '../../pairs/decisions.js';
import { compare } from '../../pairs/compare.js';
import { CURRENCY } from '../../pairs/gap.js';
import { signature } from '../../pairs/signature.js';
import type { Signature } from '../../pairs/types.js';
import type { MarketEntry } from '../../store/types.js';
import { refKey } from '../../venue/ref.js';
import { bare } from './desk.js';

export interface Twin {
  id: string;
  venue: string;
  relation: 'same' | 'complement';
  /** The price compared with this market's YES (a complement's flipped), when known. */
  price?: number;
  flipped: boolean;
  currency?: string;
  /**
   * A pair the person confirmed although its rules differ (compared now, it is related: a postponed game settled
   * differently): the first difference, so that the pair is not said to be the same question.
   */
  differs?: string;
}

const yes = (e: MarketEntry | undefined): number | undefined => {
  const p = e?.market.outcomes[0]?.price;
  return p !== undefined && Number.isFinite(p) && p >= 0 && p <= 1 ? p : undefined;
};

/**
 * The pair's comparison made once per pair of readings: a leg's answer that moves its price only is the same reading
 * (signature.ts), so nothing is compared again for it.
 */
const compared = new WeakMap<Signature, WeakMap<Signature, string | null>>();
function differenceOf(ma: Market, mb: Market): string | undefined {
  const [a, b] = [signature(bare(ma)), signature(bare(mb))];
  let inner = compared.get(a);
  if (!inner) compared.set(a, (inner = new WeakMap()));
  let d = inner.get(b);
  if (d === undefined) {
    const c = compare(a, b);
    d = c.relation !== 'same' && c.relation !== 'complement' ? (c.reasons[0] ?? null) : null;
    inner.set(b, d);
  }
  return d ?? undefined;
}

/** A pair's two twins as last built, with the two entries they were built from. */
interface Built {
  ea: MarketEntry | undefined;
  eb: MarketEntry | undefined;
  ta: Twin;
  tb: Twin;
}
/**
 * Per confirmed pair (decisions.ts replaces the object when the pair changes): its twins are built again only when one
 * of its legs' entries changed, not for every pair on every answer (2,000 objects at 1,000 pairs, benchmarks.md
 * § Stop 30).
 */
const builtOf = new WeakMap<Confirmed, Built>();

function pairTwins(c: Confirmed, a: string, b: string, markets: Readonly<Record<string, MarketEntry>>): Built {
  const [ea, eb] = [markets[a], markets[b]];
  const kept = builtOf.get(c);
  if (kept && kept.ea === ea && kept.eb === eb) return kept;
  const flipped = c.relation === 'complement';
  const differs = ea && eb ? differenceOf(ea.market, eb.market) : undefined;
  const twin = (ref: typeof c.a, e: MarketEntry | undefined, id: string): Twin => {
    const p = yes(e);
    const currency = CURRENCY[ref.venue];
    return {
      id,
      venue: ref.venue,
      relation: c.relation,
      flipped,
      ...(p !== undefined ? { price: flipped ? 1 - p : p } : {}),
      ...(currency ? { currency } : {}),
      ...(differs ? { differs } : {}),
    };
  };
  const built = { ea, eb, ta: twin(c.b, eb, b), tb: twin(c.a, ea, a) };
  builtOf.set(c, built);
  return built;
}

function build(across: AcrossState | undefined, markets: Readonly<Record<string, MarketEntry>>): Record<string, Twin> {
  const out: Record<string, Twin> = {};
  if (!across) return out;
  for (const c of across.decisions.confirmed.values()) {
    const [a, b] = [refKey(c.a), refKey(c.b)];
    if (!markets[a] && !markets[b]) continue;
    const { ta, tb } = pairTwins(c, a, b, markets);
    out[a] ??= ta;
    out[b] ??= tb;
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
