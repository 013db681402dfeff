/**
 * Ink's line update (ink/build/line-update.js, used with incrementalRendering) repaints a changed line from its first
 * changed column: `ESC[nG ESC[K`, then every SGR code of the unchanged prefix replayed, then the rest of the line. The
 * replay is the prefix's whole history, so a style opened and closed before that column (the header's venue badge) is
 * sent again around nothing on every idle frame. compactLineUpdate keeps of that run of codes only what it leaves in
 * force (netSgr): the same cells on screen, fewer bytes. Installed by the module hook (src/cli/inkHooks.ts) for the
 * Ink versions its test compares it with (inkLineUpdate.test.ts).
 */

/** The attributes a run of SGR codes sets, each with the code that sets it, in the order they are written back. */
const ON: Record<string, string> = { '1': 'bold', '2': 'dim', '3': 'italic', '4': 'underline', '7': 'inverse' };
const OFF: Record<string, readonly string[]> = {
  '22': ['bold', 'dim'],
  '23': ['italic'],
  '24': ['underline'],
  '27': ['inverse'],
  '29': ['strike'],
};
const ORDER = ['bold', 'dim', 'italic', 'underline', 'inverse', 'strike', 'fg', 'bg'] as const;
const CODE_OF: Record<string, string> = { bold: '1', dim: '2', italic: '3', underline: '4', inverse: '7', strike: '9' };

const SGR_RUN = /^(?:\u001B\[[\d;]*m)+/u;
const SGR = /\u001B\[([\d;]*)m/gu;

/**
 * What a run of SGR codes (nothing else between them) leaves in force from the default state, as codes: '' when
 * nothing. A code it does not know (blink, underline colours…) keeps the run as it was.
 */
export function netSgr(run: string): string {
  const state = new Map<string, string>();
  for (const m of run.matchAll(SGR)) {
    const p = m[1]!;
    if (p === '' || p === '0') state.clear();
    else if (ON[p]) state.set(ON[p], p);
    else if (p === '9') state.set('strike', p);
    else if (OFF[p]) for (const a of OFF[p]) state.delete(a);
    else if (/^(3[0-7]|9[0-7]|38;5;\d+|38;2;\d+;\d+;\d+)$/u.test(p)) state.set('fg', p);
    else if (/^(4[0-7]|10[0-7]|48;5;\d+|48;2;\d+;\d+;\d+)$/u.test(p)) state.set('bg', p);
    else if (p === '39') state.delete('fg');
    else if (p === '49') state.delete('bg');
    else return run;
  }
  return ORDER.flatMap((a) => (state.has(a) ? [`\u001B[${CODE_OF[a] ?? state.get(a)}m`] : [])).join('');
}

const REPAINT = /^\u001B\[\d+G\u001B\[K/u;

/** Ink's repaint of a line with the replayed codes after `ESC[nG ESC[K` cut to what they leave in force. */
export function compactLineUpdate(update: string): string {
  const head = REPAINT.exec(update)?.[0];
  if (head === undefined) return update;
  const run = SGR_RUN.exec(update.slice(head.length))?.[0];
  if (run === undefined) return update;
  return head + netSgr(run) + update.slice(head.length + run.length);
}
