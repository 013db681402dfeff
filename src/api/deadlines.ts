/**
 * The deadlines of one request's phases (headers, body idle, total), on Node's timers or a test's, and what they do
 * when the process itself held them up.
 */

/** The timers a request's deadlines run on, and a way to run something once the I/O already waiting has been read. */
export interface DeadlineTimers {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** Runs `fn` after the event loop has polled for I/O at least once (whichever phase this is called in). */
  afterIo(fn: () => void): void;
}

const NODE_TIMERS: DeadlineTimers = {
  set: (fire, ms) => setTimeout(fire, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
  // an immediate runs after the poll of its turn; the second, after the poll of the next turn
  afterIo: (fn) => void setImmediate(() => setImmediate(fn)),
};

export type Phase = 'headers' | 'body' | 'total';

/**
 * The deadlines of one request. One that falls due first lets the event loop read what is waiting, and starts over
 * when that brought some of the answer: when a process that did not run for a while (stopped by SIGSTOP or Ctrl-Z,
 * starved) runs again, Node runs every due timer before it reads any I/O, and an answer that had come in full while it
 * was stopped was taken for one the service never sent (the venue ○ offline, "did not start answering within 10 s",
 * the answer thrown away). The time the process did not run is not held against the service; one that is really
 * silent, or trickles, still fails at its deadline (a byte of a trickle is rarely waiting just then).
 */
export function requestDeadlines(expire: (what: Phase) => void, timers: DeadlineTimers = NODE_TIMERS) {
  let progress = 0;
  const phase = (what: Phase, ms: number) => {
    let handle: unknown;
    let gen = 0;
    const arm = () => {
      const mine = ++gen;
      handle = timers.set(() => {
        const seen = progress;
        timers.afterIo(() => {
          if (gen !== mine) return; // restarted or cleared meanwhile
          if (progress !== seen) arm();
          else expire(what);
        });
      }, ms);
    };
    arm();
    return {
      restart: () => {
        timers.clear(handle);
        arm();
      },
      clear: () => {
        gen++;
        timers.clear(handle);
      },
    };
  };
  return {
    phase,
    /** Some of the answer came: its headers, or a chunk of its body. */
    progressed: () => void progress++,
  };
}
