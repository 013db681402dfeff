/**
 * Across (issue #29, docs/pairs.md § The dashboard): every confirmed pair on the board's venues, then the candidates of
 * the market `P` asked about — `same` ones first, marked unconfirmed. A row: both legs' venues, the title, the
 * relation and confidence, both prices (a complement's second leg flipped and labelled NO), the gap in points (¢ of a
 * 1-unit payout), the gap after fees for the stated size and the depth both books fill, or why no edge is shown. Under
 * the list, the reasons of the row under the cursor. Money is never summed across currencies: each leg's currency is
 * named.
 */
import { Box } from 'ink';
import { acrossRowsMemo, ACROSS_SIZE, type AcrossRow } from '../../venues/across/rows.js';
import type { Gap } from '../../pairs/gap.js';
import { sanitize } from '../../util/sanitize.js';
import { formatClock, formatPrice } from '../format.js';
import { Line, paneTitle, type Seg } from '../components/Line.js';
import { highlightRow } from '../components/MarketRow.js';
import { markerSeg, rangeText } from '../components/rowParts.js';
import { rowMark } from '../components/venueMark.js';
import type { ViewImpl, ViewListProps, ViewState } from './types.js';
import { RulesPane } from './acrossRules.js';
import { onShownVenue, onVenueWords } from './state.js';

const venuesOf = (st: ViewState) => (st.venues ?? []).map((v) => v.id);
/** The pairs on the board; on a board narrowed to one venue (`v`), those with a leg on it. */
export function rowsOf(st: ViewState): AcrossRow[] {
  const all = acrossRowsMemo(st.across, st.markets, venuesOf(st));
  return st.venueFilter === undefined ? all : all.filter((r) => onShownVenue(st, r.a) || onShownVenue(st, r.b));
}

export const acrossView: ViewImpl = {
  id: 'across',
  title: 'Across',
  short: 'Across',
  source: 'markets',
  filters: false,
  rows: (st) => ({ kind: 'markets', ids: rowsOf(st).map((r) => r.id) }),
  List: AcrossList,
};

const cents = (x: number) => `${x >= 0 ? '' : '−'}${Math.abs(x).toFixed(1)}¢`;

/** Both prices, the gap, after fees and depth — or why there is no edge. */
export function gapSegs(g: Gap | undefined): Seg[] {
  if (!g) return [{ text: ' loading both legs…', dim: true }];
  const leg = (l: Gap['a']) =>
    `${l.side === 'YES' ? '' : 'NO↺ '}${formatPrice(l.price)}${l.currency ? ` ${l.currency}` : ''}`;
  const segs: Seg[] = [{ text: ` ${leg(g.a)} · ${leg(g.b)}` }];
  segs.push({ text: g.cents === undefined ? ' · gap —' : ` · gap ${cents(g.cents)}`, bold: true });
  if (g.afterFees)
    segs.push(
      {
        text: ` · after fees ${cents(g.afterFees.cents)}/${ACROSS_SIZE}`,
        color: g.afterFees.cents > 0 ? 'green' : 'red',
      },
      { text: ` · depth ${Math.floor(g.fillable ?? 0)}`, priority: -1 },
    );
  else segs.push({ text: ` · no edge: ${g.noEdge[0] ?? 'unknown'}`, color: 'yellow', priority: -1 });
  const close = (t: number | undefined) => (t === undefined ? '—' : formatClock(t).slice(0, 5));
  segs.push({ text: ` · closes ${close(g.a.closesAt)} / ${close(g.b.closesAt)}`, dim: true, priority: -2 });
  return segs;
}

function rowSegs(r: AcrossRow, p: ViewListProps, selected: boolean): Seg[] {
  const title = sanitize(p.markets[r.a]?.market.title ?? r.a);
  const rel = r.confirmed ? `✓ ${r.comparison.relation}` : `? ${r.comparison.relation} (unconfirmed)`;
  // a related pair the person confirmed that differs only in an edge case is priced as what it would be (gap.ts)
  const priced = r.confirmed && r.comparison.edge ? ` as ${r.comparison.edge.would}` : '';
  return [
    markerSeg(selected),
    ...rowMark(r.a),
    ...rowMark(r.b),
    { text: `${rel}${priced} ${Math.round(r.comparison.confidence * 100)}% `, color: r.confirmed ? 'green' : 'yellow' },
    ...gapSegs(r.gap),
    { text: `  ${title}`, dim: true, priority: -3 },
  ];
}

function AcrossList(p: ViewListProps) {
  const rows = rowsOf(p.state);
  const t = p.state.across?.target;
  const room = Math.max(0, Math.min(p.visible, p.height - 4));
  const shown = rows.slice(p.top, p.top + room);
  const cur = rows[p.cursor];
  const open = p.state.across?.rules;
  const ruled = open === undefined ? undefined : rows.find((r) => r.id === open);
  if (ruled)
    return <RulesPane row={ruled} markets={p.markets} width={p.width} height={p.height} top={0} focused={p.focused} />;
  const searching = t && t.waiting.length > 0 ? ` · searching ${t.waiting.join(', ')}…` : '';
  const about = t ? ` · candidates of ${sanitize(p.markets[t.id]?.market.title ?? t.id)}` : '';
  const title: Seg[] = [
    paneTitle('Across', p.focused),
    { text: rangeText(rows.length, p.top, shown.length), dim: true },
    { text: searching, color: 'yellow' },
    { text: about, dim: true, priority: -1 },
  ];
  const why = cur
    ? [...cur.comparison.reasons, ...(cur.gap?.noEdge.length ? [`no edge: ${cur.gap.noEdge.join('; ')}`] : [])]
    : [];
  const notes = cur?.gap?.notes ?? [];
  const noted = notes.length ? ` (${notes.join('; ')})` : '';
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      <Line width={p.width} segs={title} />
      {rows.length === 0 ? (
        <Line
          width={p.width}
          segs={[
            {
              text: p.state.across
                ? p.state.venueFilter !== undefined
                  ? `  No pair with a leg${onVenueWords(p.state)}: v shows every venue's.`
                  : '  No pairs yet: P on a market lists its candidates on the other venues.'
                : '  Pairs need several venues: start with --source kalshi,polymarket (or all).',
              dim: true,
            },
          ]}
        />
      ) : (
        shown.map((r, i) => {
          const selected = p.top + i === p.cursor;
          return <Line key={r.id} width={p.width} segs={highlightRow(rowSegs(r, p, selected), selected, p.focused)} />;
        })
      )}
      <Line width={p.width} segs={[{ text: `  why: ${sanitize(why.join(' · ')) || '—'}`, dim: true }]} />
      <Line
        width={p.width}
        segs={[
          {
            text: `  y confirm · n reject · ⏎ rules · gap in ¢ of a 1-unit payout · fees for ${ACROSS_SIZE}${noted}`,
            dim: true,
          },
        ]}
      />
      {t?.problems.slice(0, 1).map((x) => (
        <Line key={x} width={p.width} segs={[{ text: `  ${sanitize(x)}`, color: 'yellow' }]} />
      ))}
    </Box>
  );
}
