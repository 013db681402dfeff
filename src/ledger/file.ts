/**
 * The ledger as a small file shared by every oddsboard process of the user:
 * `$XDG_STATE_HOME/oddsboard/budget-<hash>.ledger`, one line per send
 * (`s <epoch ms> <process>`) or pause (`p <until> <process>`), rewritten under
 * a lock (lock.ts) with only what is still in the window. `<hash>` is a hash of
 * the base URL and the key, never the key itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FileProblem, readTextFile, stateDir, writeFileAtomic } from '../util/files.js';
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
}

export class FileLedger implements SendLedger {
  readonly spanMs: number;
  readonly pollMs: number;
  private readonly proc: string;
  private readonly lock: FileLock;
  private view: { checkedAt: number; stamp: string; lines: Line[] } = {
    checkedAt: Number.NEGATIVE_INFINITY,
    stamp: '',
    lines: [],
  };

  constructor(
    readonly path: string,
    opts: FileLedgerOptions = {},
  ) {
    this.spanMs = opts.spanMs ?? LEDGER_SPAN_MS;
    this.pollMs = opts.pollMs ?? 2_000;
    this.proc = opts.proc ?? `${process.pid}.${randomBytes(4).toString('hex')}`;
    this.lock = new FileLock(`${path}.lock`, opts.lock);
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

  private read(): Line[] {
    try {
      return parse(readTextFile(this.path, LEDGER_MAX_BYTES));
    } catch (e) {
      if (
        e instanceof FileProblem &&
        (e.reason === 'missing' || e.reason === 'too_large' || e.reason === 'not_regular')
      )
        return [];
      throw e;
    }
  }

  private write(lines: Line[]): void {
    writeFileAtomic(this.path, lines.map((l) => `${l.kind} ${l.at} ${l.proc}\n`).join(''));
    this.seen(lines, Number.NEGATIVE_INFINITY);
  }

  /** Lines just read or written under the lock; the file is looked at again after VIEW_MS (the stamp is unknown). */
  private seen(lines: Line[], at: number): void {
    this.view = { checkedAt: at, stamp: '', lines };
  }

  /** The file's lines, re-read only when it changed (and at most every VIEW_MS). */
  private lines(now: number): Line[] {
    if (now - this.view.checkedAt < VIEW_MS && now >= this.view.checkedAt) return this.view.lines;
    let stamp: string;
    try {
      const st = statSync(this.path);
      stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      stamp = 'none';
    }
    if (stamp !== this.view.stamp) {
      let lines: Line[];
      try {
        lines = stamp === 'none' ? [] : this.read();
      } catch {
        lines = this.view.lines; // unreadable for a moment: keep what was seen
      }
      this.view = { checkedAt: now, stamp, lines };
    } else this.view.checkedAt = now;
    return this.view.lines;
  }
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
