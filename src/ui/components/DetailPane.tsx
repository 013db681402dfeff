import { Box } from 'ink';
import { useMemo } from 'react';
import { priceChange } from '../../store/outcomes.js';
import type { MarketEntry, PriceHistory } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { closingText, effectiveStatus, rawStatusOf } from '../viewModel.js';
import {
  displayWidth,
  fitWidth,
  formatAge,
  formatChange,
  formatPrice,
  formatVolume,
  padStartWidth,
} from '../format.js';
import { colors } from '../theme.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { sparkline } from './sparkline.js';
import { badgeSeg } from './badge.js';

export interface DetailProps {
  entry: MarketEntry | undefined;
  history: PriceHistory | undefined;
  eventTitle: string | undefined;
  now: number;
  width: number;
  height: number;
  focused: boolean;
}

/** The outcome name column: as wide as the longest name (+1), within these bounds. */
const NAME_MIN = 10;
const NAME_MAX = 26;
const SPARK_MAX = 48;

function nameWidth(names: readonly string[], paneWidth: number): number {
  const longest = Math.max(0, ...names.map((n) => displayWidth(sanitize(n))));
  return Math.max(NAME_MIN, Math.min(NAME_MAX, longest + 1, paneWidth - 7 - 8 - 2));
}

export function historyOf(history: PriceHistory | undefined, name: string): (number | undefined)[] {
  const i = history ? history.names.indexOf(name) : -1;
  return i < 0 || !history ? [] : history.samples.map((s) => s.prices[i]);
}

export function detailHeadLines(p: DetailProps): Seg[][] {
  const focusSeg: Seg = paneTitle('Detail', p.focused);
  const e = p.entry;
  if (!e) return [[focusSeg, { text: '  no market selected', dim: true }]];
  const m = e.market;
  const lines: Seg[][] = [
    [focusSeg, { text: ' ' }, { text: sanitize(m.title) || '(untitled)', bold: true }],
    [
      badgeSeg(effectiveStatus(e), false, rawStatusOf(e)),
      { text: ` · ${closingText(e, p.now)}` },
      { text: ` · ${sanitize(m.category) || 'no category'}`, dim: true, priority: -1 },
      { text: resultText(e), color: colors.accent },
    ],
  ];
  if (e.forbidden)
    lines.push([
      {
        text: `✗ ${sanitize(e.forbidden.message)} Not refreshed for a while; select it again to retry.`,
        color: colors.error,
      },
    ]);
  if (p.eventTitle) lines.push([{ text: 'Event ', dim: true }, { text: sanitize(p.eventTitle) }]);
  lines.push([
    { text: `Vol ${formatVolume(m.volume)}`, dim: true },
    { text: ` · Liq ${formatVolume(m.liquidity)}`, dim: true },
    { text: tradedText(e) },
    { text: ` · data ${formatAge(p.now - e.receivedAt)} old`, dim: true, priority: -1 },
    { text: ` · id ${sanitize(m.id)}`, dim: true, priority: -2 },
  ]);
  return lines;
}

/** The winner once resolved ("resolved: No"); while settling the result so far ("result: No"). */
function resultText(e: MarketEntry): string {
  const r = e.market.resolvedOutcome;
  if (!r) return '';
  return effectiveStatus(e) === 'resolved' ? ` · resolved: ${sanitize(r)}` : ` · result: ${sanitize(r)}`;
}

/** Beside a settlement, where it last traded (a settled Kalshi market's last trade, say 1¢). */
function tradedText(e: MarketEntry): string {
  const last = e.market.lastTradePrice;
  return last === undefined || effectiveStatus(e) === 'active' ? '' : ` · last trade ${formatPrice(last)}`;
}

/** Dim after a change figure: what it measures. */
const BASIS_LABEL = { '24h': ' 24h ', seen: ' seen' } as const;

export function outcomeLines(p: Pick<DetailProps, 'entry' | 'history' | 'width'>, room: number): Seg[][] {
  const e = p.entry;
  if (!e || room <= 0) return [];
  const outcomes = e.market.outcomes;
  if (outcomes.length === 0)
    return [
      [
        {
          text: e.market.outcomesPending ? 'outcomes come with the market’s detail…' : 'no outcomes listed',
          dim: true,
        },
      ],
    ];
  const fits = outcomes.length <= room ? outcomes : outcomes.slice(0, Math.max(0, room - 1));
  const nameW = nameWidth(
    fits.map((o) => o.name),
    p.width,
  );
  const sparkW = Math.max(0, Math.min(SPARK_MAX, p.width - nameW - 7 - 8 - 5 - 2));
  const lines = fits.map((o): Seg[] => {
    const change = priceChange(e.firstPrices, o);
    const ch = formatChange(change?.value, change?.basis);
    const chColor = ch.dir === 'up' ? colors.up : ch.dir === 'down' ? colors.down : undefined;
    return [
      { text: fitWidth(sanitize(o.name) || '?', nameW, true) },
      { text: padStartWidth(formatPrice(o.price), 7), bold: true },
      { text: padStartWidth(ch.text, 8), ...(chColor ? { color: chColor } : { dim: true }) },
      { text: change ? BASIS_LABEL[change.basis] : '     ', dim: true, priority: -1 },
      { text: '  ' },
      { text: sparkline(historyOf(p.history, o.name), sparkW), color: colors.accent, priority: -1 },
    ];
  });
  if (fits.length < outcomes.length)
    lines.push([{ text: `+${outcomes.length - fits.length} more outcomes`, dim: true }]);
  return lines;
}

/** Lines the pane would draw given all the room it wants (its head and every outcome). */
export function detailWantedLines(p: Omit<DetailProps, 'height'>): number {
  const head = detailHeadLines({ ...p, height: 0 }).length;
  return p.entry ? head + Math.max(1, p.entry.market.outcomes.length) : head;
}

export function DetailPane(p: DetailProps) {
  const head = detailHeadLines(p);
  const room = p.height - head.length;
  // The outcome lines (names, prices, sparklines) do not depend on the clock: kept between ticks.
  const { entry, history, width } = p;
  const outcomes = useMemo(() => outcomeLines({ entry, history, width }, room), [entry, history, width, room]);
  const lines = [...head, ...outcomes].slice(0, Math.max(0, p.height));
  return (
    <Box flexDirection="column" width={p.width} height={lines.length} overflowY="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={p.width} segs={segs} />
      ))}
    </Box>
  );
}
