import { Box } from 'ink';
import { memo } from 'react';
import { helpSections } from '../key/keyLookup.js';
import { BREAKS, wrap } from '../format.js';
import { Line, type Seg } from './Line.js';
import { G } from '../glyphs.js';

const LABEL_WIDTH = 12;

/**
 * Help lines from the key registry: each context's title, then its keys (a key already listed above is not repeated).
 */
export function helpLines(): Seg[][] {
  const lines: Seg[][] = [
    [
      { text: 'Keys', bold: true, color: 'cyan' },
      { text: '  (Esc or ? closes)', dim: true },
    ],
  ];
  for (const section of helpSections()) {
    if (section.bindings.length === 0) continue; // every key of it is listed above
    lines.push([{ text: section.title, bold: true }]);
    for (const b of section.bindings)
      lines.push([{ text: `  ${b.label}`.padEnd(LABEL_WIDTH), color: 'cyan' }, { text: ` ${b.help}` }]);
  }
  return lines;
}

/** The help overlay (helpLayout): every line whole in one column, else two; else one column that scrolls. */
export const HelpOverlay = memo(function HelpOverlay({
  width,
  height,
  top,
}: {
  width: number;
  height: number;
  top: number;
}) {
  const layout = helpLayout(width, height);
  const shown = layout.scroll ? scrollWindow(layout.cols[0] ?? [], height, top) : layout.cols;
  return (
    <Box width={width} height={height} overflow="hidden" columnGap={2}>
      {shown.map((col, i) => (
        <Box key={i} flexDirection="column" width={layout.colWidth} overflow="hidden">
          {col.map((segs, j) => (
            <Line key={j} width={layout.colWidth} segs={segs} />
          ))}
        </Box>
      ))}
    </Box>
  );
});

/** One entry of the help: the first line's segments, the text wrapped after them (indented by `hang`). */
interface Entry {
  lead: Seg[];
  text: Seg;
  hang: number;
  /** A section's title: kept in the same column as its first key. */
  title: boolean;
}

function helpEntries(): Entry[] {
  return helpLines().map(([first, second]) =>
    second
      ? {
          lead: [first!, { text: second.text.slice(0, second.text.length - second.text.trimStart().length) }],
          text: { ...second, text: second.text.trimStart() },
          hang: LABEL_WIDTH + 1,
          title: false,
        }
      : { lead: [], text: first!, hang: 2, title: true },
  );
}

/** A number and its unit ("1 h", "24 h", "7 d") are one word to wrap: a line never ends between them. */
const NUMBER_UNIT = /(\d) (h|d|m|s|ms|min)(?![\p{L}\d])/gu;

/**
 * An entry's lines at `width`, every word of it: the registry's plain texts (docs/keys.md is generated from them)
 * wrapped with a number held to its unit (NUMBER_UNIT).
 */
function entryLines(e: Entry, width: number): Seg[][] {
  const { text: plain, ...style } = e.text;
  const text = plain.replace(NUMBER_UNIT, '$1\u00a0$2');
  const words = text.split(BREAKS).filter(Boolean);
  const [head = ''] = wrap(text, Math.max(1, width - (e.lead.length ? e.hang : 0)));
  const rest = wrap(words.slice(head.split(' ').length).join(' '), Math.max(1, width - e.hang));
  const drawn = (t: string): Seg => ({ ...style, text: t.replaceAll('\u00a0', ' ') });
  const pad = ' '.repeat(e.hang);
  return [[...e.lead, drawn(head)], ...rest.map((r) => [{ text: pad }, drawn(r)])];
}

/**
 * How many lines go in each column when entries of these line counts are placed in order, each whole, down `columns`
 * columns of `height` (undefined when they do not fit). A section's title stays with its first key.
 */
function pack(entries: Entry[], counts: number[], columns: number, height: number): number[] | undefined {
  const lens = [0];
  for (let i = 0; i < counts.length; i++) {
    if (counts[i]! > height) return undefined;
    const keep = counts[i]! + (entries[i]!.title && i + 1 < counts.length ? counts[i + 1]! : 0);
    if (lens.at(-1)! > 0 && lens.at(-1)! + keep > height) lens.push(0);
    lens[lens.length - 1]! += counts[i]!;
    if (lens.length > columns) return undefined;
  }
  return lens;
}

/** Every entry whole, the columns as even as that allows (undefined when they do not fit). */
function fit(entries: Entry[], width: number, columns: number, height: number) {
  const counts = entries.map((e) => entryLines(e, width).length);
  const total = counts.reduce((n, k) => n + k, 0);
  for (let h = Math.min(height, Math.ceil(total / columns)); h <= height; h++) {
    const lens = pack(entries, counts, columns, h);
    if (lens) return lens;
  }
  return undefined;
}

export interface HelpLayout {
  scroll: boolean;
  colWidth: number;
  /** Each column's lines (scrolling: the one column's, all of them). */
  cols: Seg[][][];
}

let lastLayout: { key: string; layout: HelpLayout } | undefined;

/**
 * Where the help goes at this size: one column with every line whole when it fits, else two (110 columns or more);
 * when neither holds every line whole, one column, every line whole, that scrolls (↓ N more). Nothing is cut: a cut
 * entry ended mid-word in "…" ("(Acr…" at 120×40), which no key reaches (docs/views.md#the-help-overlay).
 */
export function helpLayout(width: number, height: number): HelpLayout {
  const key = `${width}x${height}`;
  if (lastLayout?.key === key) return lastLayout.layout;
  const entries = helpEntries();
  const all = (w: number) => entries.flatMap((e) => entryLines(e, w));
  const best = (width >= 110 ? [1, 2] : [1])
    .map((columns) => {
      const colWidth = Math.floor((width - (columns - 1) * 2) / columns);
      return { colWidth, lens: fit(entries, colWidth, columns, height) };
    })
    .find((t) => t.lens);
  const layout: HelpLayout = best?.lens
    ? { scroll: false, colWidth: best.colWidth, cols: columnsOf(all(best.colWidth), best.lens) }
    : { scroll: true, colWidth: width, cols: [all(width)] };
  lastLayout = { key, layout };
  return layout;
}

/** The lines cut into columns of these lengths. */
function columnsOf(lines: Seg[][], lens: number[]): Seg[][][] {
  let at = 0;
  return lens.map((n) => lines.slice(at, (at += n)));
}

/**
 * Lines top.. that fit in `height`, the last one replaced by a "more" hint when some are left below, the first by one
 * when some are above (a page, `helpPage`, is two lines short of the height so that no line is skipped).
 */
function scrollWindow(lines: Seg[][], height: number, top: number): Seg[][][] {
  const t = Math.max(0, Math.min(top, lines.length - height));
  const part = lines.slice(t, t + height);
  if (t + height < lines.length && height > 1)
    part[height - 1] = [{ text: `  ${G.down} ${lines.length - t - height + 1} more (${G.down}/PgDn)`, dim: true }];
  if (t > 0 && height > 2) part[0] = [{ text: `  ${G.up} ${t + 1} more (${G.up}/PgUp)`, dim: true }];
  return [part];
}

/** How far PgUp/PgDn scroll the help: every line between the two hints is new, none is skipped. */
export const helpPage = (rows: number): number => Math.max(1, rows - 2);

/** Whether the overlay scrolls at this size, and how many lines it has (for the key handler). */
export function helpMetrics(width: number, height: number): { lines: number; rows: number } {
  const layout = helpLayout(width, height);
  return { lines: layout.scroll ? (layout.cols[0]?.length ?? 0) : 0, rows: height };
}
