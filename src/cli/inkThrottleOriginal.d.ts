/** es-toolkit/compat as Ink's ink.js resolves it, for inkThrottleEntry.ts (THROTTLE_ORIGINAL): only what Ink takes. */
declare module 'oddsboard-ink-throttle-original' {
  export const throttle: <A extends unknown[]>(
    func: (...args: A) => unknown,
    ms?: number,
    options?: object,
  ) => ((...args: A) => unknown) & { cancel(): void; flush(): unknown };
}
