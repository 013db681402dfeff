/**
 * The texts the store, the venues and the link parser make, in both glyph sets (docs/views.md § Terminals without
 * UTF-8): under LANG=C the `w` notice read `* Watching “Title”` and an alert `... 71.0¢ (above 70¢)`. Each text is
 * built in the set chosen when it is made; a title, the service's text, is drawn as received in both.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Market, Quote } from '../api/types.js';
import { KALSHI_CAPS } from '../sources/kalshi/client.js';
import { parseTarget } from '../links/parse.js';
import { setGlyphs, type GlyphMode } from '../util/glyphs.js';
import { formatPrice } from '../util/price.js';
import { categoryWords } from '../venues/joinQuery.js';
import type { AppState } from './types.js';
import { ruleText } from './alerts.js';
import { checkCents } from './alertRules.js';
import { recoveryNotice } from './connection.js';
import { createOddsStore } from './store.js';
import { quoted, transitionNotice } from './transitions.js';
import type { AlertRule } from './watchTypes.js';
import { binary, market } from '../../test/support/markets.js';

afterEach(() => setGlyphs('unicode'));

/** `[unicode, ascii]`: the text each set makes. */
const both = (name: string, make: () => unknown, texts: readonly [unknown, unknown]) =>
  it.each([
    ['unicode', texts[0]],
    ['ascii', texts[1]],
  ] as [GlyphMode, unknown][])(`${name} in %s`, (mode, want) => {
    setGlyphs(mode);
    expect(make()).toEqual(want);
  });

const t = (title: string, to: 'closed' | 'resolved') => ({ id: title, title, from: 'active' as const, to, at: 0 });
const rule = (over: Partial<AlertRule>): AlertRule => ({
  id: 'r1',
  marketId: 'm1',
  kind: 'above',
  outcome: 'Yes',
  cents: 70,
  source: 'form',
  createdAt: 0,
  ...over,
});

describe('texts made outside src/ui, in the set chosen', () => {
  // a quote inside a quoted title is nested as typography nests one, so its closing mark cannot end the title's
  both('a quoted title (quotes inside it nested)', () => [quoted('Will “AI” win?'), quoted('Will "X" win?')], [
    ['“Will ‘AI’ win?”', '“Will "X" win?”'],
    ['"Will “AI” win?"', '"Will \'X\' win?"'],
  ]);
  both(
    'a burst of status changes',
    () => transitionNotice([t('A', 'closed'), t('B', 'closed'), t('C', 'closed'), t('D', 'closed')]),
    [
      '4 markets changed: “A” closed · “B” closed · “C” closed …',
      '4 markets changed: "A" closed - "B" closed - "C" closed ~',
    ],
  );
  both('a price', () => [formatPrice(0.635), formatPrice(undefined)], [
    ['63.5¢', '—'],
    ['63.5c', '-'],
  ]);
  both('rules in words', () => [ruleText(rule({})), ruleText(rule({ kind: 'gap', cents: 2 }))], [
    ['Yes at or above 70¢', "gap after fees above 2¢ (the Across view's size) with —"],
    ['Yes at or above 70c', "gap after fees above 2c (the Across view's size) with -"],
  ]);
  both('a rule refused', () => checkCents('gap', 100), [
    'the gap must be from 0¢ to less than 100¢',
    'the gap must be from 0c to less than 100c',
  ]);
  both(
    'an outage ended',
    () => recoveryNotice({ status: 'offline', cause: 'timeout', failures: 3, from: 0, to: 120_000 }),
    [expect.stringContaining('(timeout ×3)'), expect.stringContaining('(timeout x3)')],
  );
  both(
    "a search in two venues' words",
    () => {
      const st = (q: string) => ({ caps: { search: true }, list: { query: { q, category: '' } } }) as AppState;
      return categoryWords(['kalshi', 'polymarket'], [st('fed'), st('rates')]);
    },
    ['K search “fed” · P search “rates”', 'K search "fed" - P search "rates"'],
  );
  both(
    'a link not understood',
    () => [parseTarget(''), parseTarget('a b')].map((p) => (p.ok ? '' : p.message.slice(0, 40))),
    [
      ['Nothing to go to — accepted: a market or', 'Not understood: “a b” has spaces (paste '],
      ['Nothing to go to - accepted: a market or', 'Not understood: "a b" has spaces (paste '],
    ],
  );
  // a pasted `"` inside the set's own quotes ended them early: the notice's quote matching cut the text there
  both(
    'a pasted text holding the closing quote, quoted nested',
    () => {
      const p = parseTarget('say"hi"');
      return p.ok ? '' : p.message.slice(0, 31);
    },
    ['Not understood: “say"hi"” is no', 'Not understood: "say\'hi\'" is no'],
  );
});

