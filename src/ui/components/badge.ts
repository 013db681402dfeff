import type { Badge } from '../viewModel.js';
import { BADGES, BADGE_WIDTH } from '../theme.js';
import type { Seg } from './Line.js';

/**
 * The badge as a line segment: colour AND text, optionally padded to the widest badge.
 * An unknown status shows the source's own word (`raw`, e.g. INITIALIZED → "INITIAL…"), never a guess.
 */
export function badgeSeg(status: Badge, pad = false, raw?: string): Seg {
  const b = BADGES[status] ?? BADGES.unknown;
  const word = status === 'unknown' && raw ? rawBadge(raw) : b.text;
  return { text: pad ? word.padEnd(BADGE_WIDTH) : word, color: b.color, bold: true };
}

/** A source's status word as a badge: upper case, printable ASCII, at most BADGE_WIDTH cells. */
function rawBadge(raw: string): string {
  const t = raw.toUpperCase().replace(/[^\x21-\x7e]+/g, '_');
  return t.length > BADGE_WIDTH ? `${t.slice(0, BADGE_WIDTH - 1)}…` : t || BADGES.unknown.text;
}
