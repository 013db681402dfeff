/** Two full GCs when node runs with --expose-gc (what is left is what is live); false when it does not. */
export function fullGc(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  gc();
  return true;
}
