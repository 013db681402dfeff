/** Ink's own squash-text-nodes.js, as the module hook resolves it for inkSquashEntry.ts (SQUASH_ORIGINAL). */
declare module 'oddsboard-ink-squash-original' {
  const squash: (node: unknown) => string;
  export default squash;
}
