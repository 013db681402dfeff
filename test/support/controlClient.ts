/**
 * A tmux control-mode client (`tmux -C attach`) on the tmux driver's session (tmux.ts): it gets every byte the pane's
 * program writes (`%output`) in order with the answers to its own commands, so a capture-pane sent through it is known
 * to fall between frames or inside one (frames.ts). Not pipe-pane: that is recordOutput's, and tmux gives a pane one.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { parseControlLine, splitLines } from '../../bench/frames.js';
import { FrameTracker, type PaneRead } from './frames.js';

interface Waiting {
  resolve: (r: { lines: string[]; midFrame: boolean }) => void;
  reject: (e: Error) => void;
}

export class ControlClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly frames = new FrameTracker(() => Date.now());
  private pending: Buffer = Buffer.alloc(0);
  private readonly waiting: Waiting[] = [];
  private block: string[] | undefined;
  private gone: Error | undefined;
  /** Resolves once the client is attached and answering: nothing the program writes after it is missed. */
  readonly ready: Promise<unknown>;

  constructor(socket: string, session: string) {
    this.child = spawn('tmux', ['-L', socket, '-C', 'attach-session', '-t', session], { stdio: 'pipe' });
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr.resume();
    this.child.stdin.on('error', () => {}); // a write after tmux exited: `close` says so
    this.child.on('error', (e) => this.end(e));
    this.child.on('close', (code, signal) => this.end(new Error(`tmux's control client exited (${code ?? signal})`)));
    this.ready = this.command('display-message -p ready');
  }

  private end(e: Error): void {
    this.gone ??= e;
    for (const w of this.waiting.splice(0)) w.reject(this.gone);
  }

  private read(chunk: Buffer): void {
    const { lines, rest } = splitLines(this.pending, chunk);
    this.pending = rest;
    for (const line of lines) {
      const l = parseControlLine(line);
      if (l.kind === 'output') this.frames.feed(l.bytes);
      else if (l.kind === 'begin') this.block = l.flags === 1 ? [] : undefined;
      else if (l.kind === 'end' || l.kind === 'error') {
        const block = this.block;
        this.block = undefined;
        if (l.flags !== 1 || !block) continue;
        // judged now, before any output that came after the answer is fed
        const w = this.waiting.shift();
        if (l.kind === 'end') w?.resolve({ lines: block, midFrame: this.frames.midFrame() });
        else w?.reject(new Error(`tmux: ${block.join(' ')}`));
      } else if (this.block && l.kind === 'other') this.block.push(l.text);
    }
  }

  /** One tmux command; its output lines, and whether the pane was inside a frame when it ran. */
  command(cmd: string): Promise<{ lines: string[]; midFrame: boolean }> {
    if (this.gone) return Promise.reject(this.gone);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(`${cmd}\n`);
    });
  }

  /** The screen as capture-pane prints it (each line ending in a newline), and whether it fell inside a frame. */
  async capture(target: string): Promise<PaneRead> {
    const { lines, midFrame } = await this.command(`capture-pane -p -t ${target}`);
    return { screen: lines.map((l) => `${l}\n`).join(''), midFrame };
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}
