import { Text } from 'ink';
import { memo } from 'react';
import { displayWidth, fitWidth, wrap } from '../format.js';
import { usePalette } from './ThemeContext.js';
import { hyperlink } from '../../links/osc8.js';
import { G } from '../glyphs.js';

/** One styled piece of a line. */
export interface Seg {
  text: string;
  color?: string;
  backgroundColor?: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  /**
   * An address the text links to (OSC 8, src/links/osc8.ts) where the terminal shows links: only a platform page built
   * from ids. The text is measured and cut as plain text; the link wraps what is drawn.
   */
  link?: string;
  /**
   * Negative: may be dropped when the line is too wide, most negative first (then the rightmost). Default 0: kept, cut
   * last.
   */
  priority?: number;
  /**
   * With a negative priority: cut with '…' to the room the line has left rather than dropped whole, when that room is
   * at least this many cells (a server's message in the banner: its start says more than nothing). When less is left,
   * the other segments that may be dropped go first, to make that room; it is dropped only when none is left.
   */
  minCut?: number;
  /**
   * A shorter form of the text, taken when the line is still too wide once what may be dropped is gone, before anything
   * is cut (the banner's venue name becomes its letter, so a narrow line keeps its figures whole).
   */
  short?: string;
}

/**
 * Fit segments into `width` cells: drop the lowest-priority segments (last
 * first) while the line is too wide — or cut one that says so (`minCut`) when enough room is left for it, else drop
 * the others that may be dropped to make that room — then take the short forms (`short`), then cut the last one
 * with '…'.
 */
export function fitSegments(segs: readonly Seg[], width: number): Seg[] {
  // Each segment is measured once; most lines fit as they are.
  let kept = segs.filter((s) => s.text !== '');
  let widths = kept.map((s) => displayWidth(s.text));
  let total = widths.reduce((n, w) => n + w, 0);
  while (total > width) {
    let victim = -1;
    let lowest = 0;
    // the lowest priority below 0, the rightmost of them
    for (let i = 0; i < kept.length; i++) {
      const p = kept[i]!.priority ?? 0;
      if (p < 0 && (victim < 0 || p <= lowest)) {
        victim = i;
        lowest = p;
      }
    }
    if (victim < 0) break;
    const room = width - (total - widths[victim]!);
    const cut = kept[victim]!.minCut;
    if (cut !== undefined && room >= cut) {
      kept = kept.map((s, i) => (i === victim ? { ...s, text: fitWidth(s.text, room) } : s));
      return kept;
    }
    // too little room for it: another that may be dropped goes first (the lowest, the rightmost of them)
    if (cut !== undefined) {
      let other = -1;
      for (let i = 0; i < kept.length; i++) {
        const p = kept[i]!.priority ?? 0;
        if (i !== victim && p < 0 && kept[i]!.minCut === undefined && (other < 0 || p <= kept[other]!.priority!))
          other = i;
      }
      if (other >= 0) victim = other;
    }
    total -= widths[victim]!;
    kept = kept.filter((_, i) => i !== victim);
    widths = widths.filter((_, i) => i !== victim);
  }
  if (total <= width) return kept;
  if (kept.some((s) => s.short !== undefined)) {
    kept = kept.map((s) => (s.short === undefined ? s : { ...s, text: s.short }));
    widths = kept.map((s) => displayWidth(s.text));
    total = widths.reduce((n, w) => n + w, 0);
    if (total <= width) return kept;
  }
  const out: Seg[] = [];
  let used = 0;
  for (let i = 0; i < kept.length; i++) {
    const s = kept[i]!;
    const room = width - used;
    if (room <= 0) break;
    const w = widths[i]!;
    if (w <= room) {
      out.push(s);
      used += w;
    } else {
      out.push({ ...s, text: fitWidth(s.text, room) });
      break;
    }
  }
  return out;
}

function sameSeg(a: Seg, b: Seg): boolean {
  return (
    a.text === b.text &&
    a.color === b.color &&
    a.backgroundColor === b.backgroundColor &&
    a.bold === b.bold &&
    a.dim === b.dim &&
    a.inverse === b.inverse &&
    a.link === b.link &&
    a.priority === b.priority &&
    a.minCut === b.minCut &&
    a.short === b.short
  );
}

/** Same width and segments with the same text and style: the line would draw the same. */
export function sameLine(a: LineProps, b: LineProps): boolean {
  if (a.width !== b.width) return false;
  if (a.segs === b.segs) return true;
  if (a.segs.length !== b.segs.length) return false;
  for (let i = 0; i < a.segs.length; i++) if (!sameSeg(a.segs[i]!, b.segs[i]!)) return false;
  return true;
}

