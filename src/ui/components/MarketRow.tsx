import { changeSince, leadingOutcome } from '../../store/derive.js';
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { effectiveStatus, isStale } from '../derive.js';
import { fitWidth, formatAge, formatChange, formatPrice, formatVolume, padStartWidth } from '../format.js';
import { colors } from '../theme.js';
import { Line, type Seg } from './Line.js';
import { badgeSeg } from './StatusBadge.js';

export interface RowProps {
  entry: MarketEntry;
  selected: boolean;
  focused: boolean;
  now: number;
  /** List refresh interval estimate (for STALE). */
  intervalMs: number;
  width: number;
}

const W = { marker: 2, badge: 9, leadName: 7, leadPrice: 7, change: 7, volume: 7, age: 9 } as const;
const MIN_TITLE = 20;

/** Which optional columns fit next to a title of at least MIN_TITLE cells. */
export function rowColumns(width: number) {
  let cols = { lead: true, change: true, volume: true, age: true };
  const fixed = (c: typeof cols) =>
    W.marker + W.badge + (c.lead ? W.leadName + W.leadPrice : 0) + (c.change ? W.change : 0) + (c.volume ? W.volume : 0) + (c.age ? W.age : 0);
  for (const drop of ['age', 'volume', 'change', 'lead'] as const) {
    if (width - fixed(cols) >= MIN_TITLE) break;
    cols = { ...cols, [drop]: false };
  }
  return { ...cols, title: Math.max(1, width - fixed(cols)) };
}

export function rowSegs({ entry, selected, now, intervalMs, width }: RowProps): Seg[] {
  const m = entry.market;
  const cols = rowColumns(width);
  const lead = leadingOutcome(m);
  const change = formatChange(changeSince(entry.firstPrices, lead));
  const stale = isStale(entry.receivedAt, now, intervalMs);
  const segs: Seg[] = [
    { text: selected ? '▸ ' : '  ', color: colors.accent, bold: true },
    { ...badgeSeg(effectiveStatus(entry), true) },
    { text: ' ' },
    { text: fitWidth(sanitize(m.title) || '(untitled)', cols.title - 1, true) + ' ', bold: selected },
  ];
  if (cols.lead) {
    segs.push({ text: fitWidth(lead ? sanitize(lead.name) : '—', W.leadName - 1, true) + ' ', dim: true });
    segs.push({ text: padStartWidth(formatPrice(lead?.price), W.leadPrice - 1) + ' ' });
  }
  if (cols.change) {
    const color = change.dir === 'up' ? colors.up : change.dir === 'down' ? colors.down : undefined;
    segs.push({ text: padStartWidth(change.text, W.change - 1) + ' ', ...(color ? { color } : { dim: true }) });
  }
  if (cols.volume) segs.push({ text: padStartWidth(formatVolume(m.volume), W.volume - 1) + ' ', dim: true });
  if (cols.age) {
    const age = formatAge(now - entry.receivedAt);
    segs.push(stale ? { text: padStartWidth(`${age} STALE`, W.age), color: colors.warn, bold: true } : { text: padStartWidth(age, W.age), dim: true });
  }
  return segs;
}

export function MarketRow(props: RowProps) {
  const segs = rowSegs(props);
  const shown = props.selected && props.focused ? segs.map((s) => ({ ...s, inverse: true })) : segs;
  return <Line width={props.width} segs={shown} />;
}
