import type { Badge } from '../viewModel.js';
import { BADGES, BADGE_WIDTH } from '../theme.js';
import type { Seg } from './Line.js';

/** The badge as a line segment: colour AND text, optionally padded to the widest badge. */
export function badgeSeg(status: Badge, pad = false): Seg {
  const b = BADGES[status] ?? BADGES.unknown;
  return { text: pad ? b.text.padEnd(BADGE_WIDTH) : b.text, color: b.color, bold: true };
}
