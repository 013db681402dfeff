/**
 * Deep equality of plain data (what a normalizer makes: objects, arrays, strings, numbers, booleans, null,
 * undefined), for keeping the object already held when an answer repeats it. A refreshed market that did not
 * change keeps its identity: whatever is keyed or memoized on the object (the pairs' signatures, the rows' memo)
 * is not worked out again, and the copy just parsed dies young instead of being kept. Anything else (a Map, a Date,
 * a class instance) compares by identity only.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !plain(a) || !plain(b)) return false;
  // counted and compared in loops, not Object.keys: each answer compares every market it brings with the one held,
  // and the two arrays of keys of each object were most of what that allocated
  let n = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    n++;
    if (!Object.hasOwn(b, k) || !sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  for (const k in b) if (Object.hasOwn(b, k) && --n < 0) return false;
  return n === 0;
}

function plain(o: object): boolean {
  const p = Object.getPrototypeOf(o) as unknown;
  return p === Object.prototype || p === null;
}

/** `next`, or `prev` when it holds the same data (so the object already held is kept). */
export function keepSame<T>(prev: T | undefined, next: T): T {
  return prev !== undefined && sameData(prev, next) ? prev : next;
}

/**
 * Every field (a key of either) the same object in `a` and `b`: a shallow comparison, in place (no arrays of keys),
 * as the board runs it on every venue's every change.
 */
export function sameFields<T extends object>(a: T, b: T): boolean {
  for (const k in b) if (a[k] !== b[k]) return false;
  for (const k in a) if (a[k] !== b[k]) return false;
  return true;
}
