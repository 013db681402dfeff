/**
 * The drill's pure checks: what a screen capture says (the named state, how
 * many market rows), which raw control sequences in the terminal output did
 * not come from the dashboard's own drawing, and whether the key shows.
 */
import { maxInWindow } from '../metrics.js';

export { maxInWindow };

export type ShownState = 'online' | 'degraded' | 'offline' | 'rate_limited' | 'auth_failed' | 'connecting';

/** The header's named state (the first line of the screen). */
export function stateOf(screen: string): ShownState | undefined {
  const header = screen.split('\n')[0] ?? '';
  if (header.includes('✗ AUTH FAILED')) return 'auth_failed';
  if (header.includes('RATE LIMITED')) return 'rate_limited';
  if (header.includes('◐ degraded')) return 'degraded';
  if (header.includes('○ offline')) return 'offline';
  if (header.includes('● online')) return 'online';
  if (header.includes('◌ connecting')) return 'connecting';
  return undefined;
}

const ROW = /^(?:▸| ) (?:ACTIVE|CLOSED|SETTLING|RESOLVED|UNKNOWN|STALE) /;

/** Market rows on screen. */
export function rowCount(screen: string): number {
  return screen.split('\n').filter((l) => ROW.test(l)).length;
}

/** The selected row's title (the text after the badge, up to the leading outcome), or undefined. */
export function selectedTitle(screen: string): string | undefined {
  const line = screen.split('\n').find((l) => l.startsWith('▸ ') && ROW.test(l));
  return line
    ?.slice(11)
    .split('│')[0]
    ?.trim()
    .split(/\s{2,}/)[0];
}

/**
 * Stale rows: a fresh row shows no age (the header carries the list's), a stale one its age (`40s ago`, `2m ago`)
 * at the end of its row, or the STALE badge when the pane is too narrow for the age column.
 */
export function staleCount(screen: string): number {
  return screen
    .split('\n')
    .filter((l) => ROW.test(l) && (/STALE/.test(l) || /\d+[smhd]( \d+[smh])? ago\s*(│|$)/.test(l))).length;
}

/** Something that must never reach the screen from data. */
export function garbled(screen: string): boolean {
  return /\bNaN\b|\bundefined\b|\[object Object\]/.test(screen);
}

/**
 * Control sequences in raw terminal output that the dashboard's own drawing never
 * writes: OSC (titles, clipboard, hyperlinks), DCS/SOS/PM/APC strings, C1 controls,
 * BEL, backspace, and CSI sequences other than Ink's (colours SGR without 256/true
 * colour, cursor moves, erases, private modes). Each is returned as found.
 */
export function foreignControls(raw: string): string[] {
  const out: string[] = [];
  const re =
    /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[P X^_][^\x1b]*(?:\x1b\\)?|\x1b\[([0-9;?<=>]*)([ -/]*)([@-~])|[\x80-\x9f]|\x07|\x08/g;
  for (const m of raw.matchAll(re)) {
    const seq = m[0];
    if (seq.startsWith('\x1b[')) {
      const params = m[1] ?? '';
      const final = m[3] ?? '';
      if (m[2] === '' && ownCsi(params, final)) continue;
    }
    out.push(seq);
  }
  return out;
}

/** CSI sequences Ink and its terminal setup write: SGR (16 colours, bold, dim, inverse), cursor moves, erases, private modes. */
function ownCsi(params: string, final: string): boolean {
  if (final === 'm') return !/(?:^|;)(?:38|48);[25](?:;|$)/.test(params);
  if ('ABCDEFGHJKSTfr'.includes(final)) return !params.startsWith('?');
  if (final === 'h' || final === 'l') return params.startsWith('?');
  return false;
}

/** The key, or all of it but the last 4 characters (the most ever shown), anywhere in `text`. */
export function keySeen(text: string, key: string): boolean {
  return key.length > 0 && (text.includes(key) || (key.length > 8 && text.includes(key.slice(0, -4))));
}

/** Every request's arrival time, from the `req {...}` lines `serve --log-requests` prints. */
export function requestTimes(log: string): number[] {
  const out: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('req ')) continue;
    try {
      const e = JSON.parse(line.slice(4)) as { at?: unknown };
      if (typeof e.at === 'number') out.push(e.at);
    } catch {
      // a line cut off at the end of a run
    }
  }
  return out;
}
