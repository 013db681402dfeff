/**
 * An Across row fitted to its width (docs/pairs.md § The dashboard): the figures whole, then the first no-edge reason
 * and the row's title sharing what is left. Where the row is narrow it gives up, in this order, what says least: the
 * reason's long wording (shorter ones: what differs, `no K book`), the legs' currencies and the size (each venue's
 * letter on the row says its currency: K USD, P USDC, M mana; the line under the list the size), then the reason
 * itself (` · no edge`: the line under the list says why) — before the reason is ever cut. The title takes what is
 * left (10 cells where it can, else 8: "  Lions…"; its start tells the candidates apart).
 */
import { displayWidth, fitWidth } from '../format.js';
import type { Seg } from '../components/Line.js';
import { nameInSentence, VENUE_LETTERS } from '../../sources/names.js';
import { SOURCE_IDS } from '../../sources/types.js';
import { G } from '../glyphs.js';

/** A venue's letter by its name in gap.ts's sentences ("Kalshi's market is resolved" → K). */
const LETTER: Record<string, string> = Object.fromEntries(
  SOURCE_IDS.map((id) => [nameInSentence(id), VENUE_LETTERS[id]]),
);
const letter = (name: string | undefined) => LETTER[name ?? ''] ?? name ?? '';

/** Shorter wordings of each reason src/pairs/gap.ts gives for no edge, the venue by its letter on the row. */
const SHORT: readonly [RegExp, (m: RegExpExecArray) => string[]][] = [
  [/^(.+)'s market is (\w+): nothing to trade$/, (m) => [`${letter(m[1])} ${m[2]}`]],
  [/^not the same contract .*\(only if the event does not go as planned/, () => ['until confirmed']],
  // the relation is on the row already: what differs, then only that it is not the same
  [/^not the same contract \(\w+\): (.*)$/, (m) => [m[1]!, 'not the same']],
  [/^(.+)'s rules text is not in this record$/, (m) => [`no ${letter(m[1])} rules`]],
  [/^no order book from (.+)$/, (m) => [`no ${letter(m[1])} book`]],
  [/^(.+)'s fee is unknown/, (m) => [`${letter(m[1])} fee unknown`]],
  [/^(.+)'s currency is unknown$/, (m) => [`${letter(m[1])} currency unknown`]],
  [/^mana and money are not summed$/, () => ['mana vs money']],
  [/^a price is missing$/, () => ['no price']],
  [/^the books hold nothing to fill on one side$/, () => ['empty book']],
];

/** A no-edge reason said shorter, longest first (`date 2026-07-29 vs 2026-09`, `not the same`); none when not known. */
export function shortReasons(reason: string): string[] {
  for (const [re, say] of SHORT) {
    const m = re.exec(reason);
    if (m) return say(m).filter((s) => s.length < reason.length);
  }
  return [];
}

/** The shortest wording of a no-edge reason (`no K book`, `K resolved`, `until confirmed`); itself when not known. */
export const shortReason = (reason: string): string => shortReasons(reason).at(-1) ?? reason;

/** A row's parts: the marks and relation, the figures (whole, and without currencies), why no edge, title, times. */
export interface RowParts {
  head: Seg[];
  figures: Seg[];
  /** The figures without the legs' currencies. */
  compact: Seg[];
  /** Narrower still where there are more (a priced pair's depth left out): the last figures a row gives up. */
  tight?: Seg[];
  /** The narrowest row's figures, where they differ (a priced pair: both prices and the gap after fees). */
  narrow?: Seg[];
  /** Shorter heads for the narrowest row, longest first (the relation without its confidence, the mark alone). */
  heads?: Seg[][];
  /** The first no-edge reason as it is, absent where the row has a figure after fees. */
  reason?: string;
  title: Seg;
  closes?: Seg;
}

const width = (segs: readonly Seg[]) => segs.reduce((n, s) => n + displayWidth(s.text), 0);
/** A part cut to `room` cells ('…'), or left out where fewer than 4 are left for it. */
const cut = (s: Seg, room: number): Seg[] => (room < 4 ? [] : [{ ...s, text: fitWidth(s.text, room) }]);

export function fitRow(p: RowParts, cells: number): Seg[] {
  const why = (text: string | undefined): Seg | undefined =>
    text === undefined
      ? undefined
      : { text: text === '' ? ` ${G.dot} no edge` : ` ${G.dot} no edge: ${text}`, color: 'yellow' };
  const r = p.reason;
  const words = r === undefined ? [undefined] : [r, ...shortReasons(r)];
  const sets = [p.figures, p.compact, ...(p.tight ? [p.tight] : [])];
  const tries: { figures: Seg[]; why?: Seg }[] = [
    ...sets.flatMap((figures) => words.map((w) => ({ figures, why: why(w) }))),
    { figures: sets.at(-1)!, why: why(r === undefined ? undefined : '') },
  ];
  const wt = displayWidth(p.title.text);
  // the title 10 cells where a wording allows it, else 8 ("  Lions…"), before the reason is given up (`no edge` alone)
  for (const min of [10, 8])
    for (const [i, t] of tries.entries()) {
      const rest = cells - width(p.head) - width(t.figures);
      const ww = t.why ? displayWidth(t.why.text) : 0;
      const said = [...p.head, ...t.figures, ...(t.why ? [t.why] : [])];
      if (ww + wt <= rest) {
        const tail = i === 0 && p.closes && ww + wt + displayWidth(p.closes.text) <= rest ? [p.closes] : [];
        return [...said, p.title, ...tail];
      }
      if (rest - ww >= min) return [...said, ...cut(p.title, rest - ww)];
      if (i === tries.length - 2 && r !== undefined) break;
    }
  // the narrowest: what the row says first (the figures, `no edge`), the title what is left
  const last = tries[tries.length - 1]!;
  const { head, figures } = narrowest(p, last.figures, cells);
  const rest = cells - width(head) - width(figures);
  const ww = last.why ? displayWidth(last.why.text) : 0;
  // a title of fewer than 8 cells ("  …the…") names nothing: left out
  const title = rest - ww >= 8 ? cut(p.title, rest - ww) : [];
  // ` · no edge` whole or not at all (it read ` · no e…`)
  return [...head, ...figures, ...(last.why && ww <= rest ? [last.why] : []), ...title];
}

/**
 * The head and figures of a row too narrow for its shortest wording (40 columns): the figures whole with a shorter head
 * (the relation without its confidence, then its mark alone), then the narrowest figures (a priced pair's gap after
 * fees without the gap itself), then figures left out from the end, whole — never one cut (it read `gap 2…`).
 */
function narrowest(p: RowParts, figures: Seg[], cells: number): { head: Seg[]; figures: Seg[] } {
  const heads = [p.head, ...(p.heads ?? [])];
  for (const f of [figures, ...(p.narrow ? [p.narrow] : [])])
    for (const head of heads) if (width(head) + width(f) <= cells) return { head, figures: f };
  const head = heads.at(-1)!;
  const kept = [...(p.narrow ?? figures)];
  while (kept.length > 1 && width(head) + width(kept) > cells) kept.pop();
  return { head, figures: kept };
}
