/**
 * Ink's frame buffer (ink/build/output.js), rebuilt to remember across frames.
 *
 * Ink draws every frame from scratch: each Text is cut into styled characters
 * (@alcalzone/ansi-tokenize), written into a fresh grid of one object per cell
 * (7,680 at 160×48), and each grid row is turned back into a string. Its caches
 * last one frame. On an idle dashboard the only thing that changes from one
 * frame to the next is a handful of rows (the clock, a price), yet this was
 * two thirds of the idle CPU with the garbage it makes (bench:render profile,
 * docs/benchmarks.md).
 *
 * This class takes the same operations (write, clip, unclip) and gives the same
 * answer, but a row's text is a pure function of what is written into it (each
 * piece's column and styled text, after clipping and Ink's colour transforms)
 * and of the width, so a row whose pieces are those of a row already drawn is
 * taken from a cache instead of rebuilt; texts already cut into characters are
 * kept too. The caches hold what the last two frames used (FrameCache): about a
 * screen's worth. The code that fills a row is Ink's, unchanged in behaviour: wide
 * characters, overlapping writes and clips work the same way, and
 * inkOutput.test.ts checks the answers against Ink's own Output.
 *
 * Installed in place of Ink's by a module hook (cli/inkHooks.ts) for the Ink
 * version it was checked against.
 */
import { RecentCache } from '../util/recentCache.js';
import { styledCharsFromTokens, styledCharsToString, tokenize, type StyledChar } from '@alcalzone/ansi-tokenize';
import { displayWidth } from './format.js';

type Transformer = (line: string, index: number) => string;

export interface Clip {
  x1: number | undefined;
  x2: number | undefined;
  y1: number | undefined;
  y2: number | undefined;
}

type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

/**
 * A map that holds what the last frame used: entries live in a current and a
 * previous generation; at the end of each frame the current one becomes the
 * previous one (the old previous one, what neither frame used, is dropped),
 * and a hit in the previous one moves the entry to the current one. What every
 * frame draws stays, in the size of one screen; `limit` caps a generation in
 * case one frame writes far more than a screen.
 */
export class FrameCache<V> extends RecentCache<V> {
  /** The frame is drawn: what it did not use is forgotten after the next one. */
  endFrame(): void {
    this.nextGeneration();
  }
}

/** Texts cut into styled characters; rows drawn; texts split into lines. Shared by every Output (pure answers). */
const styledChars = new FrameCache<StyledChar[]>(8192);
const rows = new FrameCache<string>(1024);
const textLines = new FrameCache<string[]>(4096);

/** Entries held by the caches (for tests: they must stay bounded). */
export function outputCacheSize(): number {
  return styledChars.size + rows.size + textLines.size;
}

const IGNORABLE = /^\p{Default_Ignorable_Code_Point}+$/u;

function getStyledChars(line: string): StyledChar[] {
  let cached = styledChars.get(line);
  if (cached === undefined) {
    // Standalone invisible Unicode characters must not occupy terminal cells.
    cached = styledCharsFromTokens(tokenize(line)).filter((c) => !IGNORABLE.test(c.value));
    styledChars.set(line, cached);
  }
  return cached;
}

/** The text's lines, each with its styles carried across the newlines (as Ink splits them). */
function linesOf(text: string): string[] {
  let cached = textLines.get(text);
  if (cached === undefined) {
    const characterLines: StyledChar[][] = [[]];
    for (const c of getStyledChars(text)) {
      if (c.value === '\n') characterLines.push([]);
      else characterLines.at(-1)!.push(c);
    }
    cached = characterLines.map((l) => styledCharsToString(l));
    textLines.set(text, cached);
  }
  return cached;
}

function widestLine(text: string): number {
  let width = 0;
  for (const line of text.split('\n')) width = Math.max(width, displayWidth(line));
  return width;
}

const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: [] }) as StyledChar;

// Replaces a partially visible wide character with a space that keeps its styles.
const blankCell = (cell: StyledChar): StyledChar => ({ ...cell, value: ' ', fullWidth: false });

const intersectBound = (a: number | undefined, b: number | undefined, tighter: (a: number, b: number) => number) =>
  a === undefined ? b : b === undefined ? a : tighter(a, b);

const isClipEmpty = (clip: Clip) =>
  (clip.x1 !== undefined && clip.x2 !== undefined && clip.x1 >= clip.x2) ||
  (clip.y1 !== undefined && clip.y2 !== undefined && clip.y1 >= clip.y2);

const intersectClips = (outer: Clip | undefined, inner: Clip): Clip =>
  outer
    ? {
        x1: intersectBound(outer.x1, inner.x1, Math.max),
        x2: intersectBound(outer.x2, inner.x2, Math.min),
        y1: intersectBound(outer.y1, inner.y1, Math.max),
        y2: intersectBound(outer.y2, inner.y2, Math.min),
      }
    : inner;

/** Ink's clip of a line to columns [from, to): a wide character cut by an edge becomes a space with its styles. */
function sliceLineToColumns(line: string, from: number, to: number): string {
  if (from >= to) return '';
  const result: StyledChar[] = [];
  let column = 0;
  for (const character of getStyledChars(line)) {
    const width = displayWidth(character.value);
    const start = column;
    column += width;
    if (column <= from) continue;
    if (start >= to) break;
    result.push(width > 1 && (start < from || column > to) ? blankCell(character) : character);
  }
  return styledCharsToString(result);
}

/** A row's pieces in the order written: column and styled text, alternating. */
type Pieces = Array<number | string>;

