/**
 * The joined read layer's memory (join.ts, and the board's watch and paper): a function that answers again what it
 * answered last when given the same objects.
 */

/** Remembers its last inputs (compared one by one) and answer. */
export function memo<A extends readonly unknown[], R>(f: (...a: A) => R): (...a: A) => R {
  let last: A | undefined;
  let out: R;
  return (...a: A) => {
    if (last && last.length === a.length && a.every((x, i) => x === last![i])) return out;
    last = a;
    out = f(...a);
    return out;
  };
}

/** The same items, in the same order (by identity). */
function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The same, over a list of inputs (one per venue) and a few more, each compared one by one. It runs for every field
 * on each change of a venue (hundreds a minute on an idle board of three): it compares in place, with no copy of its
 * inputs.
 */
export function memoList<T, E extends readonly unknown[], R>(f: (xs: readonly T[], ...extra: E) => R) {
  let last: { xs: readonly T[]; extra: E; out: R } | undefined;
  return (xs: readonly T[], ...extra: E): R => {
    if (last && sameItems(xs, last.xs) && sameItems(extra, last.extra)) return last.out;
    last = { xs, extra, out: f(xs, ...extra) };
    return last.out;
  };
}
