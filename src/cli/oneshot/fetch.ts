/**
 * One venue's requests in a one-shot command: a slot of that venue's shared rate budget before each (its own limit,
 * ledger and pause), the request under the command's signal, and a 429 that holds back every oddsboard process on
 * that venue's budget — never another venue's.
 */
import { isApiError, routeNotFound } from '../../api/errors.js';
import { ledgerUnusable } from '../../ledger/open.js';
import { tolerant } from '../../ledger/types.js';
import { waitForSlot } from '../../ledger/wait.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import type { CommandIo } from '../commands.js';
import type { Source } from '../source.js';
import { interruption } from './failure.js';
import type { Fetch, Opened } from './run.js';

/** Interactive requests of the dashboard keep one slot free (its quotes may use it); so do these. */
const RESERVE = 1;

export function venueFetch(
  src: Source,
  opts: {
    io: CommandIo;
    signal: AbortSignal;
    noWait: boolean;
    /** Several venues: messages name this one. */
    named: boolean;
  },
): Fetch {
  const { io, signal } = opts;
  const whose = opts.named ? `${SOURCE_NAMES[src.id]}'s` : 'the';
  let told = false;
  const ledger = tolerant(src.ledger, (e) => {
    if (told) return;
    told = true;
    io.stderr.write(`oddsboard: ${whose} ${ledgerUnusable(src.ledger.path, e)}\n`);
  });
  ledger.listen?.((text) => io.stderr.write(`oddsboard: ${opts.named ? `${SOURCE_NAMES[src.id]}: ` : ''}${text}\n`));
  return async (call) => {
    await waitForSlot(ledger, Math.max(1, src.limit - RESERVE), {
      noWait: opts.noWait,
      signal,
      ...(io.timing ? { now: io.timing.now, sleep: io.timing.sleep } : {}),
      onWait: (ms) =>
        io.stderr.write(
          `oddsboard: waiting ${Math.ceil(ms / 1000)}s for ${whose} rate budget (shared with other oddsboard ` +
            `processes; --no-wait exits 3 instead)\n`,
        ),
    });
    try {
      return (await call(src.client, { signal })).data;
    } catch (e) {
      // a 429 holds back every oddsboard process on this budget, not only this one
      if (isApiError(e) && e.kind === 'rate_limited') ledger.pause(Date.now() + (e.retryAfterMs ?? 10_000), Date.now());
      throw signal.aborted ? interruption(signal) : e;
    }
  };
}

/**
 * An answer of a list route: its 404 says the route is gone (the service changed its API, or the person's base URL
 * is wrong: `opened.baseHint`), not "no such market".
 */
export async function listed<T>(what: string, answer: Promise<T>, opened: Opened): Promise<T> {
  try {
    return await answer;
  } catch (e) {
    throw isApiError(e) && e.kind === 'not_found' ? routeNotFound(e, what, opened.baseHint) : e;
  }
}
