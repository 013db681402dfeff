/**
 * The alert form (`a`), drawn above the panes while open: one line per field
 * of the chosen kind, then the last problem or a hint. Like the quote form:
 * ←/→ change the kind and the outcome, numbers are typed into their fields.
 */
import { Box, Text } from 'ink';
import { memo } from 'react';
import { sanitize } from '../../util/sanitize.js';
import type { AlertKind } from '../../store/watchTypes.js';
import { alertFields, type AlertField, type AlertFormState } from '../alertUi.js';
import { displayWidth, fitWidth, wrap } from '../format.js';
import { fitQuotes } from '../quotes.js';
import { colors } from '../theme.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { TextField } from './TextField.js';
import { ACROSS_SIZE } from '../../venues/across/rows.js';
import { parseRefKey } from '../../venue/ref.js';
import { nameInSentence } from '../../sources/names.js';
import { quoted } from '../../store/transitions.js';
import { G } from '../glyphs.js';

const LABEL_W = 13;
const KIND_WORDS: Record<AlertKind, string> = {
  above: 'price at or above',
  below: 'price at or below',
  move: 'a move of at least',
  status: 'any status change',
  pnlAbove: 'P&L at or above',
  pnlBelow: 'P&L at or below',
  pnlMove: 'P&L moves at least',
  gap: 'gap after fees above',
};
const LABELS: Record<AlertField, string> = {
  kind: 'Alert on',
  outcome: 'Outcome',
  get value() {
    return `Price ${G.cent}`;
  },
  minutes: 'Within min',
};
const HINT = () => `${G.ret} sets it ${G.dot} Esc closes ${G.dot} fires once per crossing`;

/** The value field's label: cents of a price or a gap, or money in the position's currency. */
function valueLabel(f: AlertFormState): string {
  if (f.kind === 'move') return `Move ${G.cent}`;
  if (f.kind === 'gap') return `Gap ${G.cent}`;
  if (f.kind === 'pnlMove') return `Move ${f.currency ?? ''}`;
  if (f.kind === 'pnlAbove' || f.kind === 'pnlBelow') return `P&L ${f.currency ?? ''}`;
  return LABELS.value;
}

function hint(f: AlertFormState): string {
  // a status alert has no level to cross: it fires at every change, with no cooldown (docs/watcher.md)
  if (f.kind === 'status') return `${G.ret} sets it ${G.dot} Esc closes ${G.dot} fires at each status change`;
  if (f.kind === 'gap') return `${HINT()} ${G.dot} after fees for ${ACROSS_SIZE} contracts; never on "no edge"`;
  if (f.pairId === undefined && f.currency !== undefined) return `${HINT()} ${G.dot} money in ${f.currency}, not %`;
  return HINT();
}

/**
 * The problem or the hint, wrapped to the width (indented by two): a narrow terminal reads "from 1 to 1440" whole, not
 * "from 1 to 14…".
 */
function messageLines(f: AlertFormState, width: number): Seg[][] {
  const room = Math.max(8, width - 2);
  const text = f.error ? fitQuotes(f.error, room) : hint(f);
  const style = f.error ? { color: colors.warn } : { dim: true };
  const lines = wrap(text, room);
  return (lines.length ? lines : ['']).map((l) => [{ text: `  ${l}`, ...style }]);
}

/** Lines the form takes at `width`: a title, its fields, the message's lines. */
export function alertFormLines(f: AlertFormState | undefined, width: number): number {
  return f ? alertFields(f.kind).length + 1 + messageLines(f, width).length : 0;
}

function label(f: AlertFormState, field: AlertField): Seg {
  const active = f.field === field;
  const text =
    field === 'value' ? valueLabel(f) : field === 'outcome' && f.currency !== undefined ? 'Position' : LABELS[field];
  return {
    text: `${active ? `${G.sel} ` : '  '}${text}`.padEnd(LABEL_W),
    ...(active ? { color: colors.accent, bold: true } : { dim: true }),
  };
}

