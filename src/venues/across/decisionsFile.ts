/**
 * The Across desk's pairs.json (docs/pairs.md § The dashboard): the person's decisions read at start and written by
 * the one writer of the files a dashboard keeps (src/watch/keptFiles.ts), by its rules — a second after the last
 * decision (SAVE_DEBOUNCE_MS), under `pairs.json.lock` without waiting for it while the board runs, a failed write
 * said once and tried again on its own, one last write as the dashboard quits and what could not be written one line
 * for stderr. What another oddsboard decided (`pairs --reject` while the board runs, another board on the same home)
 * is taken in as it writes it (`pull`, followed by the venue watcher: src/watch/fileChanges.ts) and at each write, the
 * later decision of a pair winning (PairDecisions.merge), and handed to the desk to show.
 */
import { join } from 'node:path';
import {
  decisionsSpec,
  encodeDecisions,
  loadDecisions,
  PAIRS_FILE,
  type PairDecisions,
} from '../../pairs/decisions.js';
import type { Clock } from '../../util/clock.js';
import { KeptFiles, SAVE_DEBOUNCE_MS, type KeptFile } from '../../watch/keptFiles.js';

export { SAVE_DEBOUNCE_MS };

export interface DecisionsHost {
  /** The decisions as the session holds them (merged into in place). */
  decisions(): PairDecisions;
  /** A write took in another process's decisions: shown by the desk. */
  merged(): void;
  /** One line about the file (a write that failed, a file moved aside). */
  say(line: string): void;
}

export class DecisionsFile {
  /** The file is left as it was for this session (it could not be read at start). */
  readonly keepOut: boolean;
  /** What the file held at start, and the problems reading it. */
  readonly loaded: { decisions: PairDecisions; problems: string[] };
  readonly path: string;
  /** This session's decisions, counted: what the writer compares to tell a change (the decisions change in place). */
  private mine = 0;
  private listener: (() => void) | undefined;
  private readonly files: KeptFiles;

  constructor(dir: string, clock: Clock, host: DecisionsHost) {
    const l = loadDecisions(dir, clock.now());
    this.keepOut = l.keepOut;
    this.loaded = { decisions: l.decisions, problems: l.problems };
    this.path = join(dir, PAIRS_FILE);
    const file: KeptFile<PairDecisions> = {
      path: this.path,
      spec: (now) => decisionsSpec(dir, now),
      parts: () => [this.mine],
      text: (_parts, onto) => {
        const d = host.decisions();
        if (onto && d.merge(onto.theirs)) host.merged();
        return encodeDecisions(d);
      },
      keptOut: l.keepOut,
      // another dashboard wrote it (src/watch/fileChanges.ts): its decisions taken in, the later of a pair winning
      take: (theirs) => {
        if (host.decisions().merge(theirs)) host.merged();
      },
    };
    this.files = new KeptFiles({
      files: [file as KeptFile<unknown>],
      clock,
      // the writer hears of this session's decisions only (a merge is what the file holds already)
      subscribe: (f) => ((this.listener = f), () => (this.listener = undefined)),
      say: (line) => host.say(line),
    });
    this.files.start();
  }

  /** A decision was made: written SAVE_DEBOUNCE_MS after the last one. */
  changed(): void {
    this.mine++;
    this.listener?.();
  }

  /** Reads the file again (another dashboard wrote it) and takes in what it decided. */
  pull(): void {
    this.files.pull(this.path);
  }

  /** The last write and the writer stopped; what could not be written, one line for stderr (the screen is gone). */
  stop(): string[] {
    return this.files.stop();
  }
}
