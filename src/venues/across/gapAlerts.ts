/**
 * The `gap` alert (issue #29): a confirmed pair's gap after fees, for the Across view's stated size (`ACROSS_SIZE`),
 * above N¢. A pair spans two venues, so no venue's store can judge it alone: this watches the joined board and hands
 * each venue's store the verdicts of its gap rules (the rule lives with its first leg's venue, as every alert lives
 * with its market's), which fire through the store's one firing rule (once per crossing, a cooldown, the log).
 *
 * The figure is the Across row's own (src/venues/across/rows.ts, src/pairs/gap.ts): where the view shows "no edge" (a
 * fee, a book, a rule or a price unknown, not the same contract) or the pair is not a confirmed row on the board, the
 * verdict is unknown — nothing fires, nothing re-arms. Never a figure from missing data.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ExternalVerdicts, Verdict } from '../../store/alerts.js';
import type { OddsStore } from '../../store/store.js';
import { quoted } from '../../store/transitions.js';
import type { AppState, MarketEntry } from '../../store/types.js';
import type { AlertRule } from '../../store/watchTypes.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import { acrossRowsMemo, type AcrossRow } from './rows.js';
import type { Gap } from '../../pairs/gap.js';
import { G } from '../../util/glyphs.js';

const c1 = (x: number) => `${x < 0 ? G.minus : ''}${Math.abs(x).toFixed(1)}${G.cent}`;

/** The confirmed row of the rule's pair (either order of the legs). */
export function rowOf(rule: AlertRule, rows: readonly AcrossRow[]): AcrossRow | undefined {
  const [a, b] = [rule.marketId, rule.pairId];
  return rows.find((r) => r.confirmed && ((r.a === a && r.b === b) || (r.a === b && r.b === a)));
}

/** One leg in words: `Kalshi “Fed holds” YES 41.0¢`. */
function legText(l: Gap['a'], id: string, markets: Readonly<Record<string, MarketEntry>>): string {
  const title = quoted(markets[id]?.market.title ?? l.id);
  const price = l.price === undefined ? G.dash : c1(l.price * 100);
  return `${SOURCE_NAMES[l.venue as SourceId] ?? l.venue} ${title} ${l.side} ${price}`;
}

/** What a gap rule makes of its pair's row: unknown (undefined) unless the row has a gap after fees. */
export function gapVerdict(
  rule: AlertRule,
  row: AcrossRow | undefined,
  markets: Readonly<Record<string, MarketEntry>>,
): Verdict | undefined {
  const g = row?.gap;
  const af = g?.afterFees;
  if (!row || !g || !af || g.noEdge.length > 0 || rule.cents === undefined) return undefined;
  const fill = af.contracts < g.size ? ` (the books fill ${af.contracts})` : '';
  return {
    holds: af.cents > rule.cents,
    fired: {
      pairId: row.b === rule.marketId ? row.a : row.b,
      gapCents: af.cents,
      size: g.size,
      title: markets[rule.marketId]?.market.title ?? rule.title ?? rule.marketId,
      text:
        `Gap after fees ${c1(af.cents)} for ${g.size} contracts${fill}: ${legText(g.a, row.a, markets)} ${G.dot} ` +
        `${legText(g.b, row.b, markets)} (above ${rule.cents}${G.cent})`,
    },
  };
}

/** Judges every venue's gap rules whenever the board's pairs or the rules change; `stop` ends it. */
export function watchGapAlerts(
  stacks: readonly { store: OddsStore }[],
  joined: StoreApi<AppState>,
  now: () => number,
): { stop(): void } {
  let last: { rows: readonly AcrossRow[]; rules: readonly AlertRule[] } | undefined;
  let busy = false;
  const check = () => {
    const st = joined.getState();
    if (busy || !st.across || !st.alerts.rules.some((r) => r.kind === 'gap')) return;
    const rows = acrossRowsMemo(
      st.across,
      st.markets,
      (st.venues ?? []).map((v) => v.id),
    );
    if (last && last.rows === rows && last.rules === st.alerts.rules) return;
    last = { rows, rules: st.alerts.rules };
    busy = true;
    try {
      for (const s of stacks) {
        const rules = s.store.getState().alerts.rules.filter((r) => r.kind === 'gap');
        if (rules.length === 0) continue;
        const verdicts: Record<string, Verdict | undefined> = {};
        for (const r of rules) verdicts[r.id] = gapVerdict(r, rowOf(r, rows), st.markets);
        s.store.getState().checkAlerts(now(), verdicts as ExternalVerdicts);
      }
    } finally {
      busy = false;
    }
  };
  const unsubscribe = joined.subscribe(check);
  check();
  return { stop: unsubscribe };
}
