/**
 * The ledger as a small file shared by every oddsboard process of the user:
 * `$XDG_STATE_HOME/oddsboard/budget-<hash>.ledger`, one line per send (`s <epoch ms> <process>`) or pause (`p <until>
 * <process>`), written under a lock (lock.ts). `<hash>` is a hash of the base URL and the key, never the key itself.
 *
 * The cheap path (a claim before every request, issues 30 and 27): a claim appends its line to the file (O_APPEND, one
 * write) instead of replacing the file. A file replaced on every claim cost a new inode and the old one's release each
 * time — about 300 µs of a 350 µs claim, the largest part of what a second and third venue added to the idle CPU. Lines
 * that left the window stay in the file until there are COMPACT_DEAD of them (or a line that is not ours): then the
 * file is replaced by a rename of a temp file beside it holding only what is in force, as before. Neither path fsyncs:
 * what a power cut could lose is a window that lives 60 s, and losing it costs nothing.
 *
 * The ledger keeps the last file it read or wrote open, with the lines and the bytes it has read of it. While the path
 * still names that file (same inode; a file held open keeps its inode) the lines are known: only what was appended
 * since is read (its size tells), and only whole lines — a reader without the lock may look while another process
 * appends (held.ts).
 *
 * Lines no oddsboard whose clock agrees could have written (a send stamped in the future, a pause beyond the longest
 * one written: types.ts `credible`) are ignored as if absent, said once (`listen`), and make the next claim replace the
 * file without them. Another machine's lines (a home shared over the network) count by its clock: hosts.ts.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isMissing, nodeFs, sameFile, writeAll, type FileId, type LedgerFs } from './fsOps.js';
import { readTail, type Held } from './held.js';
import { Hosts, hostTag } from './hosts.js';
import { believed, Distrust, movedAhead, movedBack, parse, lineText, type Line } from './lines.js';
import { FileLock, type LockOptions } from './lock.js';
import { LEDGER_SPAN_MS, MAX_PAUSE_MS, slotAfter, type Claim, type SendLedger } from './types.js';

/** Far more than any window holds (30 sends, a pause); a bigger file is not ours and is started over. */
const LEDGER_MAX_BYTES = 64 * 1024;
/** How long a view of the others' sends is reused before the file is looked at again. */
const VIEW_MS = 250;
/** Lines out of force the file may hold before a claim replaces it with only those in force. */
export const COMPACT_DEAD = 128;
/** Retry after this long when another process holds the lock. */
const BUSY_RETRY_MS = 15;

export interface FileLedgerOptions {
  spanMs?: number;
  /** This process's name in the ledger (default pid + random + `@` this host's tag). */
  proc?: string;
  /** This machine's tag (hosts.ts; default a hash of the host name): lines of another tag are another clock's. */
  host?: string;
  lock?: LockOptions;
  /** How often a holder looks again for the others' sends (default 2 s). */
  pollMs?: number;
  /** The file system (default node:fs; tests count the calls). Also the lock's unless `lock.fs` says otherwise. */
  fs?: LedgerFs;
}

let tempSeq = 0;

export class FileLedger implements SendLedger {
  readonly spanMs: number;
  readonly pollMs: number;
  private readonly proc: string;
  private readonly lock: FileLock;
  private readonly fs: LedgerFs;
  private readonly hosts: Hosts; // other machines' clocks: when their lines count from on this one's
  private held: Held | undefined;
  /** The held file is the one at the path (as of the last read). */
  private current = false;
  /** When the file was last looked at for `others` and `pausedUntil`, and what it said. */
  private view: { checkedAt: number; lines: Line[] } = { checkedAt: Number.NEGATIVE_INFINITY, lines: [] };
  /** `others`' last answer: the view's lines (a new array whenever they change) and the time it was asked for. */
  private memo: { lines: Line[]; now: number; at: readonly number[] } | undefined;
  /** Lines from the future left out, said once. */
  private readonly distrust = new Distrust();
  /** A step ahead seen while the lock was held elsewhere: its lines are moved at the next claim or pause. */
  private ahead: { by: number; now: number } | undefined;

