/**
 * A line's width as terminals that measure code point by code point count it
 * (wcwidth: tmux, xterm, most Linux terminals): wide and emoji-presentation
 * characters 2, combining marks, joiners and selectors 0, everything else 1.
 * The layout measures whole grapheme clusters (string-width); text drawn from
 * the server must come out the same both ways, or its row shifts.
 */
import stringWidth from 'string-width';

export function wcwidth(line: string): number {
  let n = 0;
  for (const cp of line) n += stringWidth(cp);
  return n;
}

/** Titles built from what terminals disagree on, besides plain text, CJK and accents. */
export const WIDTH_PIECES = [
  '🌡️',
  '☀️',
  '❤️',
  '⚠️',
  '✈️',
  '©️',
  '↔️', // text-presentation bases with VS16
  '🐕',
  '🫠',
  '🚀', // emoji presentation
  '👍🏽',
  '👩🏽‍💻',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '👩‍🚀', // skin tones, ZWJ sequences
  '🇺🇸',
  '🇯🇵',
  '🇺',
  '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', // flags, a lone indicator, a tag sequence
  '1️⃣',
  '#️⃣', // keycaps
  '東京',
  '気温',
  '選挙',
  'é',
  'e\u0301',
  'Ελλάδα', // CJK, accents (precomposed and combining), ambiguous-width Greek
  'Will ',
  'temperature ',
  'exceed ',
  '?',
  ' ',
  '1.5 °C', // plain text
] as const;