function choice(value: string, active: boolean, width: number): Seg {
  return { text: fitWidth(active ? `${G.lsel} ${value} ${G.rsel}` : `  ${value}`, width), bold: true };
}

/** The venues the form is about, in a sentence ("Kalshi"; a pair's "Kalshi and Polymarket"); none for ids of none. */
function venuesOf(f: AlertFormState): string | undefined {
  const ids = [f.marketId, ...(f.pairId !== undefined ? [f.pairId] : [])];
  const names = [...new Set(ids.map((id) => parseRefKey(id)?.venue))].filter((v) => v !== undefined);
  return names.length ? names.map(nameInSentence).join(' and ') : undefined;
}

/**
 * The title line. On a board of several venues (`several`) it names the venue as the ★ Watching notice does
 * ("“Fed holds” on Kalshi"), the title cut so that the venue is always read.
 */
function headOf(f: AlertFormState, title: string | undefined, width: number, several: boolean): Seg[] {
  const name = sanitize(f.title ?? title ?? f.marketId);
  const where = several ? venuesOf(f) : undefined;
  if (where === undefined) return [paneTitle('Alert', true), { text: ` ${name}`, dim: true }];
  const on = ` on ${where}`;
  // a pair's title quotes both legs already
  const text = f.kind === 'gap' ? name : quoted(name);
  const room = Math.max(1, width - displayWidth(`${G.focus} Alert `) - displayWidth(on));
  return [
    paneTitle('Alert', true),
    { text: ` ${fitWidth(fitQuotes(text, room), room)}`, dim: true },
    { text: on, dim: true },
  ];
}

function AlertFormView({
  form: f,
  title,
  width,
  several = false,
}: {
  form: AlertFormState;
  title: string | undefined;
  width: number;
  several?: boolean;
}) {
  const valueW = Math.max(1, width - LABEL_W);
  const head = headOf(f, title, width, several);
  const outcomeText =
    f.currency !== undefined
      ? `${f.outcome || G.dash} ${G.dot} ${f.paper ? 'paper' : 'real'} ${G.dot} ${f.currency}`
      : f.outcome || G.dash;
  const number = (field: 'value' | 'minutes', placeholder: string) => (
    <Box key={field} width={width} height={1} overflow="hidden">
      <Line width={LABEL_W} segs={[label(f, field)]} />
      <Box width={valueW} overflow="hidden">
        <Text wrap="truncate-end">
          {'  '}
          <TextField
            state={f[field]}
            width={Math.max(1, Math.min(valueW - 2, 12))}
            focused={f.field === field}
            placeholder={placeholder}
          />
        </Text>
      </Box>
    </Box>
  );
  const rows = alertFields(f.kind).map((field) => {
    if (field === 'kind')
      return (
        <Line
          key={field}
          width={width}
          segs={[label(f, field), choice(KIND_WORDS[f.kind], f.field === field, valueW)]}
        />
      );
    if (field === 'outcome')
      return (
        <Line
          key={field}
          width={width}
          segs={[label(f, field), choice(sanitize(outcomeText), f.field === field, valueW)]}
        />
      );
    const example =
      field === 'minutes'
        ? 'e.g. 30'
        : f.kind === 'move' || f.kind === 'pnlMove'
          ? 'e.g. 5'
          : f.kind === 'gap'
            ? 'e.g. 2'
            : f.kind.startsWith('pnl')
              ? 'e.g. -10'
              : 'e.g. 70';
    return number(field, example);
  });
  const message = messageLines(f, width);
  return (
    <Box flexDirection="column" width={width} height={alertFormLines(f, width)} overflow="hidden">
      <Line width={width} segs={head} />
      {rows}
      {message.map((segs, i) => (
        <Line key={`m${i}`} width={width} segs={segs} />
      ))}
    </Box>
  );
}

export const AlertForm = memo(AlertFormView);
