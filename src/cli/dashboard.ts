/**
 * `oddsboard [flags]`: reads the arguments and settings, checks for a terminal,
 * chooses the palette, and only then loads Ink, React and the App
 * (interactive.tsx) — `--help` and the usage errors stay quick.
 */
import { palette } from '../ui/theme.js';
import { chooseGlyphs, setGlyphs } from '../ui/glyphs.js';
import { parseDashboardArgs } from './args.js';
import type { CommandIo } from './commands.js';
import { colorEnabled, resolveSettings, type ColorMode, type Settings } from './config.js';
import { EXIT, UsageError } from './errors.js';
import { mainHelp } from './help.js';
import { version } from './version.js';

export type DashboardIo = CommandIo;

/** Everything the dashboard needs before it draws, or a usage error. */
export function prepare(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { kind: 'help' | 'version' } | { kind: 'run'; settings: Settings } {
  const parsed = parseDashboardArgs(argv);
  if (parsed.kind !== 'run') return parsed;
  // a wallet or username that is not one is a notice in the dashboard, not the end of it (src/positions/dashboard.ts)
  return { kind: 'run', settings: resolveSettings(parsed.flags, env, { lenientIdentities: true }) };
}

/**
 * Whether the terminal gets bold, dim and inverse at all, as chalk (Ink's styler) decides: none with FORCE_COLOR
 * 0/false, unless forced (`--color always` sets FORCE_COLOR=true below). Asked only for a terminal the board is drawn
 * on: runDashboard refuses TERM=dumb before (DUMB_TERMINAL), so chalk's TERM=dumb rule (no styles unless forced) is
 * not repeated here; theme.test.tsx pins the rest.
 */
export function stylesDrawn(mode: ColorMode, env: NodeJS.ProcessEnv): boolean {
  if (mode === 'always') return true;
  const force = env.FORCE_COLOR;
  return force !== 'false' && force !== '0';
}

const NOT_A_TTY =
  'oddsboard: the dashboard needs an interactive terminal (stdin and stdout must be a TTY).\n' +
  '  For scripts: oddsboard markets --json (see oddsboard --help); ' +
  'the reference service alone: oddsboard serve --port 8787\n';

/** TERM=dumb has no cursor addressing: the board cannot be drawn there (docs/views.md, as tcell's k9s refuses one). */
const DUMB_TERMINAL =
  'oddsboard: the dashboard needs a terminal that can move the cursor (TERM=dumb cannot).\n' +
  '  Here: oddsboard markets, oddsboard market ID, oddsboard watch (plain tables).\n' +
  '  On a terminal that can: TERM=xterm-256color oddsboard\n';

export async function runDashboard(argv: string[], io: DashboardIo): Promise<number> {
  let prepared: ReturnType<typeof prepare>;
  try {
    prepared = prepare(argv, io.env);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`oddsboard: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
  if (prepared.kind !== 'run') {
    io.stdout.write(prepared.kind === 'help' ? mainHelp() : `${version()}\n`);
    return EXIT.ok;
  }
  if (!io.stdin.isTTY || !io.stdout.isTTY) {
    io.stderr.write(NOT_A_TTY);
    return EXIT.usage;
  }
  if (io.env.TERM === 'dumb') {
    io.stderr.write(DUMB_TERMINAL);
    return EXIT.usage;
  }
  const { settings } = prepared;
  const color = colorEnabled(settings.color, io.env, true);
  // Ink colours through chalk, which reads this when it loads (below): `always` also with FORCE_COLOR=0 set
  if (settings.color === 'always') process.env.FORCE_COLOR = 'true';
  // before Ink loads: its string-width and frame buffer are the UI's, which remember across frames (inkHooks.ts)
  const { installInkHooks } = await import('./inkHooks.js');
  installInkHooks();
  // before the first frame: a flag, else the config file's "glyphs", else the locale (docs/views.md)
  setGlyphs(chooseGlyphs(settings.glyphs, io.env));
  const { runInteractive } = await import('./interactive.js');
  return runInteractive(settings, io, palette(settings.theme, color, stylesDrawn(settings.color, io.env)));
}
