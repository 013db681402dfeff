/**
 * OSC 8 hyperlinks (the detail pane's page address): `ESC ] 8 ; ; URL BEL text ESC ] 8 ; ; BEL`. BEL ends the
 * sequence (string-width, which Ink and the width cache measure with, strips that form: the link's text alone counts),
 * and the text drawn is the address itself, so a terminal without them shows the same characters.
 *
 * Whether the terminal shows them is decided once at start (`hyperlinksSupported`): `FORCE_HYPERLINK` (`1`/`0`) wins;
 * none inside tmux or screen (they pass OSC 8 only when configured to) nor on a dumb terminal; otherwise the terminals
 * known to support them: iTerm2, WezTerm, VS Code, Ghostty, Hyper (`TERM_PROGRAM`), kitty (`KITTY_WINDOW_ID`), Windows
 * Terminal (`WT_SESSION`), Konsole (`KONSOLE_VERSION`), VTE ≥ 0.50 (GNOME Terminal, Tilix…: `VTE_VERSION` ≥ 5000),
 * foot and Alacritty (`TERM`). Anything else: the plain address.
 */
const PROGRAMS = new Set(['iTerm.app', 'WezTerm', 'vscode', 'ghostty', 'Hyper']);

export function hyperlinksSupported(env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_HYPERLINK;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.TMUX || (env.TERM ?? '').startsWith('screen') || env.TERM === 'dumb') return false;
  if (PROGRAMS.has(env.TERM_PROGRAM ?? '')) return true;
  if (env.KITTY_WINDOW_ID || env.WT_SESSION || env.KONSOLE_VERSION) return true;
  if (Number(env.VTE_VERSION ?? 0) >= 5000) return true;
  return /^(?:foot|alacritty|xterm-kitty|xterm-ghostty)/.test(env.TERM ?? '');
}

let enabled = false;

/** Set once by the dashboard at start; tests leave it off. */
export function setHyperlinks(on: boolean): void {
  enabled = on;
}
export function hyperlinksOn(): boolean {
  return enabled;
}

/** `text` linked to `url` when hyperlinks are on; the caller has checked the address (page.ts `isOwnPage`). */
export function hyperlink(text: string, url: string): string {
  if (!enabled || /[\x00-\x1f\x7f-\x9f]/.test(url)) return text;
  return `\x1b]8;;${url}\x07${text}\x1b]8;;\x07`;
}