  constructor(
    readonly path: string,
    opts: FileLedgerOptions = {},
  ) {
    this.spanMs = opts.spanMs ?? LEDGER_SPAN_MS;
    this.pollMs = opts.pollMs ?? 2_000;
    const host = opts.host ?? hostTag();
    this.proc = opts.proc ?? `${process.pid}.${randomBytes(4).toString('hex')}@${host}`;
    this.hosts = new Hosts(host);
    this.fs = opts.fs ?? nodeFs;
    this.lock = new FileLock(`${path}.lock`, { fs: this.fs, ...opts.lock });
  }

  listen(onNotice: (text: string) => void): void {
    this.distrust.listen(onNotice);
  }

  /** Made once per view of the file and `now`: the scheduler asks for every candidate of a pass, at one `now`. */
  others(now: number): readonly number[] {
    const lines = this.lines(now);
    if (this.memo?.lines === lines && this.memo.now === now) return this.memo.at;
    const theirs = (l: Line) => l.kind === 's' && l.proc !== this.proc && this.hosts.at(l) > now - this.spanMs;
    const at = this.distrust.trusted(lines, now, this.hosts.own).filter(theirs);
    this.memo = { lines, now, at: at.map((l) => this.hosts.at(l)).sort((a, b) => a - b) };
    return this.memo.at;
  }

  pausedUntil(now: number): number | undefined {
    let until: number | undefined;
    for (const l of this.distrust.trusted(this.lines(now), now, this.hosts.own)) {
      const at = this.hosts.at(l);
      if (l.kind === 'p' && at > now && (until === undefined || at > until)) until = at;
    }
    return until;
  }

  claim(now: number, allowed: number): Claim {
    const r = this.lock.with((): Claim => {
      const live = this.live(this.caughtAhead(this.read(now)), now);
      this.seen(live, now); // what the file says now, for the planning between claims
      const times = (kind: Line['kind']) => live.filter((l) => l.kind === kind).map((l) => this.hosts.at(l));
      const pause = Math.max(...times('p'));
      if (pause > now) return { ok: false, retryAt: pause, reason: 'paused' };
      const at = slotAfter(times('s'), now, allowed, this.spanMs); // `live` is in order of these times
      if (at > now) return { ok: false, retryAt: at, reason: 'budget' };
      this.add(live, { kind: 's', at: now, proc: this.proc }, now);
      return { ok: true };
    });
    return r ? r.value : { ok: false, retryAt: now + BUSY_RETRY_MS, reason: 'busy' };
  }

  pause(until: number, now: number): void {
    const at = Math.min(until, now + MAX_PAUSE_MS); // never longer than any reader believes
    // best effort: a pause that cannot be written only costs the others a 429 of their own
    this.lock.with(() => {
      const live = this.live(this.caughtAhead(this.read(now)), now);
      if (live.some((l) => l.kind === 'p' && this.hosts.at(l) >= at)) return;
      this.add(live, { kind: 'p', at, proc: this.proc }, now);
    });
  }

  /** Best effort (the lock held elsewhere: its holder moves them, `caughtUp`, a little less far): `movedBack`. */
  stepBack(by: number, now: number): void {
    this.hosts.shift(by);
    this.lock.with(() => {
      const moved = movedBack(this.read(now), by, now, this.hosts.own);
      if (moved) this.write(this.live(moved, now));
    });
  }

  /** `movedAhead` under the lock; the lock held elsewhere, at this process's next claim or pause (`caughtAhead`). */
  stepAhead(by: number, now: number): void {
    this.ahead = { by, now };
    this.hosts.shift(by);
    this.lock.with(() => this.caughtAhead(this.read(now)));
  }

  /** Under the lock: the file's `lines` with a step ahead not moved yet moved, and written so. */
  private caughtAhead(lines: Line[]): Line[] {
    const step = this.ahead;
    this.ahead = undefined;
    const moved = step && movedAhead(lines, step.by, step.now, this.spanMs, this.hosts.own);
    if (!moved) return lines;
    this.write(this.live(moved, step.now));
    return moved;
  }

