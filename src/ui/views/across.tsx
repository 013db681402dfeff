/**
 * Across (issue #29, docs/pairs.md § The dashboard): every confirmed pair on the board's venues, then the candidates of
 * the market `P` asked about — `same` ones first, marked unconfirmed. A row: both legs' venues, the title, the
 * relation and confidence, both prices (a complement's second leg flipped and labelled NO), the gap in points (¢ of a
 * 1-unit payout), the gap after fees for the stated size and the depth both books fill, or why no edge is shown. Under
 * the list, the reasons of the row under the cursor. Money is never summed across currencies: each leg's currency is
 * named.
 */
import { Box } from 'ink';
import { acrossRowsMemo, ACROSS_SIZE, pairKeyOf, type AcrossRow } from '../../venues/across/rows.js';
import { noCandidatesWhy } from '../../pairs/candidates.js';
import { reasonsText } from '../../pairs/compare.js';
import type { Gap } from '../../pairs/gap.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, fitWidth, formatClock, formatPrice, wrap } from '../format.js';
import { keepVisible } from '../uiState.js';
import { fitRow } from './acrossFit.js';
import { Line, paneTitle, type Seg } from '../components/Line.js';
import { highlightRow } from '../components/MarketRow.js';
import { markerSeg, rangeText } from '../components/rowParts.js';
import { rowMark } from '../components/venueMark.js';
import type { ViewImpl, ViewListProps, ViewState } from './types.js';
import { RulesPane } from './acrossRules.js';
import { onShownVenue, onVenueWords } from './state.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import { G } from '../glyphs.js';

/** Venues by name (a venue id the board does not know, as it is). */
const venueNames = (ids: readonly string[]) => ids.map((v) => SOURCE_NAMES[v as SourceId] ?? sanitize(v)).join(', ');
const venuesOf = (st: ViewState) => (st.venues ?? []).map((v) => v.id);
/**
 * The pairs on the board; on a board narrowed to one venue (`v`), those with a leg on it, each row that leg's (the
 * market selected under the cursor: its detail and book polled on the venue shown), one row a pair: a market that is
 * the leg of several (the candidates of the market `P` asked about) heads each, titled by its other leg.
 */
export function rowsOf(st: ViewState): AcrossRow[] {
  const all = acrossRowsMemo(st.across, st.markets, venuesOf(st));
  if (st.venueFilter === undefined) return all;
  const out: AcrossRow[] = [];
  for (const r of all) {
    const id = onShownVenue(st, r.id) ? r.id : onShownVenue(st, r.a) ? r.a : onShownVenue(st, r.b) ? r.b : undefined;
    if (id !== undefined) out.push(id === r.id ? r : { ...r, id });
  }
  const legOf = new Map<string, number>();
  for (const r of out) legOf.set(r.id, (legOf.get(r.id) ?? 0) + 1);
  return out.map((r) => ((legOf.get(r.id) ?? 0) > 1 ? { ...r, titleId: r.a === r.id ? r.b : r.a } : r));
}

export const acrossView: ViewImpl = {
  id: 'across',
  title: 'Across',
  short: 'Across',
  source: 'markets',
  filters: false,
  rows: (st) => {
    const rows = rowsOf(st);
    return { kind: 'markets', ids: rows.map((r) => r.id), keys: rows.map(pairKeyOf) };
  },
  List: AcrossList,
};

const cents = (x: number) => `${x >= 0 ? '' : G.minus}${Math.abs(x).toFixed(1)}${G.cent}`;

/**
 * When a leg closes, its local date and time (`07-23 18:40`): two legs of a pair may close days or months apart, and a
 * time alone read as today's.
 */
