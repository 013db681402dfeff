/**
 * Placeholder until the watchlist lands (branch `watch` owns this file and replaces it whole): the Watchlist
 * view's rows, the watched market ids in the order they were added.
 */
import type { AppState } from './types.js';

const NONE: readonly string[] = [];

/** The watched market ids (none yet); the same array until the watchlist changes. */
export function watchedIds(_state: AppState): readonly string[] {
  return NONE;
}
