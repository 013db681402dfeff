import { Text } from 'ink';
import { displayWidth, fitWidth } from '../format.js';

/** One styled piece of a line. */
export interface Seg {
  text: string;
  color?: string;
  backgroundColor?: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  /** Negative: may be dropped when the line is too wide, most negative first (then the rightmost). Default 0: kept, cut last. */
  priority?: number;
}

/**
 * Fit segments into `width` cells: drop the lowest-priority segments (last
 * first) while the line is too wide, then cut the last one with '…'.
 */
export function fitSegments(segs: readonly Seg[], width: number): Seg[] {
  let kept = segs.filter((s) => s.text !== '');
  const total = (xs: Seg[]) => xs.reduce((n, s) => n + displayWidth(s.text), 0);
  while (total(kept) > width) {
    const droppable = kept.filter((s) => (s.priority ?? 0) < 0);
    if (droppable.length === 0) break;
    const lowest = Math.min(...droppable.map((s) => s.priority ?? 0));
    const victim = kept.map((s, i) => ({ s, i })).filter(({ s }) => (s.priority ?? 0) === lowest).pop()!;
    kept = kept.filter((_, i) => i !== victim.i);
  }
  const out: Seg[] = [];
  let used = 0;
  for (const s of kept) {
    const room = width - used;
    if (room <= 0) break;
    const w = displayWidth(s.text);
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

/** A single terminal line that never wraps and never exceeds `width` cells. */
export function Line({ segs, width }: { segs: readonly Seg[]; width: number }) {
  const fitted = fitSegments(segs, Math.max(0, width));
  return (
    <Text wrap="truncate-end">
      {fitted.length === 0
        ? ' '
        : fitted.map((s, i) => (
            <Text
              key={i}
              {...(s.color ? { color: s.color } : {})}
              {...(s.backgroundColor ? { backgroundColor: s.backgroundColor } : {})}
              bold={s.bold ?? false}
              dimColor={s.dim ?? false}
              inverse={s.inverse ?? false}
            >
              {s.text}
            </Text>
          ))}
    </Text>
  );
}

/** A pane's title: the focused pane is marked by a filled diamond and colour, so focus shows without colour too. */
export function paneTitle(name: string, focused: boolean): Seg {
  return focused ? { text: `◆ ${name}`, bold: true, color: 'cyan' } : { text: `◇ ${name}`, bold: true, dim: true };
}
