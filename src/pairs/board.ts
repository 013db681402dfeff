/**
 * What the dashboard holds of pairs on a board of several venues (src/venues/across/desk.ts keeps it): the person's
 * decisions, the candidates of the market asked about, the books of pairs' legs. Types only.
 */
import type { OrderBook } from '../api/types.js';
import type { SourceId } from '../sources/types.js';
import type { PairDecisions } from './decisions.js';
import type { Comparison, Relation } from './types.js';

export interface CandidateView {
  /** The candidate's id on the board (`venue:id`). */
  id: string;
  relation: Relation;
  confidence: number;
  reasons: string[];
  /** What it would be without the edge-case clauses it differs in (compare.ts): priced so once confirmed. */
  edge?: Comparison['edge'];
  confirmed: boolean;
}

export interface AcrossState {
  /** Bumped on every decision (what reads `decisions` compares this). */
  rev: number;
  decisions: PairDecisions;
  /** The market whose candidates were asked for (`venue:id`), and what was found so far. */
  target?: { id: string; words: string; candidates: CandidateView[]; waiting: SourceId[]; problems: string[] };
  /** The YES books of pairs' legs, by board id. */
  books: Readonly<Record<string, OrderBook>>;
  /** The strongest unconfirmed `same` pairs among the markets loaded on the board (sweep.ts), strongest first. */
  sweep?: readonly { a: string; b: string; relation: Relation; confidence: number; reasons: string[] }[];
  /** The pair whose two rules texts are shown side by side (⏎ in the Across view), by its key (`pairKeyOf`). */
  rules?: string;
  /** The file's problems, one line each. */
  problems: string[];
}
