/**
 * The last full copy of each market the client has read (list objects and `/market/{id}` answers), so the
 * watchlist's prices can come in batches from `/market-probs` — which answers probabilities only — and still be
 * read by the shared normalizer as whole markets. A copy is re-read by `/market/{id}` when it is missing, older than
 * `CADENCE.fullCopyMs`, has passed its close time since it was read (it may resolve), or has answers we do not hold.
 */
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { CADENCE } from './limits.js';

/** Bounded: the oldest copy goes first. */
export const MAX_COPIES = 2000;

const ANSWER_TYPES = new Set(['MULTIPLE_CHOICE', 'FREE_RESPONSE', 'NUMBER', 'MULTI_NUMERIC', 'DATE', 'POLL']);

interface Copy {
  raw: Rec;
  at: number;
}

export class FullCopies {
  private readonly byId = new Map<string, Copy>();

  /** Keeps `raw` as the copy of its market (a list copy never replaces a fresher detail with answers). */
  seen(raw: Rec, at: number, detail: boolean): void {
    if (typeof raw.id !== 'string' || raw.id === '') return;
    const had = this.byId.get(raw.id);
    if (
      !detail &&
      had &&
      Array.isArray(had.raw.answers) &&
      !Array.isArray(raw.answers) &&
      at - had.at < CADENCE.fullCopyMs
    )
      return;
    this.byId.delete(raw.id);
    this.byId.set(raw.id, { raw, at });
    while (this.byId.size > MAX_COPIES) {
      const oldest = this.byId.keys().next().value;
      if (oldest === undefined) break;
      this.byId.delete(oldest);
    }
  }

  get(id: string): Rec | undefined {
    return this.byId.get(id)?.raw;
  }

  /** Whether the market must be read whole before a batch of probabilities can price it. */
  stale(id: string, now: number): boolean {
    const c = this.byId.get(id);
    if (!c) return true;
    if (now - c.at >= CADENCE.fullCopyMs) return true;
    const o = c.raw;
    if (typeof o.outcomeType === 'string' && ANSWER_TYPES.has(o.outcomeType) && !Array.isArray(o.answers)) return true;
    const close = typeof o.closeTime === 'number' ? o.closeTime : undefined;
    return o.isResolved !== true && close !== undefined && close > c.at && close <= now;
  }
}

/** The copy with the probabilities of a `/market-probs` entry: `{prob}` (binary) or `{answerProbs: {id: p}}`. */
export function withProbs(copy: Rec, probs: Rec): Rec {
  if (typeof probs.prob === 'number') return { ...copy, probability: probs.prob };
  const ap = probs.answerProbs;
  if (isRecord(ap) && Array.isArray(copy.answers))
    return {
      ...copy,
      answers: copy.answers.map((a: unknown) =>
        isRecord(a) && typeof a.id === 'string' && typeof ap[a.id] === 'number' ? { ...a, probability: ap[a.id] } : a,
      ),
    };
  return copy;
}
