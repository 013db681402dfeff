/**
 * The Across desk's pairs.json (docs/pairs.md § The dashboard): the person's decisions read at start and written a
 * second after the last one (SAVE_DEBOUNCE_MS), and once more on the way out; what another oddsboard decided meanwhile
 * (`pairs --reject` while the board runs) is merged in at each write (saveDecisions) and handed to the desk to show.
 */
import { loadDecisions, saveDecisions, type PairDecisions } from '../../pairs/decisions.js';
import type { Clock, TimerHandle } from '../../util/clock.js';
import { LOCK_RETRY_MS } from '../../watch/lock.js';

export const SAVE_DEBOUNCE_MS = 1_000;

export interface DecisionsHost {
  /** The decisions as the session holds them (merged into in place). */
  decisions(): PairDecisions;
  /** A write merged in another process's decisions (`merged`) or met problems with the file: shown by the desk. */
  wrote(merged: boolean, problems: string[]): void;
  /** One line about the file (a write that failed). */
  say(line: string): void;
}

export class DecisionsFile {
  private timer: TimerHandle | undefined;
  /** The file is left as it was for this session (it could not be read at start). */
  readonly keepOut: boolean;
  /** What the file held at start, and the problems reading it. */
  readonly loaded: { decisions: PairDecisions; problems: string[] };

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly host: DecisionsHost,
  ) {
    const l = loadDecisions(dir, clock.now());
    this.keepOut = l.keepOut;
    this.loaded = { decisions: l.decisions, problems: l.problems };
  }

  /** A decision was made: written SAVE_DEBOUNCE_MS after the last one. */
  changed(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, SAVE_DEBOUNCE_MS);
  }

  /**
   * Writes pairs.json now; a failure is one problem line, the decisions stay in memory. While another process holds
   * its lock, tried again LOCK_RETRY_MS later: waited for here, the screen would stand still (the wait is synchronous,
   * up to a second). On the way out (`quitting`) it is waited for, as the watcher's files do.
   */
  save(quitting = false): void {
    if (this.keepOut) return;
    const { host } = this;
    try {
      const r = saveDecisions(this.dir, host.decisions(), undefined, this.clock.now(), quitting);
      if (r.busy) {
        this.timer = this.clock.setTimeout(() => {
          this.timer = undefined;
          this.save();
        }, LOCK_RETRY_MS);
        return;
      }
      if (r.merged || r.problems.length > 0) host.wrote(r.merged, r.problems);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      host.say(`pairs.json could not be written (${why}); retried on the next decision`);
    }
  }

  /** The last write, when a decision is waiting for its own. */
  stop(): void {
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.save(true);
  }
}
