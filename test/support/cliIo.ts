/**
 * In-process runs of a command: captured stdout/stderr (with the TTY flag and
 * width a test wants), an environment with a private state directory (its own
 * rate ledger) and no config file, and optionally virtual time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { CommandIo } from '../../src/cli/commands.js';

export interface Captured {
  io: CommandIo;
  out(): string;
  err(): string;
  stateHome: string;
}

function sink(tty: boolean, columns: number | undefined): { stream: NodeJS.WriteStream; text: () => string } {
  let buf = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      buf += String(chunk);
      cb();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY: tty, columns });
  return { stream, text: () => buf };
}

export function cliIo(
  opts: {
    env?: Record<string, string>;
    tty?: boolean;
    columns?: number;
    stateHome?: string;
    timing?: CommandIo['timing'];
  } = {},
): Captured {
  const stateHome = opts.stateHome ?? mkdtempSync(join(tmpdir(), 'oddsboard-state-'));
  const out = sink(opts.tty ?? false, opts.columns);
  const err = sink(false, undefined);
  const io: CommandIo = {
    stdin: process.stdin,
    stdout: out.stream,
    stderr: err.stream,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: stateHome,
      XDG_STATE_HOME: stateHome,
      ODDSBOARD_CONFIG: join(stateHome, 'no-config.json'),
      ...opts.env,
    },
    ...(opts.timing ? { timing: opts.timing } : {}),
  };
  return { io, out: out.text, err: err.text, stateHome };
}
