import { memo } from 'react';
import { KEY_BINDINGS, type Command } from '../key/keyBindings.js';
import { displayWidth } from '../format.js';
import { Line, type Seg } from './Line.js';

export type KeyContext = 'browse' | 'quote' | 'search' | 'help';

/** The main keys per context, most important first (later ones drop off on narrow terminals, but help and quit always stay). */
export const FOOTER_KEYS: Record<KeyContext, readonly Command[]> = {
  browse: ['down', 'up', 'focusNext', 'search', 'sort', 'filter', 'category', 'refresh', 'help', 'quit'],
  quote: ['fieldNext', 'valueNext', 'submit', 'back', 'help', 'forceQuit'],
  search: ['accept', 'cancel', 'forceQuit'],
  help: ['down', 'up', 'back', 'quit'],
};

/** Whether a key stays in the footer however narrow the terminal is. */
const kept = (c: Command, i: number) => i < 3 || c === 'help' || c === 'quit' || c === 'forceQuit';

/**
 * The footer's key hints that fit `width`: key and word are dropped together
 * (never a lone "c"), the least important first; the first three and
 * help/quit stay (then the line is cut).
 */
export function footerSegs(context: KeyContext, width = Infinity): Seg[] {
  const cmds = [...FOOTER_KEYS[context]];
  const pairWidth = (c: Command, i: number) => {
    const b = KEY_BINDINGS[c];
    return (i === 0 ? 0 : 2) + displayWidth(b.label) + 1 + displayWidth('short' in b ? b.short : b.help);
  };
  const total = () => cmds.reduce((n, c, i) => n + pairWidth(c, i), 0);
  while (total() > width) {
    const victim = cmds.findLastIndex((c) => !kept(c, FOOTER_KEYS[context].indexOf(c)));
    if (victim < 0) break;
    cmds.splice(victim, 1);
  }
  return cmds.flatMap((c, i): Seg[] => {
    const b = KEY_BINDINGS[c];
    const short = 'short' in b ? b.short : b.help;
    return [
      { text: `${i === 0 ? '' : '  '}${b.label}`, color: 'cyan', bold: true },
      { text: ` ${short}`, dim: true },
    ];
  });
}

/** The key hints; memoized: it changes with the context and the width only, not with each clock tick. */
export const Footer = memo(function Footer({ context, width }: { context: KeyContext; width: number }) {
  return <Line width={width} segs={footerSegs(context, width)} />;
});
