/** The ledger file's lines (file.ts): `s <epoch ms> <process>` for a send, `p <until> <process>` for a pause. */
import { credible, FUTURE_NOTICE } from './types.js';

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

/** Leaves out the lines from the future (types.ts `credible`) and says so once, to a listener that may come later. */
export class Distrust {
  private state: 'none' | 'seen' | 'told' = 'none';
  private onNotice: ((text: string) => void) | undefined;

  listen(onNotice: (text: string) => void): void {
    this.onNotice = onNotice;
    this.tell();
  }

  /** `lines` without those no oddsboard whose clock agrees with `now` could have written. */
  trusted(lines: Line[], now: number): Line[] {
    const ok = lines.filter((l) => credible(l.kind, l.at, now));
    if (ok.length < lines.length && this.state === 'none') this.state = 'seen';
    this.tell();
    return ok;
  }

  private tell(): void {
    if (this.state !== 'seen' || !this.onNotice) return;
    this.state = 'told';
    this.onNotice(FUTURE_NOTICE);
  }
}
