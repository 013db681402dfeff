/**
 * Colour for the one-shot tables: the dashboard's palettes written as SGR
 * sequences. Without colour (NO_COLOR, --color never, not a terminal, --json)
 * the text goes out untouched.
 */
import type { Palette } from '../../ui/theme.js';

export type Paint = (text: string, color?: string, bold?: boolean) => string;

const NAMED: Readonly<Record<string, number>> = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  grey: 90,
};

/** The SGR parameters of a foreground colour: a basic name, or #rrggbb as the nearest of the 256-colour cube. */
function fgCode(color: string): string | undefined {
  const named = NAMED[color];
  if (named !== undefined) return String(named);
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!hex) return undefined;
  const [r, g, b] = hex.slice(1).map((h) => Math.round((parseInt(h, 16) / 255) * 5));
  return `38;5;${16 + 36 * r! + 6 * g! + b!}`;
}

export function painter(p: Palette): Paint {
  if (!p.color) return (text) => text;
  return (text, color, bold) => {
    const fg = color === undefined ? undefined : p.fg(color);
    const codes = [bold ? '1' : undefined, fg === undefined ? undefined : fgCode(fg)].filter((c) => c !== undefined);
    return codes.length === 0 || text === '' ? text : `\x1b[${codes.join(';')}m${text}\x1b[0m`;
  };
}
