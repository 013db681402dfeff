/** Cross-venue pairs (issue #29): signatures, their comparison, the gap between two prices, the person's decisions. */
export { signature, venueOf } from './signature.js';
export { compare } from './compare.js';
export type { Comparison, Relation, Signature } from './types.js';
