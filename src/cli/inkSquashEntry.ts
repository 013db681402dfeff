/**
 * The stand-in for Ink's squash-text-nodes.js (installed by inkHooks.ts, only through the hook): Ink's own squash,
 * remembered per node (src/ui/inkSquash.ts).
 */
import squash from 'oddsboard-ink-squash-original';
import { memoSquash, type SquashNode } from '../ui/inkSquash.js';

export default memoSquash(squash as (node: SquashNode) => string);
