/**
 * Every key the dashboard answers to, in one place (data only): a command name,
 * the key presses that trigger it, the text the help overlay shows, and — in
 * KEY_CONTEXTS (keyContexts.ts) — which commands each context answers to, most important first.
 * Handlers match by command name over their context's list (keyLookup.ts), the
 * footer shows the head of that list and `?` shows all of it; the keys
 * table of docs/keys.md is generated from here (`npm run docs:keys`).
 */
import { VIEWS, viewKey } from '../views/index.js';
import { G } from '../glyphs.js';
import type { Binding } from './keyTypes.js';

export type { Binding, KeyMatcher } from './keyTypes.js';

export const KEY_BINDINGS = {
  up: {
    short: 'up',
    keys: [{ key: 'upArrow' }, { input: 'k' }],
    get label() {
      return `${G.up}/k`;
    },
    help: 'Previous row (Markets, past the first: the previous page)',
  },
  down: {
    short: 'down',
    keys: [{ key: 'downArrow' }, { input: 'j' }],
    get label() {
      return `${G.down}/j`;
    },
    help: 'Next row (Markets, past the last of a full page: the next page)',
  },
  pageUp: {
    keys: [{ key: 'pageUp' }],
    label: 'PgUp',
    help: 'One screen up (Markets, at the first row: the previous page)',
  },
  pageDown: {
    keys: [{ key: 'pageDown' }],
    label: 'PgDn',
    help: 'One screen down (Markets, at the last row: the next page)',
  },
  first: { keys: [{ key: 'home' }], label: 'Home', help: 'First row' },
  last: { keys: [{ input: 'G' }, { key: 'end' }], label: 'G/End', help: 'Last row' },
  focusNext: {
    short: 'open',
    keys: [{ key: 'return' }, { key: 'tab', shift: false }],
    get label() {
      return `${G.ret}/Tab`;
    },
    get help() {
      return `Focus next pane: list ${G.to} detail ${G.to} quote (Events: open the event)`;
    },
  },
  back: {
    short: 'back',
    keys: [{ key: 'escape' }],
    label: 'Esc',
    help: 'Back to the previous pane / close (an open event: all events)',
  },

  search: {
    short: 'search',
    keys: [{ input: '/' }],
    label: '/',
    get help() {
      return `Search titles and categories (${G.ret} sends, Esc cancels; s, f, c and / show Markets)`;
    },
  },
  sort: {
    short: 'sort',
    keys: [{ input: 's' }],
    label: 's',
    help: 'Cycle sort: volume, newest, closing, liquidity (Movers: rank by 1 h / 24 h)',
  },
  filter: {
    short: 'status',
    keys: [{ input: 'f' }],
    label: 'f',
    help: 'Cycle status: active, closed, settling, resolved, all',
  },
  category: { short: 'category', keys: [{ input: 'c' }], label: 'c', help: 'Cycle category (all, then each one seen)' },
  refresh: { short: 'refresh', keys: [{ input: 'r' }], label: 'r', help: 'Refresh now (when the rate budget allows)' },
  historyRange: { keys: [{ input: 'h' }], label: 'h', help: "Price history: 24 h or 7 d (a platform's own history)" },
  venue: {
    keys: [{ input: 'v' }],
    label: 'v',
    help: 'Several venues: only the next venue, then every venue again',
  },

  goTo: { short: 'go to', keys: [{ input: 'g' }], label: 'g', help: 'Go to a pasted address, ticker, slug or id' },
  pairs: {
    short: 'pairs',
    keys: [{ input: 'P' }],
    label: 'P',
    help: "A market's candidates on the other venues (Across)",
  },
  pairYes: { keys: [{ input: 'y' }], label: 'y', help: 'Across: confirm the pair' },
  pairNo: { keys: [{ input: 'n' }], label: 'n', help: 'Across: reject the pair' },
  openPage: { short: 'page', keys: [{ input: 'o' }], label: 'o', help: "Open the market's or event's web page" },

  // The views (tab row): a digit each, in VIEWS order; [ and ] step through them.
  view: {
    short: 'views',
    keys: VIEWS.map((_, i) => ({ input: viewKey(i) })),
    get label() {
      return `${viewKey(0)}${G.endash}${viewKey(VIEWS.length - 1)}`;
    },
    help: `Show a view: ${VIEWS.map((v, i) => `${viewKey(i)} ${v.title}`).join(', ')}`,
  },
  nextView: { keys: [{ input: ']' }], label: ']', help: 'Next view (the tab to the right)' },
  prevView: { keys: [{ input: '[' }], label: '[', help: 'Previous view' },

  fieldNext: {
    short: 'field',
    keys: [{ key: 'downArrow' }, { key: 'tab', shift: false }],
    get label() {
      return `${G.down}/Tab`;
    },
    help: 'Next field of the quote form',
  },
  fieldPrev: {
    keys: [{ key: 'upArrow' }, { key: 'tab', shift: true }],
    get label() {
      return `${G.up}/S-Tab`;
    },
    help: 'Previous field',
  },
  valuePrev: {
    keys: [{ key: 'leftArrow' }],
    get label() {
      return G.left;
    },
    help: 'Previous outcome / toggle buy-sell',
  },
  valueNext: {
    short: 'change',
    keys: [{ key: 'rightArrow' }, { input: ' ' }],
    get label() {
      return `${G.to}/Space`;
    },
    help: 'Next outcome / toggle buy-sell',
  },
  submit: {
    short: 'quote',
    keys: [{ key: 'return' }],
    get label() {
      return G.ret;
    },
    help: 'Ask for a quote now',
  },
  keepPaper: {
    short: 'paper',
    keys: [{ input: 'p' }],
    label: 'p',
    help: 'Keep the preview as a paper position (tab 6)',
  },

  cursorLeft: {
    keys: [{ key: 'leftArrow' }],
    get label() {
      return G.left;
    },
    help: 'Cursor left',
  },
  cursorRight: {
    keys: [{ key: 'rightArrow' }],
    get label() {
      return G.to;
    },
    help: 'Cursor right',
  },
  cursorHome: { keys: [{ key: 'home' }, { input: 'a', ctrl: true }], label: 'Home/C-a', help: 'Start of field' },
  cursorEnd: { keys: [{ key: 'end' }, { input: 'e', ctrl: true }], label: 'End/C-e', help: 'End of field' },
  deleteBack: {
    keys: [{ key: 'backspace' }, { input: 'h', ctrl: true }],
    get label() {
      return G.backspace;
    },
    help: 'Delete before the cursor',
  },
  deleteForward: {
    keys: [{ key: 'delete' }, { input: 'd', ctrl: true }],
    label: 'Del/C-d',
    help: 'Delete at the cursor',
  },
  deleteWord: { keys: [{ input: 'w', ctrl: true }], label: 'C-w', help: 'Delete the word before the cursor' },
  clearLine: { keys: [{ input: 'u', ctrl: true }], label: 'C-u', help: 'Clear the field' },
  killToEnd: { keys: [{ input: 'k', ctrl: true }], label: 'C-k', help: 'Delete to the end' },
  accept: {
    short: 'send',
    keys: [{ key: 'return' }],
    get label() {
      return G.ret;
    },
    help: 'Send (the search, the go-to box)',
  },
  cancel: { short: 'cancel', keys: [{ key: 'escape' }], label: 'Esc', help: 'Leave the field' },

  // ── the watchlist and alerts (docs/watcher.md) ──
  watch: {
    short: 'watch',
    keys: [{ input: 'w' }],
    label: 'w',
    get help() {
      return `Watch / unwatch the market (${G.star}): followed until it resolves, status changes alert`;
    },
  },
  alert: {
    short: 'alert',
    keys: [{ input: 'a' }],
    label: 'a',
    help: "Set an alert: price, move, status; a position's P&L (Positions); a pair's gap (Across)",
  },
  alertLog: {
    short: 'alerts',
    keys: [{ input: 'A' }],
    label: 'A',
    help: 'The alert log (newest first) and the alerts set',
  },
  alertChoiceNext: {
    short: 'change',
    keys: [{ key: 'rightArrow' }, { input: ' ' }],
    get label() {
      return `${G.to}/Space`;
    },
    help: 'Next kind / outcome / position',
  },
  alertChoicePrev: {
    keys: [{ key: 'leftArrow' }],
    get label() {
      return G.left;
    },
    help: 'Previous kind / outcome / position',
  },
  alertFieldNext: {
    short: 'field',
    keys: [{ key: 'downArrow' }, { key: 'tab', shift: false }],
    get label() {
      return `${G.down}/Tab`;
    },
    help: 'Next field of the alert form',
  },
  setAlert: {
    short: 'set',
    keys: [{ key: 'return' }],
    get label() {
      return G.ret;
    },
    help: 'Set the alert (it fires once per crossing)',
  },
  removeAlert: {
    short: 'remove',
    keys: [{ input: 'x' }, { key: 'delete' }],
    label: 'x/Del',
    help: 'Remove the alert under the cursor',
  },

  help: { short: 'help', keys: [{ input: '?' }], label: '?', help: 'Show / hide this help' },
  quit: { short: 'quit', keys: [{ input: 'q' }], label: 'q', help: 'Quit (types a "q" while in a text field)' },
  forceQuit: { short: 'quit', keys: [{ input: 'c', ctrl: true }], label: 'Ctrl-C', help: 'Quit, everywhere' },
  suspend: {
    keys: [{ input: 'z', ctrl: true }],
    label: 'Ctrl-Z',
    help: 'Suspend to the shell, everywhere (fg in the shell brings it back)',
  },
} as const satisfies Record<string, Binding>;

export type Command = keyof typeof KEY_BINDINGS;

export { KEY_CONTEXTS, TEXT_EDIT_COMMANDS, type KeyContextName } from './keyContexts.js';
