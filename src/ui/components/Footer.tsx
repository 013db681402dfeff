import { KEY_BINDINGS, type Command } from '../key/keyBindings.js';
import { Line, type Seg } from './Line.js';

export type KeyContext = 'browse' | 'quote' | 'search' | 'help';

/** The main keys per context, most important first (later ones drop off on narrow terminals, but help and quit always stay). */
export const FOOTER_KEYS: Record<KeyContext, readonly Command[]> = {
  browse: ['down', 'up', 'focusNext', 'search', 'sort', 'filter', 'category', 'refresh', 'help', 'quit'],
  quote: ['fieldNext', 'valueNext', 'submit', 'back', 'help', 'forceQuit'],
  search: ['accept', 'cancel', 'forceQuit'],
  help: ['down', 'up', 'back', 'quit'],
};

export function footerSegs(context: KeyContext): Seg[] {
  const cmds = FOOTER_KEYS[context];
  return cmds.flatMap((c, i): Seg[] => {
    const b = KEY_BINDINGS[c];
    const priority = i < 3 || c === 'help' || c === 'quit' || c === 'forceQuit' ? 0 : -(i - 2);
    const short = 'short' in b ? b.short : b.help;
    return [
      { text: `${i === 0 ? '' : '  '}${b.label}`, color: 'cyan', bold: true, priority },
      { text: ` ${short}`, dim: true, priority },
    ];
  });
}

export function Footer({ context, width }: { context: KeyContext; width: number }) {
  return <Line width={width} segs={footerSegs(context)} />;
}
