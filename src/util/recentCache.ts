/**
 * A bounded map that keeps what was used lately, at a constant cost per call: two generations (Maps); new entries go
 * into the current one, a hit in the previous one is copied into the current one, and when the current one is full
 * it becomes the previous one and the old previous one is dropped whole. What is used at least once per generation
 * stays; at most 2 × `perGeneration` entries are held.
 *
 * It replaces a first-in-first-out Map (`map.delete(map.keys().next().value)` once full): V8 leaves a deleted entry
 * in a Map's table until the table is rebuilt, and `keys().next()` walks past every one of them, so once such a cache
 * was full each new entry cost a walk over up to a table's worth of holes — ~9 µs against ~0.15 µs while filling
 * (issue 30) — and entries drawn every second were dropped for being old, not for being unused.
 */
export class RecentCache<V> {
  private current = new Map<string, V>();
  private previous = new Map<string, V>();

  constructor(private readonly perGeneration: number) {}

  get(key: string): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: string, value: V): void {
    if (this.current.size >= this.perGeneration) this.nextGeneration();
    this.current.set(key, value);
  }

  /** The current generation becomes the previous one; what neither used is dropped. */
  nextGeneration(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  /** Entries held (an entry in both generations counts twice). */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}
