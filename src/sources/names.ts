import type { SourceId } from './types.js';

/** A source's name in sentences ("Kalshi sorts nothing server-side"). */
export const SOURCE_NAMES: Readonly<Record<SourceId, string>> = {
  public: 'The interface',
  polymarket: 'Polymarket',
  kalshi: 'Kalshi',
  manifold: 'Manifold',
};

/** A source's name inside a sentence ("the interface", "Kalshi"). */
export const nameInSentence = (id: SourceId): string => SOURCE_NAMES[id].replace(/^The /, 'the ');

/**
 * A venue's one-letter mark where rows of several venues meet (the one-shot tables' V column; the dashboard's rows
 * use the same letters). It reads without colour.
 */
export const VENUE_LETTERS: Readonly<Record<SourceId, string>> = {
  public: 'I',
  polymarket: 'P',
  kalshi: 'K',
  manifold: 'M',
};

/** The source a header mode stands for, in a sentence (the interface's modes are its demo, anonymous and keyed). */
export function sourceName(mode: string): string {
  return mode === 'polymarket' || mode === 'kalshi' || mode === 'manifold' ? SOURCE_NAMES[mode] : 'The service';
}
