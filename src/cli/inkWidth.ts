/**
 * string-width for the dashboard's dependencies (Ink, widest-line, wrap-ansi,
 * cli-truncate, slice-ansi), answered through the UI's bounded width cache.
 *
 * Ink measures every text node and line of every frame with string-width, and
 * its own caches last one frame. Most of the screen is the same from one
 * frame to the next, but any line with a non-ASCII glyph (a price in ¢, ▲,
 * ·, │) goes through string-width's grapheme segmenter each time: a tenth to a
 * fifth of an idle dashboard's CPU. The same strings measured once and kept
 * (displayWidth, bounded) give the same answers. The dependencies import this
 * module instead of string-width through the hook in inkHooks.ts.
 */
import stringWidth from 'string-width';
import { displayWidth } from '../ui/format.js';

type Options = Parameters<typeof stringWidth>[1];

export default function inkWidth(text: string, options?: Options): number {
  if (typeof text !== 'string' || (options && (options.ambiguousIsNarrow === false || options.countAnsiEscapeCodes)))
    return stringWidth(text, options);
  return displayWidth(text);
}
