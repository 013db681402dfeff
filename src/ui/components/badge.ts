import type { Badge } from '../viewModel.js';
import { BADGES, BADGE_WIDTH, badgeWord } from '../theme.js';
import type { Seg } from './Line.js';

/**
 * The badge as a line segment: colour AND text, optionally padded to the widest badge.
 * An unknown status shows the source's own word (`raw`, e.g. INITIALIZED → "INITIAL…"), never a guess (badgeWord).
 */
export function badgeSeg(status: Badge, pad = false, raw?: string): Seg {
  const b = BADGES[status] ?? BADGES.unknown;
  const word = badgeWord(status, raw);
  return { text: pad ? word.padEnd(BADGE_WIDTH) : word, color: b.color, bold: true };
}
