import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Market } from '../../api/types.js';
import type { Currency } from '../../positions/types.js';
import type { QuoteEntry, QuoteForm as Form, TradeState } from '../../store/types.js';
import { leadingOutcome } from '../../store/outcomes.js';
import { EMPTY_FORM } from '../../store/quoteForm.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth, wrap } from '../format.js';
import type { FormField } from '../uiState.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { quoteResultLines } from './QuoteResult.js';
import { badgeSeg } from './badge.js';
import { TextField } from './TextField.js';
import { G } from '../glyphs.js';

export interface QuoteFormProps {
  market: Market | undefined;
  entry: QuoteEntry | undefined;
  tradeState: TradeState | undefined;
  focused: boolean;
  /** The detail pane has focus: one ⏎ opens the form (the hint says so). */
  detailFocused?: boolean;
  field: FormField;
  amountCursor: number;
  width: number;
  height: number;
  /** Draw the one-line summary (stacked layout, form not focused). */
  collapsed?: boolean;
  /** The market's venue's money (USDC, USD, mana); the interface's counted as USD, as its paper trades are. */
  currency?: Currency;
  /** Its quote waits for a slot of its venue's rate budget (src/ui/budgetWait.ts): '' the one venue, else its name. */
  budgetWait?: string | undefined;
}

const LABEL_W = 10;

function fieldLabel(name: string, active: boolean): Seg {
  return {
    text: `${active ? `${G.sel} ` : '  '}${name}`.padEnd(LABEL_W),
    ...(active ? { color: 'cyan', bold: true } : { dim: true }),
  };
}

function choiceSeg(value: string, active: boolean, width: number): Seg {
  return { text: fitWidth(active ? `${G.lsel} ${value} ${G.rsel}` : `  ${value}`, width), bold: true };
}

function tradeBadge(p: QuoteFormProps) {
  return (
    p.tradeState ??
    (p.market && p.market.status !== 'active' && p.market.status !== 'unknown' ? p.market.status : undefined)
  );
}

/** The form's outcome; until the form is opened, the one it will start with. */
function shownOutcome(p: QuoteFormProps, form: Form): string {
  return sanitize(form.outcome || (p.market ? leadingOutcome(p.market)?.name : '') || '') || G.dash;
}

/**
 * The collapsed form in one line: title, badge, "outcome · amount · action",
 * then the last result (or its error, or the hint) as far as it fits.
 */
export function quoteSummarySegs(p: QuoteFormProps): Seg[] {
  const form: Form = p.entry?.form ?? EMPTY_FORM;
  const badge = tradeBadge(p);
  const head: Seg[] = [paneTitle('Quote', p.focused), ...(badge ? [{ text: ' ' }, badgeSeg(badge)] : [])];
  if (!p.market) return [...head, { text: ' (no market)', dim: true }];
  const amount = form.amount.trim() ? sanitize(form.amount.trim()) : '';
  const e = p.entry;
  const tradeError =
    e?.status === 'error' &&
    (e.error?.kind === 'closed' || e.error?.kind === 'resolved' || e.error?.kind === 'settling');
  // The badge is already beside the title; the long 409/410/423 sentence would only push the form out.
  const result: Seg[] = tradeError
    ? [{ text: `no quotes${e.error?.status ? ` (${e.error.status})` : ''}`, dim: true }]
    : (quoteResultLines(e, form, false, p.detailFocused, p.currency, p.budgetWait)[0] ?? []);
  if (!amount && (!e || e.status === 'idle')) return [...head, { text: '  ' }, ...result];
  // Outcome · amount · action stay; the result is cut (…) when the line is short.
  return [
    ...head,
    { text: `  ${shownOutcome(p, form)}`, bold: true },
    { text: ` ${G.dot} ${amount || G.dash} ${G.dot} ${form.action}` },
    { text: '  ' },
    ...result,
  ];
}

function QuoteFormView(p: QuoteFormProps) {
  if (p.collapsed || !p.market) {
    // no market to quote: the title alone (an empty form beside the list said "Press ⏎ twice", which opened nothing)
    return (
      <Box width={p.width} height={p.collapsed ? Math.min(1, p.height) : p.height} overflow="hidden">
        <Line width={p.width} segs={quoteSummarySegs(p)} />
      </Box>
    );
  }
  const form: Form = p.entry?.form ?? EMPTY_FORM;
  const valueW = Math.max(1, p.width - LABEL_W);
  const active = (f: FormField) => p.focused && p.field === f;
  const badge = tradeBadge(p);
  const title: Seg[] = [
    paneTitle('Quote', p.focused),
    ...(badge ? [{ text: ' ' }, badgeSeg(badge)] : []),
    // the name gives way with '…' where the line is short, never dropped whole (it read '◆ Quote RESOLVED' alone)
    { text: ` ${sanitize(p.market.title)}`, dim: true, priority: -1, minCut: 6 },
  ];
  const outcome = shownOutcome(p, form);
  const lines = wrapMessage(
    quoteResultLines(p.entry, form, p.focused, p.detailFocused, p.currency, p.budgetWait),
    p.width - 2,
  );
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      <Line width={p.width} segs={title} />
      <Line
        width={p.width}
        segs={[fieldLabel('Outcome', active('outcome')), choiceSeg(outcome, active('outcome'), valueW)]}
      />
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
      <Line
        width={p.width}
        segs={[fieldLabel('Action', active('action')), choiceSeg(form.action, active('action'), valueW)]}
      />
      {lines.slice(0, 2).map((segs, i) => (
        <Line key={i} width={p.width} segs={[{ text: '  ' }, ...segs]} />
      ))}
    </Box>
  );
}

/** A message alone (a verdict on the amount, an error) too long for the pane goes on in the second result line. */
function wrapMessage(lines: Seg[][], width: number): Seg[][] {
  const seg = lines.length === 1 && lines[0]!.length === 1 ? lines[0]![0]! : undefined;
  const parts = seg ? wrap(seg.text, width) : [];
  if (!seg || parts.length < 2) return lines;
  return [[{ ...seg, text: parts[0]! }], [{ ...seg, text: parts.slice(1).join(' ') }]];
}

/**
 * The quote form; its props are store entries and UI state, so a clock tick or another market's answer leaves it alone.
 */
export const QuoteFormPane = memo(QuoteFormView);
