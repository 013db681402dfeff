/**
 * A program in a real pseudo-terminal for bench:render: a private tmux server
 * whose one pane runs the program, and a control-mode client (`tmux -C`) that
 * sends keys and receives every byte the program writes, time-stamped when it
 * arrives. The harness is its own process; the measured program only sees a
 * terminal of the given size.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseControlLine, splitLines } from './frames.js';

export interface Chunk {
  at: number;
  bytes: Buffer;
}

export interface PaneProgram {
  columns: number;
  rows: number;
  /** argv of the program (argv[0] is the executable). */
  argv: string[];
  env: Record<string, string>;
  cwd: string;
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Panes started and not yet stopped: stopped by stopAll when the harness is interrupted. */
const live = new Set<TmuxPane>();

export class TmuxPane {
  /** Stops every pane still running (a benchmark interrupted by a signal). */
  static stopAll(): void {
    for (const pane of [...live]) pane.stop();
  }

  private readonly socket = `oddsboard-render-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private control: ChildProcessWithoutNullStreams | undefined;
  private pending: Buffer = Buffer.alloc(0);
  private waiting: Array<{ resolve: (lines: string[]) => void; reject: (e: Error) => void }> = [];
  private block: string[] | undefined;
  readonly chunks: Chunk[] = [];
  /** Called with every piece of output as it arrives. */
  onChunk: ((c: Chunk) => void) | undefined;
  pid = 0;

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /**
   * Creates the pane with the program held at a `read` (so nothing is missed
   * while the control client attaches), then releases it; resolves with the
   * time it was released.
   */
  async start(p: PaneProgram): Promise<number> {
    live.add(this);
    const envArgs = Object.entries({ TERM: 'xterm-256color', ...p.env }).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    const command = `read _ && exec ${p.argv.map(quote).join(' ')}`;
    this.tmux([
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      'run',
      '-x',
      String(p.columns),
      '-y',
      String(p.rows),
      '-c',
      p.cwd,
      ...envArgs,
      command,
    ]);
    this.tmux(['set-option', '-g', 'status', 'off']);
    this.tmux(['set-option', '-g', 'window-size', 'manual']);
    this.tmux(['set-option', '-g', 'remain-on-exit', 'on']);
    this.pid = Number(this.tmux(['display-message', '-p', '-t', 'run', '#{pane_pid}']).trim());
    const control = spawn('tmux', ['-L', this.socket, '-C', 'attach', '-t', 'run'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.control = control;
    control.stdout.on('data', (chunk: Buffer) => this.read(chunk, performance.now()));
    await this.command('list-sessions'); // attached and answering
    const at = performance.now();
    await this.command('send-keys -t run Enter');
    return at;
  }

  private read(chunk: Buffer, at: number): void {
    const { lines, rest } = splitLines(this.pending, chunk);
    this.pending = rest;
    for (const line of lines) {
      const l = parseControlLine(line);
      if (l.kind === 'output') {
        const c = { at, bytes: l.bytes };
        this.chunks.push(c);
        this.onChunk?.(c);
      } else if (l.kind === 'begin') {
        if (l.flags === 1) this.block = [];
      } else if (l.kind === 'end' || l.kind === 'error') {
        const block = this.block;
        this.block = undefined;
        if (l.flags !== 1 || !block) continue;
        const w = this.waiting.shift();
        if (l.kind === 'end') w?.resolve(block);
        else w?.reject(new Error(`tmux: ${block.join(' ')}`));
      } else if (this.block && l.kind === 'other') {
        this.block.push(l.text);
      }
    }
  }

  /** One tmux command through the control client; resolves with its output lines. */
  command(cmd: string): Promise<string[]> {
    const control = this.control;
    if (!control) return Promise.reject(new Error('tmux pane not started'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      control.stdin.write(`${cmd}\n`);
    });
  }

  /** Sends one key (a tmux key name or a single character); resolves with the time it was handed to tmux. */
  key(name: string): number {
    const at = performance.now();
    void this.command(`send-keys -t run ${name}`).catch(() => {});
    return at;
  }

  async screen(): Promise<string> {
    return (await this.command('capture-pane -p -t run')).join('\n');
  }

  /** utime + stime of the program, in seconds (from /proc; clock ticks are 1/100 s on Linux). */
  cpuSeconds(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  }

  /** Resident set size in MB (VmRSS). */
  rssMB(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : Number.NaN;
    } catch {
      return Number.NaN; // the program has exited
    }
  }

  alive(): boolean {
    try {
      const state = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
      return !/\) [ZX] /.test(state);
    } catch {
      return false;
    }
  }

  /** Everything the program wrote from `from` (inclusive) to `to` (exclusive), as text. */
  textBetween(from: number, to: number): string {
    return Buffer.concat(this.chunks.filter((c) => c.at >= from && c.at < to).map((c) => c.bytes)).toString('utf8');
  }

  bytesBetween(from: number, to: number): number {
    return this.chunks.filter((c) => c.at >= from && c.at < to).reduce((n, c) => n + c.bytes.length, 0);
  }

  stop(): void {
    live.delete(this);
    this.control?.stdin.end();
    this.control?.kill();
    try {
      this.tmux(['kill-server']);
    } catch {
      // already gone
    }
  }
}