export interface LineProps {
  segs: readonly Seg[];
  width: number;
}

/**
 * One run's Text in the palette's colours; memoized so an unchanged run of a changed line (all but
 * a row's price, say) is left alone. Without colour a run on a background (a banner, the mode tag)
 * is drawn inverse, so it still stands out.
 */
const RunText = memo(
  function RunText({ seg: s }: { seg: Seg }) {
    const p = usePalette();
    const color = p.fg(s.color);
    const bg = p.bg(s.backgroundColor);
    return (
      <Text
        wrap="truncate-end"
        {...(color ? { color } : {})}
        {...(bg ? { backgroundColor: bg } : {})}
        bold={s.bold ?? false}
        dimColor={s.dim ?? false}
        inverse={(s.inverse ?? false) || (!p.color && s.backgroundColor !== undefined)}
      >
        {s.link === undefined ? s.text : hyperlink(s.text, s.link)}
      </Text>
    );
  },
  (a, b) => sameSeg(a.seg, b.seg),
);

const sameStyle = (a: Seg, b: Seg) =>
  a.color === b.color &&
  a.backgroundColor === b.backgroundColor &&
  !a.bold === !b.bold &&
  !a.dim === !b.dim &&
  !a.inverse === !b.inverse &&
  a.link === b.link;

/** Neighbours drawn alike become one Text (fewer nodes for Ink to build, lay out and colour every frame). */
export function mergeRuns(segs: readonly Seg[]): Seg[] {
  const out: Seg[] = [];
  for (const s of segs) {
    const last = out[out.length - 1];
    if (last && sameStyle(last, s)) out[out.length - 1] = { ...last, text: last.text + s.text };
    else out.push(s);
  }
  return out;
}

/**
 * Runs of different styles are Texts nested in one Text: one node for Ink to lay out and walk every frame, where a
 * row of side-by-side Texts was a Box and a node per run (a board of three venues drew 472 pieces a frame). Ink
 * squashes the nested Texts into one styled string every frame; the dashboard's stand-in for that step
 * (src/ui/inkSquash.ts) hands back the last string while no Text under it changed, and its frame buffer keeps the
 * styled cells of a string it drew (src/ui/inkOutput.ts).
 */
function LineView({ segs, width }: LineProps) {
  const runs = mergeRuns(fitSegments(segs, Math.max(0, width)));
  if (runs.length === 0) return <Text> </Text>;
  if (runs.length === 1) return <RunText seg={runs[0]!} />;
  return (
    <Text wrap="truncate-end">
      {runs.map((s, i) => (
        <RunText key={i} seg={s} />
      ))}
    </Text>
  );
}

/**
 * A single terminal line that never wraps and never exceeds `width` cells.
 * Memoized on its content: parents rebuild their segments on every render
 * (each second, each answer), and most lines come out the same.
 */
export const Line = memo(LineView, sameLine);

/** A pane's title: the focused pane is marked by a filled diamond and colour, so focus shows without colour too. */
export function paneTitle(name: string, focused: boolean): Seg {
  return focused
    ? { text: `${G.focus} ${name}`, bold: true, color: 'cyan' }
    : { text: `${G.unfocus} ${name}`, bold: true, dim: true };
}

/**
 * A sentence said dimmed and indented by 2, wrapped to `width` (an empty list's word: cut to one line at 100 columns,
 * the count or the key that mattered was lost), in `rows` lines at most: the last one carries the rest, cut by Line
 * with '…' (drawn whole in a shorter pane, Yoga shrank lines to nothing, the pane's title among them: Movers at 40×15).
 */
export function DimLines({
  text,
  width,
  rows = Number.POSITIVE_INFINITY,
}: {
  text: string;
  width: number;
  rows?: number;
}) {
  // a no-break space keeps two words on one line (wrap), and is drawn as a space
  const all = wrap(text, Math.max(1, width - 2)).map((l) => l.replaceAll('\u00a0', ' '));
  const n = Math.max(0, Math.min(all.length, rows));
  const lines = n < all.length ? [...all.slice(0, n - 1), all.slice(n - 1).join(' ')].slice(0, n) : all;
  return (
    <>
      {lines.map((l, i) => (
        <Line key={i} width={width} segs={[{ text: `  ${l}`, dim: true }]} />
      ))}
    </>
  );
}
