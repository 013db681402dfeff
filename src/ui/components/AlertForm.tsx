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
import { fitWidth } from '../format.js';
import { colors } from '../theme.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { TextField } from './TextField.js';

const LABEL_W = 13;
const KIND_WORDS: Record<AlertKind, string> = {
  above: 'price at or above',
  below: 'price at or below',
  move: 'a move of at least',
  status: 'any status change',
};
const LABELS: Record<AlertField, string> = {
  kind: 'Alert on',
  outcome: 'Outcome',
  value: 'Price ¢',
  minutes: 'Within min',
};
const HINT = '⏎ sets it · Esc closes · fires once per crossing';

/** Lines the form takes: a title, its fields, one message line. */
export function alertFormLines(f: AlertFormState | undefined): number {
  return f ? alertFields(f.kind).length + 2 : 0;
}

function label(f: AlertFormState, field: AlertField): Seg {
  const active = f.field === field;
  const text = field === 'value' && f.kind === 'move' ? 'Move ¢' : LABELS[field];
  return {
    text: `${active ? '▸ ' : '  '}${text}`.padEnd(LABEL_W),
    ...(active ? { color: colors.accent, bold: true } : { dim: true }),
  };
}

function choice(value: string, active: boolean, width: number): Seg {
  return { text: fitWidth(active ? `‹ ${value} ›` : `  ${value}`, width), bold: true };
}

function AlertFormView({ form: f, title, width }: { form: AlertFormState; title: string | undefined; width: number }) {
  const valueW = Math.max(1, width - LABEL_W);
  const head: Seg[] = [paneTitle('Alert', true), { text: ` ${sanitize(title ?? f.marketId)}`, dim: true }];
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
          segs={[label(f, field), choice(sanitize(f.outcome) || '—', f.field === field, valueW)]}
        />
      );
    return number(field, field === 'minutes' ? 'e.g. 30' : f.kind === 'move' ? 'e.g. 5' : 'e.g. 70');
  });
  const message: Seg[] = f.error ? [{ text: `  ${f.error}`, color: colors.warn }] : [{ text: `  ${HINT}`, dim: true }];
  return (
    <Box flexDirection="column" width={width} height={alertFormLines(f)} overflow="hidden">
      <Line width={width} segs={head} />
      {rows}
      <Line width={width} segs={message} />
    </Box>
  );
}

export const AlertForm = memo(AlertFormView);
