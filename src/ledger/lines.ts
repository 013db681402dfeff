/** The ledger file's lines (file.ts): `s <epoch ms> <process>` for a send, `p <until> <process>` for a pause. */

export interface Line {
  kind: 's' | 'p';
  at: number;
  proc: string;
}

/** The whole lines of `text` (what follows the last newline is still being written), and how many were not ours. */
export function parse(text: string): { lines: Line[]; bad: number } {
  const lines: Line[] = [];
  let bad = 0;
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  for (const raw of whole.split('\n')) {
    if (raw === '') continue;
    const [kind, at, proc] = raw.split(' ');
    const t = Number(at);
    if ((kind === 's' || kind === 'p') && Number.isFinite(t) && proc) lines.push({ kind, at: t, proc });
    else bad++;
  }
  return { lines, bad };
}

export const lineText = (l: Line): string => `${l.kind} ${l.at} ${l.proc}\n`;
