/**
 * The ledger as a small file shared by every oddsboard process of the user:
 * `$XDG_STATE_HOME/oddsboard/budget-<hash>.ledger`, one line per send
 * (`s <epoch ms> <process>`) or pause (`p <until> <process>`), rewritten under
 * a lock (lock.ts) with only what is still in the window. `<hash>` is a hash of
 * the base URL and the key, never the key itself.
 *
 * The cheap path (a claim before every request, issue 30): the file is replaced
 * whole by a rename (a temp file beside it), which is atomic for every reader
 * without an fsync; none is made — what a power cut could lose is a window that
 * lives 60 s, and losing it costs nothing. The ledger keeps the last file it read
 * or wrote open: while the path still names that file (same inode; a file held
 * open keeps its inode, and nobody writes the ledger in place), its lines are
 * known and the file is not opened and read again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stateDir } from '../util/files.js';
import { nodeFs, sameFile, writeAll, type FileId, type LedgerFs } from './fsOps.js';
import { FileLock, type LockOptions } from './lock.js';
import { LEDGER_SPAN_MS, slotAfter, type Claim, type SendLedger } from './types.js';

/** Far more than any window holds (30 sends, a pause); a bigger file is not ours and is started over. */
const LEDGER_MAX_BYTES = 64 * 1024;
/** How long a view of the others' sends is reused before the file is looked at again. */
const VIEW_MS = 250;
/** Retry after this long when another process holds the lock. */
const BUSY_RETRY_MS = 15;

interface Line {
  kind: 's' | 'p';
  at: number;
  proc: string;
}

function parse(text: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split('\n')) {
    const [kind, at, proc] = raw.split(' ');
    const t = Number(at);
    if ((kind === 's' || kind === 'p') && Number.isFinite(t) && proc) out.push({ kind, at: t, proc });
  }
  return out;
}

/** The ledger's file name for a service and key: a hash of both, so the key never reaches the disk. */
export function ledgerName(baseUrl: string, apiKey: string | undefined): string {
  const h = createHash('sha256')
    .update(`oddsboard-ledger\0${baseUrl}\0${apiKey ?? ''}`)
    .digest('hex')
    .slice(0, 20);
  return `budget-${h}.ledger`;
}

export interface FileLedgerOptions {
  spanMs?: number;
  /** This process's name in the ledger (default pid + random). */
  proc?: string;
  lock?: LockOptions;
  /** How often a holder looks again for the others' sends (default 2 s). */
  pollMs?: number;
  /** The file system (default node:fs; tests count the calls). Also the lock's unless `lock.fs` says otherwise. */
  fs?: LedgerFs;
}

/** The ledger file last read or written, still open, and its lines. */
interface Held {
  fd: number;
  id: FileId;
  lines: Line[];
}

let tempSeq = 0;

export class FileLedger implements SendLedger {
  readonly spanMs: number;
  readonly pollMs: number;
  private readonly proc: string;
  private readonly lock: FileLock;
  private readonly fs: LedgerFs;
  private held: Held | undefined;
  /** When the file was last looked at for `others` and `pausedUntil`, and what it said. */
  private view: { checkedAt: number; lines: Line[] } = { checkedAt: Number.NEGATIVE_INFINITY, lines: [] };

  constructor(
    readonly path: string,
    opts: FileLedgerOptions = {},
  ) {
    this.spanMs = opts.spanMs ?? LEDGER_SPAN_MS;
    this.pollMs = opts.pollMs ?? 2_000;
    this.proc = opts.proc ?? `${process.pid}.${randomBytes(4).toString('hex')}`;
    this.fs = opts.fs ?? nodeFs;
    this.lock = new FileLock(`${path}.lock`, { fs: this.fs, ...opts.lock });
  }

  others(now: number): readonly number[] {
    return this.lines(now)
      .filter((l) => l.kind === 's' && l.proc !== this.proc && l.at > now - this.spanMs)
      .map((l) => l.at);
  }

  pausedUntil(now: number): number | undefined {
    let until: number | undefined;
    for (const l of this.lines(now))
      if (l.kind === 'p' && l.at > now && (until === undefined || l.at > until)) until = l.at;
    return until;
  }

  claim(now: number, allowed: number): Claim {
    const r = this.lock.with((): Claim => {
      const live = this.live(this.read(), now);
      this.seen(live, now); // what the file says now, for the planning between claims
      const pause = live.filter((l) => l.kind === 'p').reduce((m, l) => Math.max(m, l.at), Number.NEGATIVE_INFINITY);
      if (pause > now) return { ok: false, retryAt: pause, reason: 'paused' };
      const at = slotAfter(
        live.filter((l) => l.kind === 's').map((l) => l.at),
        now,
        allowed,
        this.spanMs,
      );
      if (at > now) return { ok: false, retryAt: at, reason: 'budget' };
      this.write([...live, { kind: 's', at: now, proc: this.proc }]);
      return { ok: true };
    });
    return r ? r.value : { ok: false, retryAt: now + BUSY_RETRY_MS, reason: 'busy' };
  }