describe('notices the store makes, in the set chosen', () => {
  const kalshi = (): Market => ({ ...market('K1', { outcomes: binary(0.07) }), title: 'Kansas City vs Detroit' });
  both(
    'an alert fired (saved in the log as made)',
    () => {
      const s = createOddsStore({ mode: 'key', limit: 30 });
      s.getState().listLoaded([market('m1', { outcomes: binary(0.6) })], 0);
      s.getState().addAlert(rule({}));
      s.getState().listLoaded([market('m1', { outcomes: binary(0.71) })], 10_000);
      return [s.getState().alerts.log[0]?.text, s.getState().notices.at(-1)?.text];
    },
    [
      ['“Market m1” Yes at 71.0¢ (above 70¢)', '“Market m1” Yes at 71.0¢ (above 70¢)'],
      ['"Market m1" Yes at 71.0c (above 70c)', '"Market m1" Yes at 71.0c (above 70c)'],
    ],
  );
  both(
    'a paper trade kept, and one refused',
    () => {
      const s = createOddsStore({ mode: 'kalshi', limit: 60, caps: KALSHI_CAPS });
      s.getState().listLoaded([kalshi()], 1);
      const refused = s.getState().keepPaper('K1', 5);
      const q: Quote = { action: 'buy', outcome: 'Yes', shares: 100, averagePrice: 0.07, fee: 0, total: 7, raw: {} };
      s.getState().quoteLoaded('K1', { outcome: 'Yes', amount: '7', action: 'buy' }, q, 10);
      const sell: Quote = { ...q, action: 'sell', averagePrice: 0.08, total: 8 };
      s.getState().keepPaper('K1', 10);
      s.getState().quoteLoaded('K1', { outcome: 'Yes', amount: '8', action: 'sell' }, sell, 20);
      const r = s.getState().keepPaper('K1', 20);
      s.getState().quoteLoaded('K1', { outcome: 'Yes', amount: '8', action: 'sell' }, sell, 30);
      const none = s.getState().keepPaper('K1', 30);
      return [refused.ok ? '' : refused.message, r.ok ? r.text : r.message, none.ok ? '' : none.message];
    },
    [
      [
        'No preview to keep: ask for a quote first (⏎).',
        'Kept as a paper trade: sell 100.00 “Yes” at 8.0¢, fee $0.00, got $8.00 — all the paper shares held ' +
          '(Positions view)',
        'No paper shares of “Yes” to sell here.',
      ],
      [
        'No preview to keep: ask for a quote first (Enter).',
        'Kept as a paper trade: sell 100.00 "Yes" at 8.0c, fee $0.00, got $8.00 - all the paper shares held ' +
          '(Positions view)',
        'No paper shares of "Yes" to sell here.',
      ],
    ],
  );
  both(
    'a market gone (404)',
    () => {
      const s = createOddsStore({ mode: 'key', limit: 30 });
      s.getState().listLoaded([kalshi()], 1);
      s.getState().marketGone('K1', 2);
      return s.getState().notices.at(-1)?.text;
    },
    [
      '“Kansas City vs Detroit” is no longer available (private, under review or removed).',
      '"Kansas City vs Detroit" is no longer available (private, under review or removed).',
    ],
  );
});
