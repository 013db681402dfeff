/**
 * How the dashboard ends when it is not asked to by a key: a signal (SIGTERM
 * 143, SIGHUP 129, SIGINT 130) or a crash (an uncaught exception or unhandled
 * rejection: exit code 1). Either way the screen is unmounted first, so the
 * terminal is restored before anything is said; a crash is reported in one
 * line, without a raw stack.
 */
export interface ExitHandlers {
  /** The exit code the handlers decided on (undefined while none fired). */
  code(): number | undefined;
  /** Removes every handler. */
  remove(): void;
}

type Emitter = Pick<NodeJS.Process, 'on' | 'off'>;

const SIGNAL_CODES = { SIGTERM: 143, SIGHUP: 129, SIGINT: 130 } as const;

export function installExitHandlers(
  unmount: () => void,
  stderr: { write(text: string): unknown },
  proc: Emitter = process,
  later: (fn: () => void) => void = setImmediate,
): ExitHandlers {
  let code: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    code = SIGNAL_CODES[signal as keyof typeof SIGNAL_CODES] ?? 1;
    unmount();
  };
  const onCrash = (error: unknown) => {
    code = 1;
    unmount();
    // after unmount the primary screen is back: say what happened there
    const what = error instanceof Error ? error.message : String(error);
    later(() => stderr.write(`oddsboard: unexpected failure: ${what.split('\n')[0]}\n`));
  };
  for (const s of Object.keys(SIGNAL_CODES)) proc.on(s, onSignal);
  proc.on('uncaughtException', onCrash);
  proc.on('unhandledRejection', onCrash);
  return {
    code: () => code,
    remove() {
      for (const s of Object.keys(SIGNAL_CODES)) proc.off(s, onSignal);
      proc.off('uncaughtException', onCrash);
      proc.off('unhandledRejection', onCrash);
    },
  };
}