  pause(until: number, now: number): void {
    // best effort: a pause that cannot be written only costs the others a 429 of their own
    this.lock.with(() => {
      const live = this.live(this.read(), now);
      if (live.some((l) => l.kind === 'p' && l.at >= until)) return;
      this.write([...live.filter((l) => l.kind !== 'p'), { kind: 'p', at: until, proc: this.proc }]);
    });
  }

  /** What is still in force at `now`: sends in the window, pauses not yet over. */
  private live(lines: Line[], now: number): Line[] {
    return lines.filter((l) => (l.kind === 's' ? l.at > now - this.spanMs : l.at > now)).sort((a, b) => a.at - b.at);
  }

  /**
   * The file's lines: the held ones while the path still names the held file, else read (and held). A missing file, or
   * one that is not ours (not a regular file, too large), has none.
   */
  private read(): Line[] {
    let atPath: FileId;
    try {
      atPath = this.fs.statSync(this.path);
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    if (this.held && sameFile(this.held.id, atPath)) return this.held.lines;
    let fd: number;
    try {
      // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells it is not a regular file
      fd = this.fs.openSync(this.path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (e) {
      if (isMissing(e) || (e as NodeJS.ErrnoException).code === 'EISDIR') return [];
      throw e;
    }
    try {
      const st = this.fs.fstatSync(fd);
      if (!st.isFile() || st.size > LEDGER_MAX_BYTES) {
        this.fs.closeSync(fd);
        return [];
      }
      const buf = Buffer.alloc(LEDGER_MAX_BYTES + 1);
      let n = 0;
      for (;;) {
        const r = this.fs.readSync(fd, buf, n, buf.length - n, null);
        if (r === 0) break;
        n += r;
        if (n > LEDGER_MAX_BYTES) {
          this.fs.closeSync(fd);
          return [];
        }
      }
      const lines = parse(buf.subarray(0, n).toString('utf8'));
      this.hold({ fd, id: st, lines });
      return lines;
    } catch (e) {
      this.fs.closeSync(fd);
      throw e;
    }
  }

  /** Replaces the file with `lines` (a temp file renamed over it, no fsync: see the module comment) and holds it. */
  private write(lines: Line[]): void {
    const temp = join(dirname(this.path), `.${basename(this.path)}.${process.pid}.${++tempSeq}.tmp`);
    const fd = this.fs.openSync(temp, 'wx', 0o600);
    try {
      writeAll(this.fs, fd, lines.map((l) => `${l.kind} ${l.at} ${l.proc}\n`).join(''));
      const id = this.fs.fstatSync(fd);
      this.fs.renameSync(temp, this.path);
      this.hold({ fd, id, lines });
    } catch (e) {
      this.fs.closeSync(fd);
      try {
        this.fs.unlinkSync(temp);
      } catch {
        // renamed or gone
      }
      throw e;
    }
    this.seen(lines, Number.NEGATIVE_INFINITY);
  }

  private hold(next: Held): void {
    const prev = this.held;
    this.held = next;
    if (prev) this.fs.closeSync(prev.fd);
  }

  /** Lines just read or written under the lock; the file is looked at again after VIEW_MS. */
  private seen(lines: Line[], at: number): void {
    this.view = { checkedAt: at, lines };
  }

  /** The file's lines for planning between claims, looked at again at most every VIEW_MS (a stat while unchanged). */
  private lines(now: number): Line[] {
    if (now - this.view.checkedAt < VIEW_MS && now >= this.view.checkedAt) return this.view.lines;
    let lines: Line[];
    try {
      lines = this.read();
    } catch {
      lines = this.view.lines; // unreadable for a moment: keep what was seen
    }
    this.view = { checkedAt: now, lines };
    return lines;
  }
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The shared ledger for a service and key under the state directory, or the reason it cannot
 * be used (the directory cannot be created): the caller then counts its own sends only.
 */
export function openFileLedger(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  apiKey: string | undefined,
  opts: FileLedgerOptions = {},
): { ledger: FileLedger } | { problem: string } {
  const dir = stateDir(env);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    return {
      problem: `the rate ledger directory ${dir} cannot be created (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  return { ledger: new FileLedger(join(dir, ledgerName(baseUrl, apiKey)), opts) };
}
