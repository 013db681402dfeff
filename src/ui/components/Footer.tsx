import { memo } from 'react';
import { KEY_BINDINGS, KEY_CONTEXTS, type Command, type KeyContextName } from '../key/keyBindings.js';
import { displayWidth } from '../format.js';
import { Line, type Seg } from './Line.js';

/** A context's footer: the head of its command list in the registry (most important first). */
export function footerCommands(context: KeyContextName): Command[] {
  return KEY_CONTEXTS[context].commands.slice(0, KEY_CONTEXTS[context].footer);
}

/** Whether a key stays in the footer however narrow the terminal is. */
const kept = (c: Command, i: number) => i < 3 || c === 'help' || c === 'quit' || c === 'forceQuit';

/**
 * The footer's key hints that fit `width`: key and word are dropped together
 * (never a lone "c"), the least important first; the first three and
 * help/quit stay (then the line is cut).
 */
export function footerSegs(context: KeyContextName, width = Infinity): Seg[] {
  const all = footerCommands(context);
  const cmds = [...all];
  const pairWidth = (c: Command, i: number) => {
    const b = KEY_BINDINGS[c];
    return (i === 0 ? 0 : 2) + displayWidth(b.label) + 1 + displayWidth('short' in b ? b.short : b.help);
  };
  const total = () => cmds.reduce((n, c, i) => n + pairWidth(c, i), 0);
  while (total() > width) {
    const victim = cmds.findLastIndex((c) => !kept(c, all.indexOf(c)));
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
export const Footer = memo(function Footer({ context, width }: { context: KeyContextName; width: number }) {
  return <Line width={width} segs={footerSegs(context, width)} />;
});
