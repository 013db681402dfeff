/**
 * Colours. Components name colours by their role in the dark palette (`cyan`
 * accent, `green` up / active, `yellow` warning …); a Palette, chosen once at
 * start, turns those names into what the terminal gets: as they are on a dark
 * background, darker tones on a white one, nothing at all without colour.
 * Colour always doubles a text cue (a badge's word, ▲/▼, ▸), never replaces it.
 * No React here: the one-shot commands colour their tables with the same palettes.
 */
import type { Badge } from './viewModel.js';
import { G } from './glyphs.js';

export const BADGES: Record<Badge, { text: string; color: string }> = {
  active: { text: 'ACTIVE', color: 'green' },
  closed: { text: 'CLOSED', color: 'magenta' },
  settling: { text: 'SETTLING', color: 'yellow' },
  resolved: { text: 'RESOLVED', color: 'cyan' },
  unknown: { text: 'UNKNOWN', color: 'gray' },
  stale: { text: 'STALE', color: 'yellow' },
};
/** Width of the widest badge, for aligned columns. */
export const BADGE_WIDTH = 8;

/**
 * The word a market's status reads as, the same in the dashboard and the one-shot tables: its badge, but for an
 * unknown status the source's own word (`raw`, e.g. INITIALIZED → "INITIAL…", Polymarket's inactive → INACTIVE),
 * never a guess: upper case, printable ASCII, at most BADGE_WIDTH cells.
 */
export function badgeWord(status: Badge, raw?: string): string {
  const known = (BADGES[status] ?? BADGES.unknown).text;
  if (status !== 'unknown' || !raw) return known;
  const t = raw.toUpperCase().replace(/[^\x21-\x7e]+/g, '_');
  return t.length > BADGE_WIDTH ? `${t.slice(0, BADGE_WIDTH - 1)}${G.ell}` : t || known;
}

export const colors = {
  accent: 'cyan',
  up: 'green',
  down: 'red',
  warn: 'yellow',
  error: 'red',
  ok: 'green',
} as const;

export type ThemeName = 'dark' | 'light';

export interface Palette {
  name: ThemeName;
  /** false: no colour at all (NO_COLOR, --color never); a segment with a background is drawn inverse instead. */
  color: boolean;
  /**
   * false: the terminal gets no bold, dim or inverse either (FORCE_COLOR=0: chalk, Ink's styler, draws none), so what
   * only a style set apart is marked in text instead (the shown tab in [ ]).
   */
  attrs: boolean;
  /** The foreground for a component's colour name; undefined draws the terminal's own. */
  fg(name: string | undefined): string | undefined;
  /** The background for a component's colour name. */
  bg(name: string | undefined): string | undefined;
}

/**
 * On white: the dark palette's cyan, yellow and white wash out, green and magenta are too
 * pale. Darker tones of the same hues (chalk maps them to 256 or 16 colours as the terminal allows).
 */
const LIGHT_FG: Readonly<Record<string, string>> = {
  cyan: '#005f87',
  green: '#116329',
  red: '#b3001b',
  yellow: '#875f00',
  magenta: '#8250df',
  blue: '#0550ae',
  gray: '#57606a',
  white: 'white', // only ever on a coloured background
  black: 'black',
};
const LIGHT_BG: Readonly<Record<string, string>> = {
  yellow: '#f2cc60',
  green: '#7ee2a8',
  red: '#cf222e',
  white: '#d0d7de', // a white tag on a white screen would not show
};

export function palette(theme: ThemeName, color: boolean, attrs = true): Palette {
  if (!color) return { name: theme, color: false, attrs, fg: () => undefined, bg: () => undefined };
  if (theme === 'light') {
    return {
      name: 'light',
      color: true,
      attrs,
      fg: (n) => (n === undefined ? undefined : (LIGHT_FG[n] ?? n)),
      bg: (n) => (n === undefined ? undefined : (LIGHT_BG[n] ?? n)),
    };
  }
  return { name: 'dark', color: true, attrs, fg: (n) => n, bg: (n) => n };
}

/** The palette of tests and of the dashboard when nothing else is chosen. */
export const DARK: Palette = palette('dark', true);
