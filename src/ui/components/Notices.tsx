import type { Notice } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import type { UiState } from '../uiState.js';
import { Line, type Seg } from './Line.js';

/** How long the newest notice stays on screen. */
export const NOTICE_MS = 10_000;

/** The one notice line: a brief UI message (flash) wins, else the newest store notice younger than NOTICE_MS. */
export function noticeLine(notices: readonly Notice[], flash: UiState['flash'], now: number): Seg[] | undefined {
  if (flash && now < flash.until) return [{ text: '» ', color: 'cyan' }, { text: sanitize(flash.text) }];
  const n = notices[notices.length - 1];
  if (!n || now - n.at >= NOTICE_MS || now < n.at - 60_000) return undefined;
  if (n.level === 'alert')
    return [
      { text: '★ ALERT ', color: 'magenta', bold: true },
      { text: sanitize(n.text), bold: true },
    ];
  return [
    { text: n.level === 'warn' ? '! ' : 'i ', color: n.level === 'warn' ? 'yellow' : 'cyan', bold: true },
    { text: sanitize(n.text), ...(n.level === 'warn' ? { color: 'yellow' } : {}) },
  ];
}

export function Notices({ line, width }: { line: Seg[] | undefined; width: number }) {
  return line ? <Line width={width} segs={line} /> : null;
}
