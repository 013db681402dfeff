/**
 * The stand-in for Ink's line-update.js (installed by inkHooks.ts, only through the hook): Ink's own repaint of a
 * changed line, the SGR codes it replays cut to what they leave in force (src/ui/inkLineUpdate.ts).
 */
import lineUpdate from 'oddsboard-ink-line-update-original';
import { compactLineUpdate } from '../ui/inkLineUpdate.js';

export default function compactedLineUpdate(previous: string, next: string, columns: number | undefined): string {
  return compactLineUpdate(lineUpdate(previous, next, columns));
}
