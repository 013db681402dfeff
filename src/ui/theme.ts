/** A calm palette (htop/k9s-like): colour always doubles a text cue, never replaces it. */
import type { Badge } from './viewModel.js';

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

export const colors = {
  accent: 'cyan',
  up: 'green',
  down: 'red',
  warn: 'yellow',
  error: 'red',
  ok: 'green',
} as const;
