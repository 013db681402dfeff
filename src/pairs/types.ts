/**
 * A market read into the fields that decide what it pays (issue #29): who or what it is about, what must happen,
 * the number and comparator, when, where it is measured, and which side YES is. Every field is optional: a field
 * the texts do not state is absent, never guessed. `compare` (compare.ts) lines two signatures up field by field.
 */
import type { MarketRef } from '../venue/ref.js';

/** What must happen for YES. */
export type EventKind =
  | 'wins' // wins an election, a game, a prize, the most seats
  | 'nominated' // is the party's nominee / wins the nomination
  | 'primary' // wins or finishes first in a primary
  | 'advances' // advances from a primary or a round
  | 'first' // is the first of a group to do something (a race between people)
  | 'leaves' // leaves office, is out (for any reason)
  | 'resigns' // resigns (not removed, not dies)
  | 'attends'
  | 'announces'
  | 'measure'; // a number compared with a threshold or a bucket (rates, temperatures, prices, counts)

/** For an election: the moment that settles it. */
export type Stage = 'called' | 'inaugurated' | 'certified';

/** A numeric condition on one measure: lo ≤ x ≤ hi (each end open or closed; absent = unbounded). */
export interface Interval {
  /** What is measured, in words the two venues share ("fed rate change (bps)", "high temperature (°F)"). */
  measure: string;
  lo?: number;
  hi?: number;
  loOpen?: boolean;
  hiOpen?: boolean;
  /** Whole numbers only (a count): ≤ 5 and ≥ 6 leave nothing between them. */
  integer?: boolean;
  /** How the texts framed it: a bucket of a mutually exclusive ladder, or a cumulative threshold. */
  shape: 'bucket' | 'cumulative' | 'exact';
}

/** When it resolves: a day, a month or a year; `by` = happens at any time up to it, `on` = at that moment. */
export interface When {
  mode: 'on' | 'by' | 'window';
  /** UTC day (epoch ms at 00:00) of the end, or the day/month/year's first day. */
  end: number;
  grain: 'day' | 'month' | 'year';
  /** A window's first day (mode 'window'). */
  start?: number;
  /** The words it was read from, for the reasons. */
  text: string;
}

/** A clause that changes what pays in an edge case; compared one side against the other. */
export type Clause =
  | 'rounds-up' // a change not on the ladder is rounded up to the next bucket
  | 'announcement-counts' // an announcement is enough
  | 'announcement-not-enough'
  | 'death-price' // a death settles at the last traded price
  | 'ties-split' // exact ties pay 1/n
  | 'cancel-to-hold' // a cancelled meeting counts as no change
  | 'postpone-fair-price' // a postponed game settles at a fair price
  | 'cancel-to-no'; // a cancelled or postponed event resolves No

export interface Signature {
  ref: MarketRef;
  /** Name tokens of the people, parties, teams, assets, organisations it is about (lowercase, dots dropped). */
  subject: string[];
  /** The office or role it is about, when it names one ("president", "vice president", "governor", …). */
  role?: string;
  kind?: EventKind;
  stage?: Stage;
  interval?: Interval;
  when?: When;
  /** A weather station or a data source named as the one that settles it. */
  station?: string;
  /** For a two-sided contest (a game, a match): the two sides as named, and the one YES pays on. */
  sides?: [string, string];
  /** Each side's every name the venue gives it ("detroit", "det", "lions"), when its texts tie them (teams.ts). */
  sideNames?: [string[], string[]];
  yes?: string;
  clauses: Clause[];
  /** Years the title, option, payout sentence or ticker name (2024, 2029): two that share none are not the same. */
  years: number[];
  /** A date relative to when it was asked ("next meeting"): not comparable with a calendar date. */
  relative?: string;
  /** The venue's rules text was read (Kalshi rules, Polymarket description, Manifold description). */
  hasRules: boolean;
  /** The rules text is a template with gaps, or contradicts the title: nothing it says can be relied on. */
  unreadable?: string;
}

export type Relation = 'same' | 'related' | 'complement' | 'different';

export interface Comparison {
  relation: Relation;
  /** 0..1: how much the fields that were read back the relation (fewer fields read, lower). */
  confidence: number;
  /** Why, in words a person checks against both rules texts: agreements and, first, every disagreement. */
  reasons: string[];
  /**
   * A `related` pair whose every disagreement is a clause for when the event does not happen as planned (a
   * postponed or cancelled game, a tie, a death): what it would be without them, and those clauses. Priced only once
   * the person confirms it, with the clauses named (gap.ts); never called `same`.
   */
  edge?: { would: 'same' | 'complement'; cases: string[] };
}
