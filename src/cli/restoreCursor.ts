/**
 * The stand-in for `restore-cursor` (which cli-cursor, Ink's cursor hider, calls when it first hides the cursor),
 * put in its place by the module hook (inkHooks.ts). restore-cursor 4 — what cli-cursor 4 and so Ink 8 take — writes
 * ESC[?25h to stderr when the process exits, whatever stderr is: `oddsboard 2>log` left six bytes of escape in the
 * log. This one shows the cursor on the terminal: stderr when that is one, else stdout, else nowhere (what
 * restore-cursor 5.1 does, out of cli-cursor 4's range). It is the fallback: Ink's unmount (on a key, a signal or a
 * crash) shows the cursor on stdout already.
 */
type Terminal = { isTTY?: boolean; write(text: string): unknown };

/** The stream that shows the cursor on exit: the one of the two that is a terminal, stderr first. */
export function cursorTerminal(stderr: Terminal, stdout: Terminal): Terminal | undefined {
  return stderr.isTTY ? stderr : stdout.isTTY ? stdout : undefined;
}

let armed = false;

/** restore-cursor's contract: called any number of times, it shows the cursor once, on exit. */
export default function restoreCursor(): void {
  if (armed) return;
  armed = true;
  const terminal = cursorTerminal(process.stderr, process.stdout);
  // one listener for the process's life, added once
  if (terminal !== undefined) process.once('exit', () => terminal.write('\u001B[?25h'));
}
