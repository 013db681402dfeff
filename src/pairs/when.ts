/**
 * When a market resolves, read from its words: "on September 16, 2026", "before Jan 1, 2027", "by December 31,
 * 2026", "between March 31 and April 30, 2025", "after the September 2026 meeting", "on 25 Aug '26", "in 2026";
 * failing those, the date in a Kalshi ticker (`-26SEP`, `-26JUL05`). Days are UTC days; the words never carry a
 * time zone we could trust more than the day.
 */
import type { When } from './types.js';
import { G } from '../util/glyphs.js';

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|' +
  'sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const monthOf = (w: string): number => MONTHS[w.toLowerCase().slice(0, 3)] ?? -1;
const day = (y: number, m: number, d: number): number | undefined => {
  const t = Date.UTC(y, m, d);
  const x = new Date(t);
  return x.getUTCMonth() === m && x.getUTCDate() === d ? t : undefined;
};
const year4 = (s: string): number => (s.length === 2 ? 2000 + Number(s) : Number(s));

interface Found {
  t: number;
  grain: When['grain'];
  at: number;
  text: string;
}

/** Every date in the text, in order: "Month D, YYYY", "D Mon 'YY", "Month YYYY", and (with `defaultYear`) "Month D". */
export function datesIn(s: string, defaultYear?: number): Found[] {
  const out: Found[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => !taken.some(([x, y]) => a < y && b > x);
  const add = (m: RegExpExecArray, t: number | undefined, grain: When['grain']) => {
    if (t === undefined || !free(m.index, m.index + m[0].length)) return;
    taken.push([m.index, m.index + m[0].length]);
    out.push({ t, grain, at: m.index, text: m[0].trim() });
  };
  const scan = (re: RegExp, f: (m: RegExpExecArray) => [number | undefined, When['grain']]) => {
    for (let m = re.exec(s); m; m = re.exec(s)) add(m, ...f(m));
  };
  // "September 15-16, 2026": the last day of a range is the day it settles
  scan(new RegExp(`\\b${MONTH}\\s+(\\d{1,2})\\s*[-\\u2013]\\s*(\\d{1,2}),?\\s+(\\d{4})\\b`, 'gi'), (m) => [
    day(year4(m[4]!), monthOf(m[1]!), Number(m[3])),
    'day',
  ]);
  scan(new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'), (m) => [
    day(year4(m[3]!), monthOf(m[1]!), Number(m[2])),
    'day',
  ]);
  scan(new RegExp(`\\b(\\d{1,2})\\s+${MONTH}\\s+'?(\\d{2}|\\d{4})\\b`, 'gi'), (m) => [
    day(year4(m[3]!), monthOf(m[2]!), Number(m[1])),
    'day',
  ]);
  scan(new RegExp(`\\b${MONTH}\\s+(\\d{4})\\b`, 'gi'), (m) => [Date.UTC(Number(m[2]), monthOf(m[1]!), 1), 'month']);
  if (defaultYear !== undefined)
    scan(new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!\\s*[-\\u2013,]?\\s*\\d)`, 'gi'), (m) => [
      day(defaultYear, monthOf(m[1]!), Number(m[2])),
      'day',
    ]);
  return out.sort((a, b) => a.at - b.at);
}

/** A Kalshi ticker's date part: `KXFEDDECISION-26SEP-C25` → Sep 2026, `KXHIGHNY-26JUL05-T91` → 2026-07-05. */
export function tickerDate(ticker: string): Found | undefined {
  const m = /-(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d{2})?(?:\d{4})?(?=-|[A-Z]|$)/.exec(ticker);
  if (!m) return undefined;
  const y = 2000 + Number(m[1]);
  const mo = monthOf(m[2]!);
  if (m[3] !== undefined) {
    const t = day(y, mo, Number(m[3]));
    return t === undefined ? undefined : { t, grain: 'day', at: 0, text: `${m[1]}${m[2]}${m[3]}` };
  }
  return { t: Date.UTC(y, mo, 1), grain: 'month', at: 0, text: `${m[2]} 20${m[1]}` };
}

/** The end of a year given as "before 2027" (the last day of 2026) or "in 2026". */
function yearEnd(y: number): number {
  return Date.UTC(y, 11, 31);
}

/**
 * The resolution date or window of a market from its payout sentence first, then its title, then its ticker.
 * "before D" ends the day before D; "by D" / "on D" end on D; "between A and B" is a window.
 */
export function readWhen(payout: string, title: string, ticker?: string): When | undefined {
  const year = /\b(20\d{2})\b/.exec(`${title} ${payout}`)?.[1];
  for (const s of [payout, title]) {
    const w = whenIn(s, year === undefined ? undefined : Number(year));
    if (w) return w;
  }
  const t = ticker === undefined ? undefined : tickerDate(ticker);
  return t ? { mode: 'on', end: t.t, grain: t.grain, text: t.text } : undefined;
}

function whenIn(s: string, yearHint?: number): When | undefined {
  // "by the Fed's December meeting": a deadline in that month (the year from the title)
  const meeting = new RegExp(`\\bby the (?:fed's |fomc's |fomc |fed )?${MONTH}(?:\\s+(\\d{4}))? meeting\\b`, 'i').exec(
    s,
  );
  if (meeting && (meeting[2] !== undefined || yearHint !== undefined)) {
    const y = meeting[2] !== undefined ? Number(meeting[2]) : yearHint!;
    return { mode: 'by', end: Date.UTC(y, monthOf(meeting[1]!), 1), grain: 'month', text: meeting[0] };
  }
  const between = new RegExp(
    `\\bbetween\\s+${MONTH}\\s+(\\d{1,2})(?:,?\\s+(\\d{4}))?,?\\s+and\\s+${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})`,
    'i',
  ).exec(s);
  if (between) {
    const y2 = Number(between[6]);
    const start = day(between[3] ? Number(between[3]) : y2, monthOf(between[1]!), Number(between[2]));
    const end = day(y2, monthOf(between[4]!), Number(between[5]));
    if (start !== undefined && end !== undefined) return { mode: 'window', start, end, grain: 'day', text: between[0] };
  }
  const dates = datesIn(s);
  const first = dates[0];
  if (first) {
    const before = /\bbefore\s+$/i.test(s.slice(Math.max(0, first.at - 8), first.at));
    const by = /\b(by|through|until)\s+(the\s+end\s+of\s+)?$/i.test(s.slice(Math.max(0, first.at - 20), first.at));
    if (before && first.grain === 'day')
      return { mode: 'by', end: first.t - 86_400_000, grain: 'day', text: `before ${first.text}` };
    return { mode: by || before ? 'by' : 'on', end: first.t, grain: first.grain, text: first.text };
  }
  const yr = /\b(before|by the end of|by end of|in|during|through)\s+(20\d{2})\b/i.exec(s);
  if (yr) {
    const y = Number(yr[2]);
    const w = yr[1]!.toLowerCase();
    if (w === 'before') return { mode: 'by', end: yearEnd(y - 1), grain: 'year', text: yr[0] };
    return {
      mode: w === 'in' || w === 'during' ? 'window' : 'by',
      start: Date.UTC(y, 0, 1),
      end: yearEnd(y),
      grain: 'year',
      text: yr[0],
    };
  }
  return undefined;
}

/** The day a When ends on, as YYYY-MM-DD (or YYYY-MM, YYYY for coarser grains), for reasons. */
export function whenWords(w: When): string {
  const iso = new Date(w.end).toISOString();
  const end = w.grain === 'day' ? iso.slice(0, 10) : w.grain === 'month' ? iso.slice(0, 7) : iso.slice(0, 4);
  if (w.mode === 'window' && w.start !== undefined && w.grain === 'day')
    return `${new Date(w.start).toISOString().slice(0, 10)}${G.ell}${end}`;
  return w.mode === 'by' ? `by ${end}` : end;
}

/** Do two readings name the same resolution moment? A month contains its days; a year its months. */
export function sameWhen(a: When, b: When): boolean {
  const span = (w: When): [number, number] => {
    const d = new Date(w.end);
    if (w.grain === 'year') return [Date.UTC(d.getUTCFullYear(), 0, 1), Date.UTC(d.getUTCFullYear(), 11, 31)];
    if (w.grain === 'month') return [w.end, Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)];
    return [w.end, w.end];
  };
  if (a.mode === 'window' && b.mode === 'window' && a.grain === 'day' && b.grain === 'day')
    return a.start === b.start && a.end === b.end;
  const [a0, a1] = span(a);
  const [b0, b1] = span(b);
  if (a.grain === b.grain) return a0 === b0;
  // Two deadlines must end on the same day: "in 2024" (Dec 31) and "by the December 2024 meeting" (a day in
  // December) are not the same window even though one contains the other.
  if (a.mode !== 'on' && b.mode !== 'on') return false;
  // one coarser than the other: the finer must fall inside the coarser
  return a1 - a0 >= b1 - b0 ? b0 >= a0 && b1 <= a1 : a0 >= b0 && a1 <= b1;
}