  /** What is still in force at `now` (another machine's by its clock, hosts.ts); none from the future. */
  private live(lines: Line[], now: number): Line[] {
    const at = (l: Line) => this.hosts.at(l);
    return this.distrust
      .trusted(lines, now, this.hosts.own)
      .filter((l) => (l.kind === 's' ? at(l) > now - this.spanMs : at(l) > now))
      .sort((a, b) => at(a) - at(b));
  }

  /** The file's lines (`readFile`), each other machine's first read at `now` dated so (hosts.ts). */
  private read = (now: number): Line[] => this.hosts.observe(this.readFile(), now);

  /**
   * The file's lines: the held ones while the path still names the held file (with what was appended since), else
   * read (and held). A missing file, or one that is not ours (not a regular file, too large), has none; `current`
   * says afterwards whether the held file is the one at the path.
   */
  private readFile(): Line[] {
    this.current = false;
    let atPath: FileId & { size: number };
    try {
      atPath = this.fs.statSync(this.path);
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    const held = this.held;
    if (held && sameFile(held.id, atPath) && atPath.size >= held.size && atPath.size <= LEDGER_MAX_BYTES) {
      if (atPath.size > held.size) readTail(this.fs, held, atPath.size);
      this.current = true;
      return held.lines;
    }
    let fd: number;
    try {
      // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells it is not a regular file
      fd = this.fs.openSync(this.path, constants.O_RDWR | constants.O_APPEND | constants.O_NONBLOCK);
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
        const r = this.fs.readSync(fd, buf, n, buf.length - n, n);
        if (r === 0) break;
        n += r;
        if (n > LEDGER_MAX_BYTES) {
          this.fs.closeSync(fd);
          return [];
        }
      }
      const text = buf.subarray(0, n).toString('utf8');
      const { lines, bad } = parse(text);
      this.hold({ fd, id: st, lines, size: Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1)), bad });
      this.current = true;
      return lines;
    } catch (e) {
      this.fs.closeSync(fd);
      throw e;
    }
  }

  /**
   * Under the lock: `line` added to the file whose lines in force are `live` — appended to the held file while it is
   * the ledger and holds few lines out of force and none from the future, else the file replaced by `live` and `line`.
   */
  private add(live: Line[], line: Line, now: number): void {
    this.lock.assertHeld(); // paused past the lock's staleMs, the lock was taken over: `live` may be old
    const held = this.current ? this.held : undefined;
    const unfit = (l: Line) => !believed(l, now, this.hosts.own); // from the future: the file is replaced without it
    if (!held || held.bad > 0 || held.lines.length - live.length >= COMPACT_DEAD || held.lines.some(unfit)) {
      this.write([...live, line]);
      return;
    }
    const text = lineText(line);
    writeAll(this.fs, held.fd, text);
    held.lines = [...held.lines, line];
    held.size += Buffer.byteLength(text);
    this.seen(held.lines, Number.NEGATIVE_INFINITY);
  }

  /** Replaces the file with `lines` (a temp file renamed over it, no fsync: see the module comment) and holds it. */
  private write(lines: Line[]): void {
    this.lock.assertHeld();
    const temp = join(dirname(this.path), `.${basename(this.path)}.${process.pid}.${++tempSeq}.tmp`);
    const fd = this.fs.openSync(
      temp,
      constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_EXCL,
      0o600,
    );
    try {
      const text = lines.map(lineText).join('');
      writeAll(this.fs, fd, text);
      const id = this.fs.fstatSync(fd);
      this.fs.renameSync(temp, this.path);
      this.hold({ fd, id, lines, size: Buffer.byteLength(text), bad: 0 });
      this.current = true;
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
      lines = this.read(now);
    } catch {
      lines = this.view.lines; // unreadable for a moment: keep what was seen
    }
    this.view = { checkedAt: now, lines };
    return lines;
  }
}
