/** Ink's own log-update.js, as the module hook resolves it for inkLogUpdateEntry.ts (LOG_UPDATE_ORIGINAL). */
declare module 'oddsboard-ink-log-update-original' {
  const logUpdate: { create: (stream: NodeJS.WriteStream, options?: object) => unknown };
  export default logUpdate;
}
