/**
 * Stopping an alert command with what it started, and the commands let go as the dashboard quits (effects.ts).
 *
 * A command started as the dashboard quits (an alert told in the second before `q`: its log write decides on the way
 * out) outlives the dashboard, so nothing in it can watch the command's time. It is started by a watchdog instead: a
 * small detached Node process (this program's own `process.execPath`) that starts the command in its own process group,
 * stops the group after the same timeout a command has while the dashboard runs (ALERT_COMMAND_TIMEOUT_MS), and ends
 * when the command does. Before, a command that hung stayed for good, an orphan, one more at each such quit.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';

/** Process groups (POSIX): a command is started as the leader of its own and stopped with all of it. */
export const GROUPS = process.platform !== 'win32';

export type Spawn = (cmd: string, args: readonly string[], opts: SpawnOptions) => ChildProcess;

/**
 * How an alert command (and its watchdog) is started: no shell, no terminal, its output ignored, in its own process
 * group (and session: no terminal to draw on, nor its hang-up as the window closes), so a stop reaches what it started.
 */
export function commandSpawnOptions(env: NodeJS.ProcessEnv): SpawnOptions {
  return { shell: false, stdio: 'ignore', env, windowsHide: true, detached: GROUPS };
}

/**
 * Stops the command and whatever it started: a script's `sleep` or `curl` would otherwise outlive a stopped script,
 * one more process left behind at each slow alert on a board that runs for days.
 */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (GROUPS && child.pid !== undefined) return void process.kill(-child.pid, signal);
  } catch {
    // the group is gone already, or not ours: the child alone, as before
  }
  child.kill(signal);
}

/**
 * The watchdog, run as `node -e WATCHDOG <timeout ms> <program> <args…>`: the command in its own group (its
 * environment is the watchdog's), SIGKILL to the group at the timeout, as killGroup does for a running one.
 */
export const WATCHDOG = `
const { spawn } = require('node:child_process');
const [ms, cmd, ...args] = process.argv.slice(1);
const groups = process.platform !== 'win32';
let child;
try {
  child = spawn(cmd, args, { stdio: 'ignore', detached: groups, windowsHide: true });
} catch {
  process.exit(0);
}
const timer = setTimeout(() => {
  try {
    if (groups) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}, Number(ms));
child.once('error', () => clearTimeout(timer));
child.once('exit', () => clearTimeout(timer));
`;

/**
 * Starts `argv` under the watchdog, stopped after `timeoutMs`, and lets it go: nothing of it keeps the dashboard's
 * process alive, and nothing is said of how it ends (no notice line is left to say it on).
 */
export function letGo(spawnFn: Spawn, argv: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): void {
  try {
    const ms = String(Math.max(1, Math.round(timeoutMs)));
    spawnFn(process.execPath, ['-e', WATCHDOG, '--', ms, ...argv], commandSpawnOptions(env))
      .once('error', () => undefined)
      .unref();
  } catch {
    // quitting: no notice line is left to say it on
  }
}
