import { Box } from 'ink';
import type { AppState, Notice } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, fitWidth, wrap } from '../format.js';
import { fitQuotes, quoteRe } from '../quotes.js';
import type { UiState } from '../uiState.js';
import { Line, type Seg } from './Line.js';
// notices of one level this close to the newest come together (a start that finds several bad files), as the bell
// rings once in the same moment
import { BURST_MS } from '../../watch/effects.js';
import { G, perGlyphSet } from '../glyphs.js';

/** How long the newest notice stays on screen. */
export const NOTICE_MS = 10_000;

/** A text with a quoted title: what comes before it, the title, what comes after. */
const quotedIn = perGlyphSet(() => new RegExp(`^(.*?)${quoteRe().source}(.*)$`, 's'));

/**
 * A burst's texts as one: the same words about several markets are said once, naming them all ("“A” and “B”
 * resolved: Yes"; "“A”, “B” and “C” are no longer available …"), a text repeated is said once, the rest joined with
 * ' · ' — eight watched markets gone at a start were eight copies of the same sentence, cut after five lines.
 */
export function burstText(texts: readonly string[]): string {
  const groups = new Map<string, { head: string; tail: string; titles: string[] } | string>();
  for (const t of texts) {
    const m = quotedIn().exec(t);
    if (!m) {
      groups.set(`\0${t}`, t);
      continue;
    }
    const key = `${m[1]}\0${m[3]}`;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, { head: m[1]!, tail: m[3]!, titles: [m[2]!] });
    else if (typeof g !== 'string' && !g.titles.includes(m[2]!)) g.titles.push(m[2]!);
  }
  return [...groups.values()]
    .map((g) => {
      if (typeof g === 'string') return g;
      if (g.titles.length === 1) return `${g.head}${g.titles[0]}${g.tail}`;
      const names = `${g.titles.slice(0, -1).join(', ')} and ${g.titles.at(-1)}`;
      return `${g.head}${names}${g.tail.replace(/^ is /, ' are ').replace(/^ was /, ' were ')}`;
    })
    .join(` ${G.dot} `);
}

/**
 * The flash to show: none once it has said `P` is searching for a market's candidates and that search is over (its
 * answers came, or another market's search replaced it) — it stayed its 3 s beside the list's "No candidates".
 */
export function shownFlash(flash: UiState['flash'], across: AppState['across']): UiState['flash'] {
  if (flash?.candidatesOf === undefined) return flash;
  const t = across?.target;
  return t?.id === flash.candidatesOf && t.waiting.length > 0 ? flash : undefined;
}

/**
 * The one notice: a brief UI message (flash) wins, else the newest store notice younger than NOTICE_MS — with the
 * others of its level that came within BURST_MS before it, oldest first, so none of a burst is hidden by the next.
 * A warning or an alert that comes while a flash is shown (a failed save, a file moved aside) replaces it at once: it
 * was hidden for the rest of the flash's seconds, and a person who read the flash looked away before it showed.
 */
export function noticeLine(notices: readonly Notice[], flash: UiState['flash'], now: number): Seg[] | undefined {
  const newest = notices[notices.length - 1];
  const young = newest !== undefined && now - newest.at < NOTICE_MS && now >= newest.at - 60_000;
  const over = young && newest.level !== 'info' && flash !== undefined && newest.at > flash.at;
  if (flash && now < flash.until && !over)
    return [{ text: `${G.said} `, color: 'cyan' }, { text: sanitize(flash.text) }];
  if (!newest || !young) return undefined;
  let from = notices.length - 1;
  while (from > 0 && notices[from - 1]!.level === newest.level && newest.at - notices[from - 1]!.at <= BURST_MS) from--;
  const n = {
    ...newest,
    text: burstText(notices.slice(from).map((x) => x.text)),
  };
  if (n.level === 'alert')
    return [
      { text: `${G.star} ALERT `, color: 'magenta', bold: true },
      { text: sanitize(n.text), bold: true },
    ];
  return [
    { text: n.level === 'warn' ? '! ' : 'i ', color: n.level === 'warn' ? 'yellow' : 'cyan', bold: true },
    { text: sanitize(n.text), ...(n.level === 'warn' ? { color: 'yellow' } : {}) },
  ];
}

/**
 * The notice (its marker, then its text) as the lines it needs at `width`: one when it fits, else its words wrapped
 * under the marker (the next lines indented by the marker's width), so that a long message — the `g` box's "Not
 * understood: … — accepted: …" — is read whole. At most `max` lines (the rows the screen can spare, at least one): a
 * text longer than that ends its last line with `…`. None without a notice.
 */
export function noticeLines(segs: readonly Seg[] | undefined, width: number, max: number): Seg[][] {
  if (!segs || segs.length === 0) return [];
  const w = Math.max(1, width);
  const [marker, head] = segs;
  // a quoted title is cut to the room the line has, not to a fixed length
  const body = head && marker ? { ...head, text: fitQuotes(head.text, w - displayWidth(marker.text)) } : head;
  if (segs.length !== 2 || !marker || !body) return [[...segs]];
  if (displayWidth(marker.text) + displayWidth(body.text) <= w) return [[marker, body]];
  const indent = displayWidth(marker.text);
  const room = w - indent;
  if (room < 8) return [[marker, body]];
  const words = wrap(body.text, room);
  const keep = Math.max(1, Math.floor(max));
  const shown =
    words.length > keep ? [...words.slice(0, keep - 1), fitWidth(words.slice(keep - 1).join(' '), room)] : words;
  return shown.map((text, i) => [i === 0 ? marker : { text: ' '.repeat(indent) }, { ...body, text }]);
}

export function Notices({ lines, width }: { lines: readonly Seg[][]; width: number }) {
  if (lines.length === 0) return null;
  if (lines.length === 1) return <Line width={width} segs={lines[0]!} />;
  return (
    <Box flexDirection="column" width={width} height={lines.length} overflowY="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={width} segs={segs} />
      ))}
    </Box>
  );
}
