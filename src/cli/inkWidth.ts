/**
 * string-width for the dashboard's dependencies (Ink, widest-line, wrap-ansi,
 * cli-truncate, slice-ansi), answered through the UI's bounded width cache.
 *
 * Ink measures every text node and line of every frame with string-width, and
 * its own caches last one frame. Most of the screen is the same from one
 * frame to the next, but any line with a non-ASCII glyph (a price in ¢, ▲,
 * ·, │) goes through string-width's grapheme segmenter each time: a tenth to a
 * fifth of an idle dashboard's CPU. The same strings measured once and kept
 * (displayWidth, bounded) give the same answers. Installed by `installInkWidth`
 * (node:module resolve hook) before Ink is loaded; without hooks (Node < 22.15)
 * the dependencies keep the plain string-width.
 */
import * as nodeModule from 'node:module';
import stringWidth from 'string-width';
import { displayWidth } from '../ui/format.js';

type Options = Parameters<typeof stringWidth>[1];

export default function inkWidth(text: string, options?: Options): number {
  if (typeof text !== 'string' || (options && (options.ambiguousIsNarrow === false || options.countAnsiEscapeCodes)))
    return stringWidth(text, options);
  return displayWidth(text);
}

/** Where `string-width` imported from `parentURL` should come from: this module for a dependency, else unchanged. */
export function redirectFor(specifier: string, parentURL: string | undefined, self: string): string | undefined {
  return specifier === 'string-width' && parentURL !== undefined && parentURL.includes('/node_modules/')
    ? self
    : undefined;
}

let installed = false;

/** Sends the dependencies' `string-width` imports here; a no-op where node:module has no registerHooks. */
export function installInkWidth(): boolean {
  const register = (nodeModule as { registerHooks?: (hooks: { resolve: ResolveHook }) => unknown }).registerHooks;
  if (installed || typeof register !== 'function') return installed;
  const self = import.meta.url;
  register({
    resolve(specifier, context, next) {
      const url = redirectFor(specifier, context.parentURL, self);
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
