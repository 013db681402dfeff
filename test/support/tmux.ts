import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { refuseShortDeadline, WAIT_DEADLINE_MS } from './wait.js';

/**
 * Drives a real terminal: a private tmux server with one shell, keys sent with
 * send-keys, the screen read with capture-pane — what a person sees.
 */
let sessions = 0;
/** How long a screen must stay the same to count as a whole frame. */
const SETTLE_MS = 60;

export class TmuxSession {
  private readonly socket: string;
  readonly name = 'e2e';

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
  }

  /**
   * Types `command` and Enter at the shell's prompt, once the prompt is there. Typed any sooner (the shell still
   * starting, or still finishing the command before), the terminal echoes the text at once and the prompt comes
   * after it: the program then starts with the cursor past the prompt instead of in column 0, and a full-screen
   * program's first frame wraps by that much (its top row left showing the clock's last digits).
   */
  async run(command: string): Promise<void> {
    await this.waitForPrompt();
    this.type(command);
    this.keys('Enter');
  }

  /**
   * Until the cursor sits right after a prompt with nothing typed: `E2E$ ` (PS1), or `# ` (dash as root keeps its
   * own), or `$ `. A deadline only for a shell that never comes.
   */
  async waitForPrompt(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [x, y] = this.tmux(['display-message', '-p', '-t', this.name, '#{cursor_x} #{cursor_y}'])
        .trim()
        .split(' ')
        .map(Number);
      // capture-pane drops a line's trailing spaces: the prompt's own space too
      const line = this.capture().split('\n')[y!] ?? '';
      if (x! > 0 && line.length <= x! && /(?:^|\s)(?:E2E\$|#|\$)$/.test(line.trimEnd())) return;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for the shell's prompt; the screen was:\n${this.capture()}`);
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
   * Polls the screen until `test` holds, and returns it once a second read a moment later agrees: a frame reaches the
   * terminal in pieces, and a read between two of them shows a row cut short (a loaded machine's test:stress run had
   * one without its pane border, and the row-width check failed on it). The error shows the last screen.
   */
  async waitFor(what: string, test: (screen: string) => boolean, timeoutMs = WAIT_DEADLINE_MS): Promise<string> {
    refuseShortDeadline(timeoutMs, what);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.capture();
      if (test(screen)) {
        await delay(SETTLE_MS);
        const again = this.capture();
        // a screen that never holds still (an animation) is taken as it is at the deadline
        if (again === screen || (Date.now() > deadline && test(again))) return again;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
      await delay(50);
    }
  }

  /** The pid of the program the pane's shell is running now (the dashboard). */
  childPid(): number {
    const shell = this.tmux(['display-message', '-p', '-t', this.name, '#{pane_pid}']).trim();
    const child = execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim().split('\n')[0];
    if (!child) throw new Error('no program is running in the pane');
    return Number(child);
  }

  kill(): void {
    try {
      this.tmux(['kill-server']);
    } catch {
      // already gone
    }
  }
}
