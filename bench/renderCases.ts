/**
 * bench:render's cases (`--cases`): what the dashboard runs against.
 *
 * - `public`: the interface in key mode against a separate `oddsboard serve` (the simulator), one fresh key a run;
 * - `polymarket`, `kalshi`, `manifold`: that platform alone on its replay (`--source S --base-url URL`);
 * - `all`: the three platforms in one process (`--source all --base-url VENUE=URL` for each replay).
 */
import { PLATFORMS, type Platform } from './replays.js';

export type RenderCase = 'public' | Platform | 'all';
export const RENDER_CASES: readonly RenderCase[] = ['public', ...PLATFORMS, 'all'];

/**
 * The priced rows (`63.5¢`) of the dashboard's first useful frame: ten on the simulator (its list is long), the first
 * one on a replay (Kalshi's recording prices only some of its 11 rows) and with all (whichever venue answers first, set
 * against each venue alone: the first priced rows as soon as with that venue alone).
 */
export function readyRows(c: RenderCase): number {
  return c === 'public' ? 10 : 1;
}

/**
 * `j` presses before `g` sends the cursor back to the top, fewer than the list's rows: 40 of the simulator's 100, 8 of
 * Kalshi's 11 on a replay (the Polymarket one lists fewer than 40 too).
 */
export function sweepPresses(c: RenderCase): number {
  return c === 'public' ? 40 : 8;
}

/** `--cases A,B,…` (default `public`), each once, in the order given. */
export function parseCases(text: string | undefined): RenderCase[] {
  if (text === undefined) return ['public'];
  const cases = text.split(',').map((s) => s.trim());
  for (const c of cases)
    if (!(RENDER_CASES as readonly string[]).includes(c))
      throw new Error(`--cases takes a list of ${RENDER_CASES.join(', ')} (got ${JSON.stringify(c)})`);
  const unique = [...new Set(cases)] as RenderCase[];
  if (unique.length !== cases.length) throw new Error(`--cases names a case twice (${JSON.stringify(text)})`);
  return unique;
}

/** The platforms whose replays a set of cases needs (`all`: the three). */
export function replaysFor(cases: readonly RenderCase[]): Platform[] {
  return PLATFORMS.filter((p) => cases.includes(p) || cases.includes('all'));
}

/**
 * The dashboard's arguments (after `dist/cli.js`) for a case, given the replays' addresses; `public` takes its
 * service and key from the environment (ODDSBOARD_BASE_URL, ODDSBOARD_API_KEY), as a person in key mode does.
 */
export function dashboardArgs(c: RenderCase, replayUrls: Partial<Record<Platform, string>>, limit: number): string[] {
  const url = (p: Platform) => {
    const u = replayUrls[p];
    if (u === undefined) throw new Error(`the ${p} replay is not running`);
    return u;
  };
  const venue =
    c === 'public'
      ? []
      : c === 'all'
        ? ['--source', 'all', ...PLATFORMS.flatMap((p) => ['--base-url', `${p}=${url(p)}`])]
        : ['--source', c, '--base-url', url(c)];
  return [...venue, '--limit', String(limit)];
}