export function closeText(t: number): string {
  const d = new Date(t);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${formatClock(t).slice(0, 5)}`;
}

/**
 * A row's figures: both prices, the gap, after fees and depth (kept whole), and the same without the legs' currencies
 * and the size (for a narrow row: acrossFit.ts); the first reason there is no edge; when both legs close.
 */
export function gapParts(g: Gap | undefined): {
  segs: Seg[];
  compact: Seg[];
  tight?: Seg[];
  narrow?: Seg[];
  reason?: string;
  closes?: Seg;
} {
  if (!g)
    return {
      segs: [{ text: ` loading both legs${G.ell}`, dim: true }],
      compact: [{ text: ` loading${G.ell}`, dim: true }],
    };
  const figures = (currency: boolean): Seg[] => {
    const leg = (l: Gap['a']) =>
      (l.side === 'YES' ? '' : `NO${G.flipped} `) +
      `${formatPrice(l.price)}${currency && l.currency ? ` ${l.currency}` : ''}`;
    const segs: Seg[] = [{ text: ` ${leg(g.a)} ${G.dot} ${leg(g.b)}` }];
    segs.push({
      text: g.cents === undefined ? ` ${G.dot} gap ${G.dash}` : ` ${G.dot} gap ${cents(g.cents)}`,
      bold: true,
    });
    if (g.afterFees)
      segs.push(
        {
          text: ` ${G.dot} after fees ${cents(g.afterFees.cents)}${currency ? `/${ACROSS_SIZE}` : ''}`,
          color: g.afterFees.cents > 0 ? 'green' : 'red',
        },
        { text: ` ${G.dot} depth ${Math.floor(g.fillable ?? 0)}` },
      );
    return segs;
  };
  const close = (t: number | undefined) => (t === undefined ? G.dash : closeText(t));
  const compact = figures(false);
  return {
    segs: figures(true),
    compact,
    // a priced pair's narrowest: its depth left out (the gap after fees says what matters)
    ...(g.afterFees ? { tight: compact.slice(0, -1) } : {}),
    // its narrowest (40 columns): both prices and the gap after fees, the gap itself left out
    ...(g.afterFees ? { narrow: [compact[0]!, compact[2]!] } : {}),
    ...(g.afterFees ? {} : { reason: g.noEdge[0] ?? 'unknown' }),
    closes: { text: ` ${G.dot} closes ${close(g.a.closesAt)} / ${close(g.b.closesAt)}`, dim: true },
  };
}

/**
 * The relation; unconfirmed is said in words where the row has room (the `?` says it too). Shorter, for the narrowest
 * rows: without its confidence, then the mark alone (`✓ `, `? `).
 */
function relTexts(r: AcrossRow, width: number): [string, string, string] {
  const words = width >= 100 ? ' (unconfirmed)' : '';
  const rel = r.confirmed ? `${G.ok} ${r.comparison.relation}` : `? ${r.comparison.relation}${words}`;
  // a related pair the person confirmed that differs only in an edge case is priced as what it would be (gap.ts)
  const priced = r.confirmed && r.comparison.edge ? ` as ${r.comparison.edge.would}` : '';
  return [
    `${rel}${priced} ${Math.round(r.comparison.confidence * 100)}% `,
    `${rel}${priced} `,
    r.confirmed ? `${G.ok} ` : '? ',
  ];
}

/**
 * The words every title begins with, where there are several titles and each has words left after them ("Will there
 * be no change in Fed interest rates after the" of a series): a row then shows `…` and what tells it apart.
 */
export function sharedLead(titles: readonly string[]): string {
  if (titles.length < 2) return '';
  const words = titles.map((t) => t.split(' '));
  let n = 0;
  while (words.every((w) => w.length > n + 1 && w[n] === words[0]![n])) n++;
  return n === 0 ? '' : `${words[0]!.slice(0, n).join(' ')} `;
}

/** `text` wrapped to `width` cells in at most `lines` lines, the last cut with `…` where more is left. */
function wrapCut(text: string, width: number, lines: number): string[] {
  const all = wrap(sanitize(text), Math.max(1, width));
  if (all.length <= lines) return all;
  const kept = all.slice(0, lines);
  kept[lines - 1] = fitWidth(`${kept[lines - 1]!} ${all[lines]!}`, width);
  return kept;
}

const titleOf = (r: AcrossRow, p: Pick<ViewListProps, 'markets'>) => {
  const id = r.titleId ?? r.id;
  return sanitize(p.markets[id]?.market.title ?? id);
};

/**
 * A row: its title is its own market's (a candidate's, not the market asked about's), less the words all the rows'
 * titles begin with (`lead`), so the candidates are told apart however short the cut.
 */
export function rowSegs(
  r: AcrossRow,
  p: Pick<ViewListProps, 'markets' | 'width'>,
  selected: boolean,
  lead = '',
): Seg[] {
  const own = titleOf(r, p);
  const cut = lead !== '' && own.startsWith(lead) ? `${G.ell}${own.slice(lead.length)}` : own;
  // titled by the other leg (one market heading several rows): said by the pair's mark
  const shown = r.titleId === undefined ? cut : `${G.pair} ${cut}`;
  const g = gapParts(r.gap);
  const [head, ...heads] = relTexts(r, p.width).map((text): Seg[] => [
    markerSeg(selected),
    ...rowMark(r.a),
    ...rowMark(r.b),
    { text, color: r.confirmed ? 'green' : 'yellow' },
  ]);
  const title: Seg = { text: `  ${shown}`, dim: true };
  const reason = g.reason === undefined ? {} : { reason: g.reason };
  const tight = g.tight ? { tight: g.tight } : {};
  const narrow = g.narrow ? { narrow: g.narrow } : {};
  const parts = { head: head!, heads, figures: g.segs, compact: g.compact, ...tight, ...narrow, ...reason, title };
  return fitRow({ ...parts, closes: g.closes }, p.width);
}

function AcrossList(p: ViewListProps) {
  const rows = rowsOf(p.state);
  const t = p.state.across?.target;
  const cur = rows[p.cursor];
  // under the list: why there is no edge or what the figure assumes, then the row's reasons, each wrapped (2 lines
  // each where the pane is tall)
  const each = p.height >= 12 ? 2 : 1;
  // nothing listed: nothing under it either (no "why: —", no keys that act on a row)
  const under = !cur
    ? []
    : [
        ...(cur?.gap?.noEdge.length ? wrapCut(`no edge: ${cur.gap.noEdge.join('; ')}`, p.width - 2, each) : []).map(
          (text): Seg => ({ text: `  ${text}`, color: 'yellow' }),
        ),
        ...(cur?.gap?.notes.length ? wrapCut(`assumes: ${cur.gap.notes.join('; ')}`, p.width - 2, each) : []).map(
          (text): Seg => ({ text: `  ${text}` }),
        ),
        ...wrapCut(
          `why: ${sanitize(reasonsText(cur?.comparison.reasons ?? [], ` ${G.dot} `)) || G.dash}`,
          p.width - 2,
          each,
        ).map((text): Seg => ({ text: `  ${text}`, dim: true })),
      ];
  const room = Math.max(1, Math.min(p.visible, p.height - 3 - under.length));
  // the cursor's row is drawn even where the board's page is taller than the rows this pane has room for
  const top = keepVisible(p.top, p.cursor, room, rows.length);
  const shown = rows.slice(top, top + room);
  const lead = sharedLead(rows.map((r) => titleOf(r, p)));
  const open = p.state.across?.rules;
  // opened on a pair (its key), kept on it while `v` makes the row the pair's other leg
  const ruled = open === undefined ? undefined : rows.find((r) => pairKeyOf(r) === open);
  if (ruled)
    return <RulesPane row={ruled} markets={p.markets} width={p.width} height={p.height} top={0} focused={p.focused} />;
  // the venues by name, as the line under it says them (it read 'searching polymarket…', the id)
  const searching = t && t.waiting.length > 0 ? ` ${G.dot} searching ${venueNames(t.waiting)}${G.ell}` : '';
  const asked = t ? sanitize(p.markets[t.id]?.market.title ?? t.id) : '';
  const title: Seg[] = [
    paneTitle('Across', p.focused),
    { text: rangeText(rows.length, top, shown.length), dim: true },
    { text: searching, color: 'yellow' },
  ];
  // whose candidates these are: cut to what the line leaves (a long title was dropped whole), not under 20 cells
  const left = p.width - title.reduce((n, s) => n + displayWidth(s.text), 0);
  if (t && left >= 20) title.push({ text: fitWidth(` ${G.dot} candidates of ${asked}`, left), dim: true });
  const searched = t?.words ? ` (searched for "${sanitize(t.words)}")` : '';
  // the market asked about: searched still, or no candidate found — said so whether `v` narrowed the list or not (it
  // had said "no pair with a leg on …" for both, as if the candidates were there on the other venues)
  const noneFound = t !== undefined && t.waiting.length === 0 && t.candidates.length === 0;
  const empty = !p.state.across
    ? 'Pairs need several venues: start with --source kalshi,polymarket (or all).'
    : t && t.waiting.length > 0
      ? `Searching ${venueNames(t.waiting)}${t.words ? ` for "${sanitize(t.words)}"` : ''}: ` +
        `candidates of ${G.lquo}${asked}${G.rquo}${G.ell}`
      : noneFound
        ? `No candidates on the other venues${searched} for ${G.lquo}${asked}${G.rquo}.`
        : p.state.venueFilter !== undefined
          ? `No pair with a leg${onVenueWords(p.state)}: v shows every venue's.`
          : 'No pairs yet: P on a market lists its candidates on the other venues.';
  // wrapped, as the other views' empty lists are (cut to one line, what to do was lost: "start with --source kalshi,…")
  const emptyLines = wrapCut(empty, p.width - 2, Math.max(1, Math.min(3, p.height - 2)));
  // none for a market no longer open: why, and how to pair it by hand (as `oddsboard pairs MARKET` says it), wrapped
  // in the lines the pane leaves
  const market = t ? p.markets[t.id]?.market : undefined;
  const why = rows.length === 0 && noneFound && market ? noCandidatesWhy(market, t.id, p.env.now) : undefined;
  const whyRoom = p.height - 3 - emptyLines.length - under.length - (t?.problems.length ? 1 : 0);
  const whyLines = why !== undefined && whyRoom > 0 ? wrapCut(why, p.width - 2, whyRoom) : [];
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      <Line width={p.width} segs={title} />
      {rows.length === 0
        ? [...emptyLines, ...whyLines].map((l, i) => (
            <Line key={`empty-${i}`} width={p.width} segs={[{ text: `  ${l}`, dim: true }]} />
          ))
        : shown.map((r, i) => {
            const selected = top + i === p.cursor;
            return (
              <Line
                key={pairKeyOf(r)}
                width={p.width}
                segs={highlightRow(rowSegs(r, p, selected, lead), selected, p.focused)}
              />
            );
          })}
      {under.map((seg, i) => (
        <Line key={`under-${i}`} width={p.width} segs={[seg]} />
      ))}
      {rows.length > 0 && (
        <Line
          width={p.width}
          segs={[
            {
              text:
                `  y confirm ${G.dot} n reject ${G.dot} ${G.ret} rules ${G.dot} ` +
                `gap in ${G.cent} of a 1-unit payout ${G.dot} fees for ${ACROSS_SIZE}`,
              dim: true,
            },
          ]}
        />
      )}
      {t?.problems.slice(0, 1).map((x) => (
        <Line key={x} width={p.width} segs={[{ text: `  ${sanitize(x)}`, color: 'yellow' }]} />
      ))}
    </Box>
  );
}
