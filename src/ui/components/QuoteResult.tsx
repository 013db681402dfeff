import { shortCause } from '../../store/connection.js';
import type { QuoteEntry, QuoteForm, TradeState } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { sameForm } from '../../store/quoteForm.js';
import { formatTradeMoney, formatTradeShares } from '../../positions/format.js';
import type { Currency } from '../../positions/types.js';
import { missing, formatPrice, formatPriceMove } from '../format.js';
import { budgetWaitWords } from '../budgetWait.js';
import { nothingFilled } from '../quoteFill.js';
import { colors } from '../theme.js';
import type { Seg } from './Line.js';
import { badgeSeg } from './badge.js';
import { G } from '../glyphs.js';

const TRADE_TEXT: Record<TradeState, string> = {
  closed: 'Market closed (409): trading has stopped, no quotes.',
  resolved: 'Market resolved (410): the outcome is decided, no quotes.',
  settling: 'Market settling (423): payouts are being worked out, no quotes.',
};

function resultLines(entry: QuoteEntry, updating: boolean, currency: Currency): Seg[][] {
  const q = entry.result!;
  // under a cent as such, never $0.00 for a figure above zero (formatTradeMoney, as `oddsboard quote` writes it)
  const money = (v: number | undefined) => formatTradeMoney(v, currency);
  const dim = updating;
  // nothing filled: why, instead of figures that are all 0 or — ("fills only $0.00 · mid — → —")
  const none = nothingFilled(q);
  if (none !== undefined)
    return [
      [
        { text: updating ? `updating${G.ell} ` : '', color: colors.warn },
        { text: `Nothing fills: ${none}.`, color: colors.warn, bold: !dim, dim },
      ],
    ];
  // before, after and the impact at one precision, so the two prices shown differ by the impact shown
  const [before, after, impact] = formatPriceMove(q.priceBefore, q.priceAfter, q.priceImpact);
  return [
    [
      { text: updating ? `updating${G.ell} ` : '', color: colors.warn },
      { text: `${formatTradeShares(q.shares)} shares`, bold: !dim, dim },
      // in a narrow pane the average and the impact give way first: shares, total and fee stay whole
      { text: ` @ avg ${formatPrice(q.averagePrice)}`, dim, priority: -1 },
      { text: ` ${G.dot} total ${money(q.total)}`, bold: !dim, dim },
    ],
    [
      // a book too thin for the amount says what it fills, first
      {
        text:
          q.filled === undefined
            ? ''
            : `fills only ${q.action === 'sell' ? `${formatTradeShares(q.filled)} shares` : money(q.filled)} ${G.dot} `,
        color: colors.warn,
        bold: !dim,
      },
      {
        text: `${q.basis === 'book' ? 'mid' : 'price'} ${before} ${G.to} ${after}`,
        dim,
      },
      { text: ` ${G.dot} impact ${impact}`, dim, priority: -1 },
      { text: ` ${G.dot} fee ${money(q.fee)}`, dim },
      {
        text: q.worstPrice !== undefined ? ` ${G.dot} worst ${formatPrice(q.worstPrice)}` : '',
        dim: true,
        priority: -1,
      },
    ],
  ];
}

/** What the idle form suggests: typing once it has focus; one ⏎ from the detail pane, two from the list. */
function idleHint(focused: boolean, detailFocused: boolean): string {
  if (focused) return 'Type an amount to get a quote.';
  return detailFocused ? `Press ${G.ret} to open the quote form.` : `Press ${G.ret} twice to open the quote form.`;
}

/**
 * The two result lines under the quote form: hint, validation message, waiting, the quote, or its error; money in the
 * venue's currency (src/positions/format.ts), as the paper trade notice and the Positions view write it.
 */
export function quoteResultLines(
  entry: QuoteEntry | undefined,
  form: QuoteForm,
  focused: boolean,
  detailFocused = false,
  currency: Currency = 'USD',
  budgetWait?: string,
): Seg[][] {
  if (!entry || entry.status === 'idle') {
    return [[{ text: idleHint(focused, detailFocused), dim: true }]];
  }
  // sync stores the verdict on every edit, so an invalid form shows its message even when an older answer arrives
  if (entry.status === 'invalid') {
    return [[{ text: `${G.bad} ${sanitize(entry.validation ?? 'Invalid amount')}`, color: colors.warn, bold: true }]];
  }
  switch (entry.status) {
    case 'waiting':
      return [
        [
          { text: `${G.ell} waiting for a quote`, color: colors.accent },
          // held for a slot of the venue's rate budget (17 s on a busy one): say so, as the loading list does
          { text: entry.retryError ? '' : budgetWaitWords(budgetWait), color: colors.warn },
          // the last try failed for a passing reason (5xx, no answer) and is repeated: say why, not just "waiting"
          {
            text: entry.retryError ? ` ${G.dot} retrying after ${shortCause(entry.retryError)}` : '',
            color: colors.warn,
          },
          { text: entry.retryError ? ` ${G.dash} ${sanitize(entry.retryError.message)}` : '', dim: true, priority: -1 },
        ],
        ...(entry.result ? resultLines(entry, true, currency).slice(0, 1) : []),
      ];
    case 'ok':
      return entry.result
        ? resultLines(entry, !sameForm(entry.answeredForm, form), currency)
        : [[{ text: missing(), dim: true }]];
    case 'error': {
      const kind = entry.error?.kind;
      if (kind === 'closed' || kind === 'resolved' || kind === 'settling') {
        return [[badgeSeg(kind), { text: ` ${TRADE_TEXT[kind]}` }]];
      }
      const msg = sanitize(entry.error?.message ?? 'The quote failed.');
      return [[{ text: `${G.bad} ${msg}`, color: colors.error }]];
    }
  }
}
