/**
 * Every key the dashboard answers to, in one place: a command name, the key
 * presses that trigger it, and the text the help overlay shows. Handlers match
 * by command name (`matchCommand`), never by comparing raw input.
 */
import type { Key } from 'ink';

type KeyFlag =
  | 'upArrow'
  | 'downArrow'
  | 'leftArrow'
  | 'rightArrow'
  | 'pageUp'
  | 'pageDown'
  | 'home'
  | 'end'
  | 'return'
  | 'escape'
  | 'tab'
  | 'backspace'
  | 'delete';

export interface KeyMatcher {
  /** The typed character (exact, case-sensitive). */
  input?: string;
  /** A named key. */
  key?: KeyFlag;
  /** Must Ctrl be held (default: must not). */
  ctrl?: boolean;
  /** When set, Shift must be held (true) or not (false). */
  shift?: boolean;
}

export type HelpGroup = 'Move' | 'List' | 'Quote form' | 'Text fields' | 'App';

export interface Binding {
  keys: readonly KeyMatcher[];
  /** Short key label for the footer and help, e.g. "↑/k". */
  label: string;
  help: string;
  group: HelpGroup;
  /** One word for the footer. */
  short?: string;
}

export const KEY_BINDINGS = {
  up: { short: 'up', keys: [{ key: 'upArrow' }, { input: 'k' }], label: '↑/k', help: 'Previous market', group: 'Move' },
  down: { short: 'down', keys: [{ key: 'downArrow' }, { input: 'j' }], label: '↓/j', help: 'Next market', group: 'Move' },
  pageUp: { keys: [{ key: 'pageUp' }], label: 'PgUp', help: 'One page up', group: 'Move' },
  pageDown: { keys: [{ key: 'pageDown' }], label: 'PgDn', help: 'One page down', group: 'Move' },
  first: { keys: [{ input: 'g' }, { key: 'home' }], label: 'g', help: 'First market', group: 'Move' },
  last: { keys: [{ input: 'G' }, { key: 'end' }], label: 'G', help: 'Last market', group: 'Move' },
  focusNext: {
    short: 'open',
    keys: [{ key: 'return' }, { key: 'tab', shift: false }],
    label: '⏎/Tab',
    help: 'Focus next pane: list → detail → quote',
    group: 'Move',
  },
  back: { short: 'back', keys: [{ key: 'escape' }], label: 'Esc', help: 'Back to the previous pane / close', group: 'Move' },

  search: { short: 'search', keys: [{ input: '/' }], label: '/', help: 'Search titles and categories (⏎ sends, Esc cancels)', group: 'List' },
  sort: { short: 'sort', keys: [{ input: 's' }], label: 's', help: 'Cycle sort: volume, newest, closing, liquidity', group: 'List' },
  filter: { short: 'status', keys: [{ input: 'f' }], label: 'f', help: 'Cycle status: active, closed, settling, resolved, all', group: 'List' },
  category: { short: 'category', keys: [{ input: 'c' }], label: 'c', help: 'Cycle category (all, then each one seen)', group: 'List' },
  refresh: { short: 'refresh', keys: [{ input: 'r' }], label: 'r', help: 'Refresh now (when the rate budget allows)', group: 'List' },

  fieldNext: {
    short: 'field',
    keys: [{ key: 'downArrow' }, { key: 'tab', shift: false }],
    label: '↓/Tab',
    help: 'Next field of the quote form',
    group: 'Quote form',
  },
  fieldPrev: { keys: [{ key: 'upArrow' }, { key: 'tab', shift: true }], label: '↑/S-Tab', help: 'Previous field', group: 'Quote form' },
  valuePrev: { keys: [{ key: 'leftArrow' }], label: '←', help: 'Previous outcome / toggle buy-sell', group: 'Quote form' },
  valueNext: { short: 'change', keys: [{ key: 'rightArrow' }, { input: ' ' }], label: '→/Space', help: 'Next outcome / toggle buy-sell', group: 'Quote form' },
  submit: { short: 'quote', keys: [{ key: 'return' }], label: '⏎', help: 'Ask for a quote now', group: 'Quote form' },

  cursorLeft: { keys: [{ key: 'leftArrow' }], label: '←', help: 'Cursor left', group: 'Text fields' },
  cursorRight: { keys: [{ key: 'rightArrow' }], label: '→', help: 'Cursor right', group: 'Text fields' },
  cursorHome: { keys: [{ key: 'home' }, { input: 'a', ctrl: true }], label: 'Home/C-a', help: 'Start of field', group: 'Text fields' },
  cursorEnd: { keys: [{ key: 'end' }, { input: 'e', ctrl: true }], label: 'End/C-e', help: 'End of field', group: 'Text fields' },
  deleteBack: { keys: [{ key: 'backspace' }, { input: 'h', ctrl: true }], label: '⌫', help: 'Delete before the cursor', group: 'Text fields' },
  deleteForward: { keys: [{ key: 'delete' }, { input: 'd', ctrl: true }], label: 'Del/C-d', help: 'Delete at the cursor', group: 'Text fields' },
  deleteWord: { keys: [{ input: 'w', ctrl: true }], label: 'C-w', help: 'Delete the word before the cursor', group: 'Text fields' },
  clearLine: { keys: [{ input: 'u', ctrl: true }], label: 'C-u', help: 'Clear the field', group: 'Text fields' },
  killToEnd: { keys: [{ input: 'k', ctrl: true }], label: 'C-k', help: 'Delete to the end', group: 'Text fields' },
  accept: { short: 'search', keys: [{ key: 'return' }], label: '⏎', help: 'Send the search', group: 'Text fields' },
  cancel: { short: 'cancel', keys: [{ key: 'escape' }], label: 'Esc', help: 'Leave the field', group: 'Text fields' },

  help: { short: 'help', keys: [{ input: '?' }], label: '?', help: 'Show / hide this help', group: 'App' },
  quit: { short: 'quit', keys: [{ input: 'q' }], label: 'q', help: 'Quit (types a "q" while in a text field)', group: 'App' },
  forceQuit: { short: 'quit', keys: [{ input: 'c', ctrl: true }], label: 'Ctrl-C', help: 'Quit, everywhere', group: 'App' },
} as const satisfies Record<string, Binding>;

export type Command = keyof typeof KEY_BINDINGS;

function matcherHits(m: KeyMatcher, input: string, key: Key): boolean {
  if ((m.ctrl ?? false) !== key.ctrl) return false;
  if (key.meta) return false;
  if (m.shift !== undefined && m.shift !== key.shift) return false;
  if (m.key !== undefined) return key[m.key] === true;
  return m.input !== undefined && input === m.input;
}

export function matches(command: Command, input: string, key: Key): boolean {
  return KEY_BINDINGS[command].keys.some((m) => matcherHits(m, input, key));
}

/** The first of `commands` (in order) that the key press triggers. */
export function matchCommand<C extends Command>(commands: readonly C[], input: string, key: Key): C | undefined {
  return commands.find((c) => matches(c, input, key));
}

/** Text a key press would type into a field: printable, no Ctrl/Meta, no named key. */
export function typedText(input: string, key: Key): string {
  if (key.ctrl || key.meta || input === '') return '';
  if (key.return || key.escape || key.tab || key.backspace || key.delete) return '';
  return input;
}
