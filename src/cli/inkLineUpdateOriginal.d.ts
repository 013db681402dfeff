/** Ink's own line-update.js, as the module hook resolves it for inkLineUpdateEntry.ts (LINE_UPDATE_ORIGINAL). */
declare module 'oddsboard-ink-line-update-original' {
  const lineUpdate: (previous: string, next: string, columns: number | undefined) => string;
  export default lineUpdate;
}
