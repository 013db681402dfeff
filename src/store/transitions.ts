/** Status transitions: when a market's known status changes, what is recorded and what the notice says. */
import { sanitize } from '../util/sanitize.js';
import { G, inQuotes } from '../util/glyphs.js';
import type { MarketEntry, StatusTransition } from './types.js';

/** Transitions kept (newest first). */
export const TRANSITION_CAP = 20;

/** The transition from `prev` to `next`, if the known status changed (not on first sight, not to 'unknown'). */
export function transitionOf(
  prev: MarketEntry | undefined,
  next: MarketEntry,
  at: number,
): StatusTransition | undefined {
  const from = prev?.knownStatus;
  const to = next.knownStatus;
  if (from === undefined || to === undefined || from === to || to === 'unknown') return undefined;
  const t: StatusTransition = { id: next.market.id, title: next.market.title, from, to, at };
  if (to === 'resolved' && next.market.resolvedOutcome) t.resolvedOutcome = next.market.resolvedOutcome;
  return t;
}

/** Newer ones first, bounded. `more` is in the order the changes were seen. */
export function addTransitions(list: StatusTransition[], more: StatusTransition[]): StatusTransition[] {
  if (more.length === 0) return list;
  const next = [...more.slice().reverse(), ...list];
  return next.length > TRANSITION_CAP ? next.slice(0, TRANSITION_CAP) : next;
}

/**
 * A title as notices quote it: sanitized, “in quotes” (`"…"` in ASCII: the set chosen, src/util/glyphs.ts), whole —
 * the screen cuts it to the room its line has (fitQuotes, src/ui/quotes.ts).
 */
export function quoted(title: string): string {
  return inQuotes(sanitize(title).trim() || 'A market');
}

/** "closed", "is settling", "resolved: Yes", "is active again". */
export function changeWords(t: Pick<StatusTransition, 'to' | 'resolvedOutcome'>): string {
  switch (t.to) {
    case 'closed':
      return 'closed';
    case 'settling':
      return 'is settling';
    case 'resolved':
      return t.resolvedOutcome ? `resolved: ${sanitize(t.resolvedOutcome)}` : 'resolved';
    case 'active':
      return 'is active again';
    default:
      return `is ${t.to}`;
  }
}

/** One notice for the changes one answer revealed: the change itself, or a count and the first few. */
export function transitionNotice(ts: StatusTransition[]): string | undefined {
  if (ts.length === 0) return undefined;
  if (ts.length === 1) return `${quoted(ts[0]!.title)} ${changeWords(ts[0]!)}`;
  return `${ts.length} markets changed: ${ts
    .slice(0, 3)
    .map((t) => `${quoted(t.title)} ${changeWords(t)}`)
    .join(` ${G.dot} `)}${ts.length > 3 ? ` ${G.ell}` : ''}`;
}
