/**
 * Readers every service's normalizer shares: title, category, times, volume,
 * the binary Yes/No pair and the status word as sent.
 */
import type { Outcome } from './types.js';
import {
  CATEGORY_MAX,
  TITLE_MAX,
  isRecord,
  pick,
  r9,
  toNonNegative,
  toText,
  toTime,
  type Rec,
} from './normalizeFields.js';
import { G } from '../util/glyphs.js';

export const TITLE_KEYS = ['title', 'question', 'name'] as const;
export const CLOSE_KEYS = [
  'closesAt',
  'closeTime',
  'close_time',
  'endDate',
  'end_date',
  'endDateIso',
  'closeDate',
  'expiration_time',
] as const;
export const UPDATED_KEYS = [
  'updatedAt',
  'updated_at',
  'lastUpdatedTime',
  'last_updated',
  'updatedTime',
  'updated_time',
] as const;
export const VOLUME_KEYS = ['volume', 'volumeNum', 'totalVolume', 'volume_fp'] as const;
const STATUS_WORD_MAX = 40;

/** `category`, else the first tag (a `{label|name|slug}` object or a word) of `tags` / `groupSlugs`. */
export function readCategory(o: Rec): string | undefined {
  const c = toText(pick(o, ['category', 'categoryName']), CATEGORY_MAX);
  if (c !== undefined) return c;
  const tags = Array.isArray(o.tags) ? o.tags : Array.isArray(o.groupSlugs) ? o.groupSlugs : undefined;
  const first: unknown = tags?.[0];
  return isRecord(first) ? toText(pick(first, ['label', 'name', 'slug']), CATEGORY_MAX) : toText(first, CATEGORY_MAX);
}

/**
 * The title, with a sub-title that says which of several sibling markets this is.
 * `subFirst`: the sub-title leads ("Duke · Siena at Duke Winner?"), so rows whose
 * titles are alike differ within the first cells even when the line is cut.
 */
export function composeTitle(
  title: string | undefined,
  sub: string | undefined,
  fallback: string,
  subFirst = false,
): string {
  if (title === undefined) return sub ?? fallback;
  if (sub === undefined || sub === title) return title;
  return toText(subFirst ? `${sub} ${G.dot} ${title}` : `${title} ${G.dash} ${sub}`, TITLE_MAX) ?? title;
}

/** The first non-empty text among `keys` (an empty string does not stop the search). */
export function firstText(o: Rec, keys: readonly string[], max: number): string | undefined {
  for (const k of keys) {
    const t = toText(o[k], max);
    if (t !== undefined) return t;
  }
  return undefined;
}

export function readTime(o: Rec, keys: readonly string[]): number | undefined {
  return toTime(pick(o, keys));
}

export function readVolume(o: Rec): number | undefined {
  return toNonNegative(pick(o, VOLUME_KEYS));
}

/** The status word exactly as the source sent it (sanitized, capped), for display when it is not one we know. */
export function statusWord(v: unknown): string | undefined {
  return toText(v, STATUS_WORD_MAX);
}

/** `status` lower-cased with spaces and dashes as underscores, for lookups. */
export function statusKey(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== ''
    ? v
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : undefined;
}

/** Yes/No (or other names) from the first outcome's price; both without price when it is unknown. */
export function binary(
  p: number | undefined,
  change?: number,
  names: readonly [string, string] = ['Yes', 'No'],
): Outcome[] {
  const [a, b] = names;
  if (p === undefined) return [{ name: a }, { name: b }];
  const yes: Outcome = { name: a, price: p };
  const no: Outcome = { name: b, price: r9(1 - p) };
  if (change !== undefined) {
    yes.change24h = change;
    no.change24h = r9(-change);
  }
  return [yes, no];
}

/** A copy of `o` whose listed fields are set only when defined (so a view model never carries `undefined`). */
export function assignDefined<T extends object>(o: T, fields: Partial<T>): T {
  // a loop over the keys, not Object.entries: every market of every list answer passes here, and the entries were
  // an array of pairs each time (fields is an object literal: its own keys are all it has)
  for (const k in fields) {
    const v = fields[k];
    if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  }
  return o;
}

/** A time that has passed (a closing time still ahead is no "closed at"). */
export function pastTime(t: number | undefined, now: number): number | undefined {
  return t !== undefined && t <= now ? t : undefined;
}

/** A price above 0 (0 is how several services say "no trade yet"). */
export function positive(p: number | undefined): number | undefined {
  return p !== undefined && p > 0 ? p : undefined;
}
