/**
 * `o`: a platform page opened in the browser (docs/links.md, "Opening"). `$BROWSER` when set (a command, or a `:`
 * separated list of them, the first found is used; `%s` in it is replaced by the address, else the address is its last
 * argument), else the platform's opener: `xdg-open` (Linux, BSD), `open` (macOS), `cmd /c start "" <address>`
 * (Windows). The opener is spawned detached, its stdio ignored and unref'd: it never blocks the dashboard or draws over
 * it. Only an `https` address on the venue's own host is ever opened (page.ts `isOwnPage`); no shell is involved.
 * Where no opener is found on the PATH, nothing is spawned and the caller shows the address to copy.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

export interface OpenDeps {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Whether an executable exists (a path, or a name looked up on PATH). */
  exists?: (command: string, env: NodeJS.ProcessEnv) => boolean;
  spawn?: (command: string, args: readonly string[], opts: SpawnOptions) => Opener;
  /** The time (epoch ms) an opener's failure is measured from (FAIL_WINDOW_MS). */
  now?: () => number;
}

/** What openPage needs of the spawned opener. */
export interface Opener {
  unref(): void;
  on(e: 'error', f: () => void): unknown;
  on(e: 'exit', f: (code: number | null) => void): unknown;
}

/**
 * An opener that fails does so at once (xdg-open with no browser for https: exit 3, a `$BROWSER` that cannot open
 * it); one that exits later is a browser run in the foreground and closed by the person, whatever its code.
 */
export const FAIL_WINDOW_MS = 15_000;

export type OpenResult = { ok: true; command: string } | { ok: false; reason: string };

/** Whether `command` is an executable file: as given when it holds a path, else found on PATH. */
export function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  const can = (p: string) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (isAbsolute(command) || command.includes('/')) return can(command);
  return (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && can(join(dir, command)));
}

/** The command and arguments that open `address`, or undefined when none is found. */
export function openerFor(address: string, deps: OpenDeps): { command: string; args: string[] } | undefined {
  const exists = deps.exists ?? onPath;
  const browser = deps.env.BROWSER?.trim();
  if (browser) {
    for (const entry of browser.split(':')) {
      const words = entry
        .trim()
        .split(/\s+/)
        .filter((w) => w !== '');
      const [command, ...rest] = words;
      if (!command || !exists(command, deps.env)) continue;
      const args = rest.some((w) => w.includes('%s'))
        ? rest.map((w) => w.replaceAll('%s', address))
        : [...rest, address];
      return { command, args };
    }
    return undefined;
  }
  if (deps.platform === 'darwin') return exists('open', deps.env) ? { command: 'open', args: [address] } : undefined;
  if (deps.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', address] };
  return exists('xdg-open', deps.env) ? { command: 'xdg-open', args: [address] } : undefined;
}

/**
 * Opens `address` (already checked as the venue's own page) without waiting for it; `failed` hears, later, of an
 * opener that exits non-zero or cannot start within FAIL_WINDOW_MS (the screen said "Opened": it was not).
 */
export function openPage(address: string, deps: OpenDeps, failed?: (reason: string) => void): OpenResult {
  const found = openerFor(address, deps);
  if (!found)
    return {
      ok: false,
      reason: deps.env.BROWSER?.trim() ? 'no command of $BROWSER was found' : 'no browser opener was found',
    };
  try {
    const child = (deps.spawn ?? spawn)(found.command, found.args, {
      detached: true,
      stdio: 'ignore',
      env: deps.env,
      windowsHide: true,
    });
    // the dashboard neither waits for the opener nor crashes with it; a failure soon after is told (`failed`)
    const now = deps.now ?? Date.now;
    const at = now();
    let told = false;
    const tell = (reason: string) => {
      if (told || now() - at > FAIL_WINDOW_MS) return;
      told = true;
      failed?.(reason);
    };
    child.on('error', () => tell(`${found.command} could not be started`));
    child.on('exit', (code) => {
      if (code !== null && code !== 0) tell(`${found.command} exited with ${code}`);
    });
    child.unref();
    return { ok: true, command: found.command };
  } catch {
    return { ok: false, reason: `${found.command} could not be started` };
  }
}
