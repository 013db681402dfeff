/**
 * What the end-to-end tests of the built program share: `oddsboard serve …` started as a child (its first stdout
 * line is the base URL), and the quote form filled in as a person does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { TmuxSession } from './tmux.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'dist/cli.js');

/** `dist/cli.js serve ARGS…` as a child; resolves with it and the base URL it printed first. */
export async function serveChild(args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((res, rej) => {
    lines.once('line', res);
    child.once('exit', (code) => rej(new Error(`serve ${args.join(' ')} exited with ${code}`)));
  });
  return { child, url };
}

/** From the list: ⏎ ⏎ into the quote form, type the amount, wait for the answer. */
export async function quoteFromList(t: TmuxSession, amount: string, answered: (s: string) => boolean): Promise<string> {
  t.keys('Enter');
  await t.waitFor('the detail pane to take focus', (s) => /◆ Detail/.test(s));
  t.keys('Enter');
  await t.waitFor('the quote form to take focus', (s) => /◆ Quote/.test(s));
  t.type(amount);
  return t.waitFor('the quote answer', answered, 10_000);
}
