import type { SourceId } from './types.js';

/** A source's name in sentences ("Kalshi sorts nothing server-side"). */
export const SOURCE_NAMES: Readonly<Record<SourceId, string>> = {
  public: 'The interface',
  polymarket: 'Polymarket',
  kalshi: 'Kalshi',
  manifold: 'Manifold',
};

/** The source a header mode stands for, in a sentence (the interface's modes are its demo, anonymous and keyed). */
export function sourceName(mode: string): string {
  return mode === 'polymarket' || mode === 'kalshi' || mode === 'manifold' ? SOURCE_NAMES[mode] : 'The service';
}
