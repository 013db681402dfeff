import { Box, Text } from 'ink';
import type { Market } from '../../api/types.js';
import type { QuoteEntry, QuoteForm as Form, TradeState } from '../../store/types.js';
import { leadingOutcome } from '../../store/derive.js';
import { EMPTY_FORM } from '../../store/store.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth } from '../format.js';
import type { FormField } from '../uiState.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { quoteResultLines } from './QuoteResult.js';
import { badgeSeg } from './StatusBadge.js';
import { TextField } from './TextField.js';

export interface QuoteFormProps {
  market: Market | undefined;
  entry: QuoteEntry | undefined;
  tradeState: TradeState | undefined;
  focused: boolean;
  field: FormField;
  amountCursor: number;
  width: number;
  height: number;
}

const LABEL_W = 10;

function fieldLabel(name: string, active: boolean): Seg {
  return { text: `${active ? '▸ ' : '  '}${name}`.padEnd(LABEL_W), ...(active ? { color: 'cyan', bold: true } : { dim: true }) };
}

function choiceSeg(value: string, active: boolean, width: number): Seg {
  return { text: fitWidth(active ? `‹ ${value} ›` : `  ${value}`, width), bold: true };
}

export function QuoteFormPane(p: QuoteFormProps) {
  const form: Form = p.entry?.form ?? EMPTY_FORM;
  const valueW = Math.max(1, p.width - LABEL_W);
  const active = (f: FormField) => p.focused && p.field === f;
  const badge = p.tradeState ?? (p.market && p.market.status !== 'active' && p.market.status !== 'unknown' ? p.market.status : undefined);
  const title: Seg[] = [
    paneTitle('Quote', p.focused),
    ...(badge ? [{ text: ' ' }, badgeSeg(badge)] : []),
    { text: p.market ? ` ${sanitize(p.market.title)}` : ' (no market)', dim: true, priority: -1 },
  ];
  // Until the form is opened, show the outcome it will start with.
  const outcome = sanitize(form.outcome || (p.market ? leadingOutcome(p.market)?.name : '') || '') || '—';
  const lines = quoteResultLines(p.entry, form, p.focused);
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      <Line width={p.width} segs={title} />
      <Line width={p.width} segs={[fieldLabel('Outcome', active('outcome')), choiceSeg(outcome, active('outcome'), valueW)]} />
      <Box width={p.width} height={1} overflow="hidden">
        <Line width={LABEL_W} segs={[fieldLabel('Amount', active('amount'))]} />
        <Box width={valueW} overflow="hidden">
          <Text wrap="truncate-end">
            {'  '}
            <TextField
              state={{ value: form.amount, cursor: p.amountCursor }}
              width={Math.max(1, Math.min(valueW - 2, 24))}
              focused={active('amount')}
              placeholder="amount, e.g. 25"
            />
          </Text>
        </Box>
      </Box>
      <Line width={p.width} segs={[fieldLabel('Action', active('action')), choiceSeg(form.action, active('action'), valueW)]} />
      {lines.slice(0, 2).map((segs, i) => (
        <Line key={i} width={p.width} segs={[{ text: '  ' }, ...segs]} />
      ))}
    </Box>
  );
}
