import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { ControlClient } from './controlClient.js';
import { settledScreen } from './frames.js';
import { runningTestEnds, waitDeadline } from './testBudget.js';
import { WAIT_DEADLINE_MS } from './wait.js';

/**
 * Drives a real terminal: a private tmux server with one shell, keys sent with
 * send-keys, the screen read with capture-pane — what a person sees.
 */
let sessions = 0;

export class TmuxSession {
  private readonly socket: string;
  readonly name = 'e2e';
  /** Reads the screen knowing whether it fell inside a frame (frames.ts); attached by `start`. */
  private control: ControlClient | undefined;

  constructor(tag: string) {
    // one socket per session: a new server on the socket of one just killed can meet it still exiting
    // ("server exited unexpectedly"), which happened with four test files at once on two cores
    this.socket = `oddsboard-${tag}-${process.pid}-${++sessions}`;
  }

  static available(): boolean {
    try {
      execFileSync('tmux', ['-V'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /**
   * A plain sh with a known prompt, in a terminal of the given size. The tmux server starts with this process's
   * environment: the runner's own ODDSBOARD_* and XDG_* settings (a key, a config file, a state directory with a
   * watchlist) are emptied unless `env` gives them, so no test reads or writes the person's own files; the locale is
   * C.UTF-8 unless `env` gives one.
   */
  start(cwd: string, cols: number, rows: number, env: Record<string, string>): void {
    const mine = Object.fromEntries(
      Object.keys(process.env)
        .filter((k) => /^(?:ODDSBOARD_|XDG_)/.test(k))
        .map((k) => [k, '']),
    );
    // a UTF-8 locale unless the test says otherwise: the dashboard draws ASCII stand-ins in any other (docs/views.md),
    // and a runner's own LANG (unset in a bare container, C over ssh) would decide what every test reads
    const locale = { LC_ALL: '', LC_CTYPE: '', LANG: 'C.UTF-8' };
    const envArgs = Object.entries({ PS1: 'E2E$ ', TERM: 'xterm-256color', ...mine, ...locale, ...env }).flatMap(
      ([k, v]) => ['-e', `${k}=${v}`],
    );
    this.tmux([
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(cols),
      '-y',
      String(rows),
      '-c',
      cwd,
      ...envArgs,
      'sh',
    ]);
    this.tmux(['set-option', '-t', this.name, 'status', 'off']);
    // the control client has no size of its own: the window keeps the one given here (and resize's)
    this.tmux(['set-option', '-g', 'window-size', 'manual']);
    this.control = new ControlClient(this.socket, this.name);
  }

  /**
   * Types `command` and Enter at the shell's prompt, once the prompt is there. Typed any sooner (the shell still
   * starting, or still finishing the command before), the terminal echoes the text at once and the prompt comes
   * after it: the program then starts with the cursor past the prompt instead of in column 0, and a full-screen
   * program's first frame wraps by that much (its top row left showing the clock's last digits).
   */
  async run(command: string): Promise<void> {
    await this.control?.ready;
    await this.waitForPrompt();
    this.type(command);
    this.keys('Enter');
  }

  /**
   * Until the cursor sits right after a prompt with nothing typed: `E2E$ ` (PS1), or `# ` (dash as root keeps its
   * own), or `$ `. A deadline only for a shell that never comes.
   */
  async waitForPrompt(timeoutMs = 60_000): Promise<void> {
    const { at: deadline, note } = waitDeadline(Date.now(), timeoutMs, runningTestEnds());
    for (;;) {
      const [x, y] = this.tmux(['display-message', '-p', '-t', this.name, '#{cursor_x} #{cursor_y}'])
        .trim()
        .split(' ')
        .map(Number);
      // capture-pane drops a line's trailing spaces: the prompt's own space too
      const line = this.capture().split('\n')[y!] ?? '';
      if (x! > 0 && line.length <= x! && /(?:^|\s)(?:E2E\$|#|\$)$/.test(line.trimEnd())) return;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for the shell's prompt${note}; the screen was:\n${this.capture()}`);
      await delay(20);
    }
  }

  /** Literal text (no key-name lookup). */
  type(text: string): void {
    this.tmux(['send-keys', '-t', this.name, '-l', text]);
  }

  /** tmux key names: Enter, Escape, Tab, Down, C-c … */
  keys(...names: string[]): void {
    this.tmux(['send-keys', '-t', this.name, ...names]);
  }

  /**
   * The screen now, as it is: it may fall inside a frame, half of it drawn (frames.ts). For what a frame shows, wait
   * for it (waitFor) or read it whole (screen).
   */
  capture(): string {
    return this.tmux(['capture-pane', '-p', '-t', this.name]);
  }

  /** The terminal made `cols`×`rows`, as a person resizing their window does (the program gets SIGWINCH). */
  resize(cols: number, rows: number): void {
    this.tmux(['resize-window', '-t', this.name, '-x', String(cols), '-y', String(rows)]);
  }

  /** Appends everything programs in the pane write to the terminal, byte for byte, to `file` (what reaches the terminal). */
  recordOutput(file: string): void {
    this.tmux(['pipe-pane', '-o', '-t', this.name, `cat >> '${file.replace(/'/g, "'\\''")}'`]);
  }

  /** The screen with its colour and style escape sequences (what the program drew, attributes included). */
  captureWithEscapes(): string {
    return this.tmux(['capture-pane', '-p', '-e', '-t', this.name]);
  }

  alternateScreenOn(): boolean {
    return this.tmux(['display-message', '-p', '-t', this.name, '#{alternate_on}']).trim() === '1';
  }

  /**
   * Polls the screen until `test` holds, and returns it once a second read a moment later agrees — both read between
   * frames (frames.ts settledScreen): a frame reaches the terminal in pieces, and a read between two of them shows a
   * row cut short (a loaded machine's test:stress run had one without its pane border, and the row-width check failed
   * on it). The error shows the last whole screen. The deadline is cut short of the test's own (testBudget.ts).
   */
  async waitFor(what: string, test: (screen: string) => boolean, timeoutMs = WAIT_DEADLINE_MS): Promise<string> {
    const read = () => {
      if (!this.control) throw new Error(`waiting for ${what} before the session started`);
      return this.control.capture(this.name);
    };
    return settledScreen({ read }, what, test, timeoutMs);
  }

  /** The screen as drawn: read between frames, and the same a moment later (waitFor with no condition). */
  screen(): Promise<string> {
    return this.waitFor('a whole frame', () => true);
  }

  /** The pid of the program the pane's shell is running now (the dashboard). */
  childPid(): number {
    const shell = this.tmux(['display-message', '-p', '-t', this.name, '#{pane_pid}']).trim();
    const child = execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim().split('\n')[0];
    if (!child) throw new Error('no program is running in the pane');
    return Number(child);
  }

  kill(): void {
    this.control?.close();
    try {
      this.tmux(['kill-server']);
    } catch {
      // already gone
    }
  }
}