/** Ink's loop that writes a line's characters into a row of cells, unchanged. */
function writeLine(currentLine: StyledChar[], x: number, characters: StyledChar[]): void {
  let offsetX = x;
  // A write that lands on the second half of a wide character blanks its first half (keeping its styles).
  if (currentLine[offsetX]?.value === '' && offsetX > 0 && displayWidth(currentLine[offsetX - 1]?.value ?? '') > 1) {
    currentLine[offsetX - 1] = blankCell(currentLine[offsetX - 1]!);
  }
  for (const character of characters) {
    currentLine[offsetX] = character;
    const characterWidth = Math.max(1, displayWidth(character.value));
    // A wide character's trailing cells hold '' (or ' ' where its leading cell is left of the output).
    for (let offset = 1; offset < characterWidth; offset++) {
      currentLine[offsetX + offset] = {
        type: 'char',
        value: offsetX < 0 ? ' ' : '',
        fullWidth: false,
        styles: character.styles,
      };
    }
    offsetX += characterWidth;
  }
  if (currentLine[offsetX]?.value === '') currentLine[offsetX] = blankCell(currentLine[offsetX]!);
}

function drawRow(width: number, pieces: Pieces | undefined): string {
  if (pieces === undefined) return '';
  // each piece as column, length and text: no two different rows share a key
  let key = `${width}`;
  for (let i = 0; i < pieces.length; i += 2)
    key += `|${pieces[i]}:${(pieces[i + 1] as string).length}:${pieces[i + 1]}`;
  const hit = rows.get(key);
  if (hit !== undefined) return hit;
  // as many cells as Ink's loop `x < width` makes (Yoga's widths are whole numbers; anything else stays safe)
  const cells: StyledChar[] = new Array<StyledChar>(width > 0 ? Math.ceil(width) : 0).fill(BLANK);
  for (let i = 0; i < pieces.length; i += 2) {
    writeLine(cells, pieces[i] as number, getStyledChars(pieces[i + 1] as string));
  }
  // Never wider than the output (Ink's grid grows past it): the root is as wide as the terminal, and a wider line
  // wraps there, a row more than log-update counts. It happens for one frame after the terminal narrows: Ink draws
  // the tree it has at the new width before React has re-rendered it with its new widths.
  const w = width > 0 ? Math.ceil(width) : 0;
  if (cells.length > w) {
    cells.length = w;
    const last = cells[w - 1];
    // a wide character cut by the edge becomes a space with its styles, as Ink's clip makes it
    if (last !== undefined && displayWidth(last.value) > 1) cells[w - 1] = blankCell(last);
  }
  // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
  const row = styledCharsToString(cells.filter((item) => item !== undefined)).trimEnd();
  rows.set(key, row);
  return row;
}

export default class Output {
  operations: Operation[] = [];
  width: number;
  height: number;

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void {
    if (text === '') return;
    this.operations.push({ type: 'write', x, y, text, transformers: options.transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  /** Ink's write, up to the point where it fills cells: the pieces it adds to each row. */
  private collect(
    byRow: Array<Pieces | undefined>,
    operation: Extract<Operation, { type: 'write' }>,
    clip: Clip | undefined,
  ): void {
    const { text, transformers } = operation;
    let { x, y } = operation;
    let lines = linesOf(text);
    if (clip) {
      if (isClipEmpty(clip)) return;
      const clipX = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipY = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      // text wholly outside the clip: nothing to do
      if (clipX) {
        const width = widestLine(text);
        if (x + width < clip.x1! || x > clip.x2!) return;
      }
      if (clipY && (y + lines.length < clip.y1! || y > clip.y2!)) return;
      if (clipX) {
        const x1 = clip.x1!;
        const x2 = clip.x2!;
        lines = lines.map((line) => {
          const from = x < x1 ? x1 - x : 0;
          const width = displayWidth(line);
          const to = x + width > x2 ? x2 - x : width;
          return sliceLineToColumns(line, from, to);
        });
        if (x < x1) x = x1;
      }
      if (clipY) {
        const from = y < clip.y1! ? clip.y1! - y : 0;
        const to = y + lines.length > clip.y2! ? clip.y2! - y : lines.length;
        lines = lines.slice(from, to);
        if (y < clip.y1!) y = clip.y1!;
      }
    }
    for (let index = 0; index < lines.length; index++) {
      const row = y + index;
      // Lines above or below the output area have no row.
      if (row < 0 || row >= this.height || !Number.isInteger(row)) continue;
      let line = lines[index]!;
      for (const transformer of transformers) line = transformer(line, index + y - operation.y);
      // Nothing to write (e.g. the line was clipped away).
      if (getStyledChars(line).length === 0) continue;
      (byRow[row] ??= []).push(x, line);
    }
  }

  get(): { output: string; height: number } {
    const byRow: Array<Pieces | undefined> = new Array(this.height);
    const clips: Clip[] = [];
    for (const operation of this.operations) {
      if (operation.type === 'clip') clips.push(intersectClips(clips.at(-1), operation.clip));
      else if (operation.type === 'unclip') clips.pop();
      else this.collect(byRow, operation, clips.at(-1));
    }
    const out: string[] = new Array(this.height);
    for (let y = 0; y < this.height; y++) out[y] = drawRow(this.width, byRow[y]);
    styledChars.endFrame();
    rows.endFrame();
    textLines.endFrame();
    return { output: out.join('\n'), height: this.height };
  }
}
