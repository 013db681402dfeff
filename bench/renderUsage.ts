/**
 * bench:render's `--help` and its flags: `npm run bench:render -- --help` used to ignore the flag and start the full
 * run (three rounds of two sizes, minutes of real time), and a misspelt flag ran that same default silently.
 */
import { asksHelp, refuseUnknownFlags } from './main.js';

/** What `--help` prints: every flag, with its default. */
export const RENDER_USAGE = `Usage:
  npm run bench:render [-- --cases LIST] [--pairs N] [--sizes 160x48,200x60] [--warmup S] [--idle S]
      [--rss-at S] [--presses N] [--limit N] [--json]
      the dashboard and the bare Ink app in tmux panes, one after the other, --pairs rounds (default 3) of each
      case at each size: idle CPU, bytes, frames, lines rewritten, RSS, keypress to frame, first frame with data
      --cases LIST   a comma-separated list of public, polymarket, kalshi, manifold, all (default public)
      --warmup S (30), --idle S (60), --rss-at S (120), --presses N (200), --limit N (100; the dashboard's list)
      --json         the runs and summary as JSON on stdout
  npm run bench:render -- --minutes N [--cases C] [--sizes 160x48] [--reference]
      one case's dashboard (--reference: the bare Ink app) idle for N real minutes, memory each minute
  --node-flag F (repeatable): run the programs with these Node flags instead of the dashboard's
  docs/benchmarks.md ("bench:render") says what each figure is
`;

/** The flags taken; `--node-flag`'s value (itself a flag of Node's) is skipped. */
const RENDER_FLAGS = new Set([
  '--cases',
  '--pairs',
  '--sizes',
  '--warmup',
  '--idle',
  '--rss-at',
  '--presses',
  '--limit',
  '--json',
  '--minutes',
  '--reference',
  '--node-flag',
]);

/** The usage when it is asked for (`--help`, `-h`), else undefined: nothing is run then. */
export function renderHelp(argv: string[]): string | undefined {
  return asksHelp(argv) ? RENDER_USAGE : undefined;
}

/** A flag bench:render does not know is refused rather than run the full default it did not ask for. */
export function refuseUnknownRenderFlags(argv: string[]): void {
  refuseUnknownFlags(argv, RENDER_FLAGS, undefined, (k, all) => all[k - 1] === '--node-flag');
}
