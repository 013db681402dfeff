/**
 * The stand-in for `es-toolkit/compat` as Ink's ink.js imports it (installed by inkHooks.ts, only through the hook):
 * its `throttle` (the one thing ink.js takes from it), with the first frame after a key drawn at once
 * (src/ui/inkThrottle.ts).
 */
import { throttle as original } from 'oddsboard-ink-throttle-original';
import { keyFirst } from '../ui/inkThrottle.js';

export const throttle = keyFirst(original);
