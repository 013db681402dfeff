/**
 * The name a mistyped word was probably meant as (`maket` → `market`, `--colour` → `--color`): the one candidate within
 * two edits of it, the closest, else none. Only a known name is ever said back, never the word typed.
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  // a one- or two-letter word is two edits from too many names to guess
  return word.length > 2 ? best : undefined;
}

/** A setting's name may be repeated back when it reads like one; anything else could be a pasted key. */
export function sayable(name: string): boolean {
  return /^[A-Za-z][A-Za-z_-]{0,23}$/.test(name);
}

/**
 * `unknown setting "soruce"; did you mean "source"?`: a config file's key that is not one, named when sayable, with
 * the known name it is within two edits of. An unsayable key is not named, nor guessed at (the guess would show it).
 */
export function unknownKey(what: string, key: string, known: readonly string[]): string {
  if (!sayable(key)) return `unknown ${what}`;
  const guess = nearest(key, known);
  return `unknown ${what} "${key}"${guess !== undefined ? `; did you mean "${guess}"?` : ''}`;
}

/** Edits (insert, delete, replace, swap of two neighbours) from `a` to `b`, for short words. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}
