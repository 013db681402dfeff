/**
 * Which commands of the registry (keyBindings.ts) each key context answers to, most important first: the handler of
 * a context matches over its list, the footer shows its head and `?` shows all of it.
 */
import type { Command } from './keyBindings.js';
import { G } from '../glyphs.js';

/** The line-editing commands every text field answers to (the search box, the quote amount). */
export const TEXT_EDIT_COMMANDS = [
  'cursorLeft',
  'cursorRight',
  'cursorHome',
  'cursorEnd',
  'deleteBack',
  'deleteForward',
  'deleteWord',
  'clearLine',
  'killToEnd',
] as const satisfies readonly Command[];

const QUOTE_FORM_HEAD = ['fieldNext', 'valueNext', 'submit', 'keepPaper', 'back', 'help', 'forceQuit'] as const;

/**
 * What each context answers to, most important first: the handler of a context matches over its list (the first
 * match wins, so order settles a key shared by two commands), the footer shows the first `footer` of them (as many
 * as fit), and the help overlay shows every list under its title.
 */
export const KEY_CONTEXTS = {
  browse: {
    title: 'Lists (every view) and the detail pane',
    footer: 12,
    commands: [
      'down',
      'up',
      'focusNext',
      'search',
      'sort',
      'filter',
      'category',
      'refresh',
      'watch',
      'view',
      'help',
      'quit',
      'nextView',
      'prevView',
      'pageUp',
      'pageDown',
      'first',
      'last',
      'goTo',
      'openPage',
      'back',
      'alert',
      'alertLog',
      'historyRange',
      'venue',
      'pairs',
      'pairYes',
      'pairNo',
      'forceQuit',
      'suspend',
    ],
  },
  quoteForm: {
    title: 'Quote form (outcome, buy/sell)',
    footer: 7,
    commands: [...QUOTE_FORM_HEAD, 'fieldPrev', 'valuePrev', 'quit'],
  },
  amount: {
    get title() {
      const between = `${G.dash} a number typed anywhere in the form lands there ${G.dash}`;
      return `Text fields (the quote amount ${between} and the search box)`;
    },
    footer: 4,
    commands: ['fieldNext', 'submit', 'back', 'forceQuit', 'fieldPrev', 'keepPaper', ...TEXT_EDIT_COMMANDS],
  },
  search: {
    title: 'Search and go-to boxes',
    footer: 3,
    commands: ['accept', 'cancel', 'forceQuit', ...TEXT_EDIT_COMMANDS],
  },
  // ── the watchlist and alerts ──
  alertForm: {
    title: 'Alert form (kind, outcome or position; a number typed anywhere lands in the value field)',
    footer: 5,
    commands: [
      'alertFieldNext',
      'alertChoiceNext',
      'setAlert',
      'back',
      'forceQuit',
      'fieldPrev',
      'alertChoicePrev',
      'help',
    ],
  },
  alertNumber: {
    get title() {
      const units = `price, move or gap in ${G.cent}; a P&L in money, a leading - below zero; minutes`;
      return `Alert form number fields (${units})`;
    },
    footer: 4,
    commands: ['alertFieldNext', 'setAlert', 'back', 'forceQuit', 'fieldPrev', ...TEXT_EDIT_COMMANDS],
  },
  alertLog: {
    title: 'Alert log',
    footer: 5,
    commands: ['down', 'up', 'removeAlert', 'back', 'alertLog', 'pageDown', 'pageUp', 'quit', 'help', 'forceQuit'],
  },

  help: {
    title: 'Help',
    footer: 4,
    commands: ['down', 'up', 'back', 'quit', 'pageDown', 'pageUp', 'first', 'last', 'help', 'forceQuit'],
  },
} as const satisfies Record<string, { title: string; footer: number; commands: readonly Command[] }>;

export type KeyContextName = keyof typeof KEY_CONTEXTS;
