/**
 * Another machine's lines (a home on a network file system shared by two machines, each with its own clock): a line's
 * process name ends in `@<host>` (a hash of the host's name, hostTag), and a line of another host is counted at its
 * stamp less that host's clock skew as this process has seen it — never as this machine's own step (lines.ts moves
 * only this host's lines; a line without `@`, written before 2026-11-28, counts as this host's).
 *
 * The skew is not known, only bounded: a line was written at or before the first time this process read it, so its
 * stamp less that time is at most the writer's skew. The largest such bound over the host's lines in the file (the
 * line read soonest after it was written: within VIEW_MS–2 s while the dashboard runs) is taken as the skew. Counted
 * at its stamp less it, a line counts from no earlier than it was sent (never shorter than the service counts it),
 * and at most the reading delay longer. Before, a machine 30 s ahead had its lines moved back to now by the other's
 * reads (taken for a step back, and written so), then counted its own sends 30 s short, and the other's read as 30 s
 * old: the two together put 60 sends into one minute of the service at a limit of 30 (`src/ledger/hosts.test.ts`).
 * See docs/rate-budget.md § Shared budget, clocks of two machines.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Line } from './lines.js';

/** This machine's mark in a process name: 8 hex digits of a hash of its host name (the name itself is not written). */
export function hostTag(name = hostname()): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 8);
}

/** The host part of a process name (`<pid>.<random>@<host>`), undefined for a name without one. */
const hostOf = (proc: string): string | undefined => {
  const i = proc.lastIndexOf('@');
  return i < 0 ? undefined : proc.slice(i + 1);
};

const keyOf = (l: Line) => `${l.kind} ${l.at} ${l.proc}`;

export class Hosts {
  /** When this process first read each line of another host now in the file (its wall clock). */
  private firstRead = new Map<string, number>();
  /** Each other host's skew as bounded by firstRead (ms its clock is ahead of this one's; negative: behind). */
  private skews = new Map<string, number>();
  /** The lines the bounds were made from (a new array whenever the file's lines change). */
  private of: Line[] | undefined;

  constructor(private readonly host: string) {}

  /** Whether `l` was written on this machine (its clock, its steps). */
  readonly own = (l: Line): boolean => {
    const h = hostOf(l.proc);
    return h === undefined || h === this.host;
  };

  /** The file's `lines` read at `now`: each other host's line first read now is dated now, the bounds made again. */
  observe(lines: Line[], now: number): Line[] {
    if (lines === this.of) return lines;
    this.of = lines;
    const first = new Map<string, number>();
    const skews = new Map<string, number>();
    for (const l of lines) {
      // a pause's stamp is when it ends, not when it was written: it bounds nothing (it counts by the sends' bound)
      if (this.own(l) || l.kind !== 's') continue;
      const k = keyOf(l);
      const at = this.firstRead.get(k) ?? now;
      first.set(k, at);
      const h = hostOf(l.proc)!;
      skews.set(h, Math.max(skews.get(h) ?? Number.NEGATIVE_INFINITY, l.at - at));
    }
    this.firstRead = first;
    this.skews = skews;
    return lines;
  }

  /** When `l` counts from on this machine's clock: its stamp, less its host's skew for another host's line. */
  at(l: Line): number {
    if (this.own(l)) return l.at;
    return l.at - (this.skews.get(hostOf(l.proc)!) ?? 0);
  }

  /**
   * This machine's clock stepped by `by`: the times lines were first read move with it, so the other hosts' skews
   * change by as much (after a step ahead of an hour they were an hour too large: their lines counted an hour early).
   */
  shift(by: number): void {
    for (const [k, v] of this.firstRead) this.firstRead.set(k, v + by);
    for (const [h, v] of this.skews) this.skews.set(h, v - by);
  }
}
