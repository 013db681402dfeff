/**
 * Eight modules of the dashboard stand in for parts of its dependencies, through a node:module resolve hook installed
 * before Ink is loaded: seven for Ink (six of its own modules, and the string-width every dependency imports), one
 * for cli-cursor's restore-cursor (a `HookTargets` field each, below):
 *
 * - `string-width`, imported by any dependency → inkWidth.ts (the UI's bounded
 *   width cache);
 * - Ink's frame buffer (`./output.js` imported by ink/build/renderer.js) →
 *   ui/inkOutput.ts, which keeps the rows and styled texts it drew from one frame
 *   to the next — only for the Ink versions it was checked against
 *   (INK_OUTPUT_VERSIONS; inkOutput.test.ts compares its answers with Ink's);
 * - Ink's text measure (`./measure-text.js` imported by ink/build/dom.js) →
 *   inkMeasure.ts, the same answers from a smaller cache, for the same versions;
 * - Ink's squash of a Text's children (`./squash-text-nodes.js` imported by
 *   ink/build/dom.js and render-node-to-output.js) → inkSquashEntry.ts, Ink's own
 *   squash remembered per node (ui/inkSquash.ts), for the same versions; the entry
 *   imports Ink's module as SQUASH_ORIGINAL, which the hook resolves to it;
 * - Ink's line repaint (`./line-update.js` imported by ink/build/log-update.js) →
 *   inkLineUpdateEntry.ts, Ink's own with the SGR codes it replays cut to what they leave in force
 *   (ui/inkLineUpdate.ts), for the same versions; the entry imports Ink's module as LINE_UPDATE_ORIGINAL;
 * - Ink's frame writer (`./log-update.js` imported by ink/build/ink.js) → inkLogUpdateEntry.ts, Ink's own writing
 *   through a stream whose `write` sends a run of `ESC[E` as one `ESC[<n>E` (ui/inkCursorMoves.ts), for the same
 *   versions; the entry imports Ink's module as LOG_UPDATE_ORIGINAL;
 * - `es-toolkit/compat` imported by ink/build/ink.js → inkThrottleEntry.ts, its `throttle` (Ink's frame rate) with
 *   the first frame after a key drawn at once (ui/inkThrottle.ts), for the same versions; the entry imports the
 *   package as THROTTLE_ORIGINAL, resolved from ink.js;
 * - `restore-cursor` imported by cli-cursor (Ink's cursor hider) → restoreCursor.ts,
 *   which shows the cursor on exit on the terminal, not on a stderr sent to a file.
 *
 * Without hooks (Node < 22.15) the dependencies keep their own modules: the
 * same screen, at a higher idle cost (and restore-cursor's ESC[?25h on stderr).
 * Not through the hook, so on any Node and Ink: the stream interactive.tsx hands Ink writes each frame's
 * synchronized-output brackets and the frame as one write (ui/inkFrameWrites.ts).
 */
import { readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';

/** Ink versions whose output.js and measure-text.js are replaced (answers checked against Ink's in tests). */
export const INK_OUTPUT_VERSIONS = /^8\.0\.\d+$/;

export interface HookTargets {
  /** URL of the string-width stand-in. */
  width: string;
  /** URL of the Output stand-in. */
  output: string;
  /** URL of the measure-text stand-in. */
  measure: string;
  /** URL of the squash-text-nodes stand-in. */
  squash: string;
  /** URL of the line-update stand-in. */
  lineUpdate: string;
  /** URL of the log-update stand-in. */
  logUpdate: string;
  /** URL of the es-toolkit/compat stand-in (Ink's throttle). */
  throttle: string;
  /** URL of the restore-cursor stand-in. */
  cursor: string;
  /** Ink's version, read from the package.json above the importing build/ file. */
  inkVersion: (buildFileUrl: string) => string | undefined;
}

/** What inkSquashEntry.ts imports: Ink's own squash-text-nodes.js, next to the Ink file that asked for the stand-in. */
export const SQUASH_ORIGINAL = 'oddsboard-ink-squash-original';

/** What inkLineUpdateEntry.ts imports: Ink's own line-update.js, next to the log-update.js that asked for it. */
export const LINE_UPDATE_ORIGINAL = 'oddsboard-ink-line-update-original';

/** What inkLogUpdateEntry.ts imports: Ink's own log-update.js, next to the ink.js that asked for it. */
export const LOG_UPDATE_ORIGINAL = 'oddsboard-ink-log-update-original';

/** What inkThrottleEntry.ts imports: es-toolkit/compat as Ink's ink.js resolves it. */
export const THROTTLE_ORIGINAL = 'oddsboard-ink-throttle-original';

/** The stand-ins that wrap Ink's own module, imported by their entry under a name of their own. */
const ORIGINALS = {
  squash: SQUASH_ORIGINAL,
  lineUpdate: LINE_UPDATE_ORIGINAL,
  logUpdate: LOG_UPDATE_ORIGINAL,
  throttle: THROTTLE_ORIGINAL,
};

const INK_JS = '/node_modules/ink/build/ink.js';
const SQUASH_PARENTS = ['/node_modules/ink/build/dom.js', '/node_modules/ink/build/render-node-to-output.js'];

/** Where `specifier` imported from `parentURL` should come from instead, or undefined to leave it alone. */
export function redirectFor(
  specifier: string,
  parentURL: string | undefined,
  targets: HookTargets,
): string | undefined {
  if (parentURL === undefined || !parentURL.includes('/node_modules/')) return undefined;
  if (specifier === 'string-width') return targets.width;
  // any version: cli-cursor calls it with no arguments, once it hides the cursor
  if (specifier === 'restore-cursor' && parentURL.endsWith('/node_modules/cli-cursor/index.js')) return targets.cursor;
  const stand =
    specifier === './output.js' && parentURL.endsWith('/node_modules/ink/build/renderer.js')
      ? targets.output
      : specifier === './measure-text.js' && parentURL.endsWith('/node_modules/ink/build/dom.js')
        ? targets.measure
        : specifier === './squash-text-nodes.js' && SQUASH_PARENTS.some((p) => parentURL.endsWith(p))
          ? targets.squash
          : specifier === './line-update.js' && parentURL.endsWith('/node_modules/ink/build/log-update.js')
            ? targets.lineUpdate
            : specifier === './log-update.js' && parentURL.endsWith(INK_JS)
              ? targets.logUpdate
              : specifier === 'es-toolkit/compat' && parentURL.endsWith(INK_JS)
                ? targets.throttle
                : undefined;
  if (stand === undefined) return undefined;
  const version = targets.inkVersion(parentURL);
  return version !== undefined && INK_OUTPUT_VERSIONS.test(version) ? stand : undefined;
}

function inkVersion(buildFileUrl: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', buildFileUrl), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

let installed = false;

/** Installs the redirects; false (and nothing changed) where node:module has no registerHooks. */
export function installInkHooks(): boolean {
  const register = (nodeModule as { registerHooks?: (hooks: { resolve: ResolveHook }) => unknown }).registerHooks;
  if (installed || typeof register !== 'function') return installed;
  const targets: HookTargets = {
    width: new URL('./inkWidth.js', import.meta.url).href,
    output: new URL('../ui/inkOutput.js', import.meta.url).href,
    measure: new URL('./inkMeasure.js', import.meta.url).href,
    squash: new URL('./inkSquashEntry.js', import.meta.url).href,
    cursor: new URL('./restoreCursor.js', import.meta.url).href,
    lineUpdate: new URL('./inkLineUpdateEntry.js', import.meta.url).href,
    logUpdate: new URL('./inkLogUpdateEntry.js', import.meta.url).href,
    throttle: new URL('./inkThrottleEntry.js', import.meta.url).href,
    inkVersion,
  };
  /** Where each wrapping stand-in's entry finds Ink's own module: the file the hook redirected it from. */
  const originals = new Map<string, string>();
  register({
    resolve(specifier, context, next) {
      const original = originals.get(specifier);
      if (original !== undefined) return { url: original, format: 'module', shortCircuit: true };
      const url = redirectFor(specifier, context.parentURL, targets);
      for (const [key, name] of Object.entries(ORIGINALS))
        if (url === targets[key as keyof typeof ORIGINALS])
          originals.set(
            name,
            specifier.startsWith('.') ? new URL(specifier, context.parentURL).href : next(specifier, context).url,
          );
      return url ? { url, format: 'module', shortCircuit: true } : next(specifier, context);
    },
  });
  installed = true;
  return true;
}

type ResolveHook = (
  specifier: string,
  context: { parentURL?: string | undefined },
  next: (
    specifier: string,
    context: { parentURL?: string | undefined },
  ) => { url: string; format?: string | null | undefined; shortCircuit?: boolean },
) => { url: string; format?: string | null | undefined; shortCircuit?: boolean };
