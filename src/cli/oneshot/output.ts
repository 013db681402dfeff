/**
 * The forms a one-shot answer goes out in (docs/commands.md "Output", "Several venues"): the JSON document — one
 * venue's `source`, and for the list commands every venue asked with its count, error or why it was left out, the
 * items venue by venue in the order of --source — the error line of `--json`/`--ndjson`, and the table.
 */
import type { SourceId } from '../../sources/types.js';
import { palette } from '../../ui/theme.js';
import type { CommandIo } from '../commands.js';
import { colorEnabled, type Settings } from '../config.js';
import type { Source } from '../source.js';
import type { FlagValues } from '../parse.js';
import { errorBody, type Failure } from './failure.js';
import { SCHEMA_VERSION, type JsonDocument, type JsonError, type JsonVenue } from './json.js';
import { painter } from './paint.js';
import type { OneShot } from './run.js';

/** One venue's answer, or its failure. */
export type Answer<T> = { source: Source; ok: true; data: T } | { source: Source; ok: false; failure: Failure };

/** The error document, one line (also one venue's failure among several in `--ndjson`, naming the venue). */
export function errorLine(f: Failure, venue?: SourceId): string {
  const doc: JsonError = { oddsboard: SCHEMA_VERSION, ...(venue ? { venue } : {}), error: errorBody(f) };
  return `${JSON.stringify(doc)}\n`;
}

const sourceOf = (s: Source) => ({ service: s.id, mode: s.mode, baseUrl: s.client.describe().baseUrl });

export function writeDocument<T>(
  io: CommandIo,
  cmd: OneShot<T>,
  answers: readonly Answer<T>[],
  opts: {
    several: boolean;
    /** The sources in the order given. */
    order: readonly SourceId[];
    skipped: readonly { venue: SourceId; reason: string }[];
    list: boolean;
  },
): void {
  const doc: JsonDocument = { oddsboard: SCHEMA_VERSION, command: cmd.name, fetchedAt: '', data: [] };
  if (!opts.several) doc.source = sourceOf(answers[0]!.source);
  if (!opts.list) {
    const a = answers[0]!;
    if (a.ok) doc.data = cmd.json(a.data, a.source.id);
  } else {
    const items: unknown[] = [];
    const byVenue = new Map<SourceId, JsonVenue>();
    for (const a of answers) {
      const where = { venue: a.source.id, mode: a.source.mode, baseUrl: a.source.client.describe().baseUrl };
      if (!a.ok) {
        byVenue.set(a.source.id, { ...where, error: errorBody(a.failure) });
        continue;
      }
      const mine = (cmd.gather ? cmd.lines!(a.data, a.source.id) : cmd.json(a.data, a.source.id)) as unknown[];
      items.push(...mine);
      byVenue.set(a.source.id, { ...where, count: mine.length });
    }
    for (const s of opts.skipped) byVenue.set(s.venue, { venue: s.venue, skipped: s.reason });
    // the order of --source: answered, failed and left out alike
    doc.venues = opts.order.flatMap((v) => byVenue.get(v) ?? []);
    doc.data = cmd.gather
      ? cmd.gather(answers.flatMap((a) => (a.ok ? [{ venue: a.source.id, data: a.data }] : [])))
      : (items as JsonDocument['data']);
  }
  doc.fetchedAt = new Date(io.timing?.now() ?? Date.now()).toISOString();
  io.stdout.write(`${JSON.stringify(orderKeys(doc), null, 2)}\n`);
}

/** The document's keys in the documented order (oddsboard, command, source, venues, fetchedAt, data). */
function orderKeys(doc: JsonDocument): JsonDocument {
  const { oddsboard, command, source, venues, fetchedAt, data } = doc;
  return {
    oddsboard,
    command,
    ...(source ? { source } : {}),
    ...(venues ? { venues } : {}),
    fetchedAt,
    data,
  };
}

/**
 * The width a table is laid out at: the terminal's, however narrow (a 20-column one was given 80, which it wrapped,
 * splitting ids); 80 when stdout is not a terminal or does not say its width.
 */
export function outputWidth(stdout: NodeJS.WriteStream): number {
  return stdout.isTTY === true && typeof stdout.columns === 'number' && stdout.columns > 0 ? stdout.columns : 80;
}

export async function writeTable<T>(
  io: CommandIo,
  cmd: OneShot<T>,
  answers: readonly Answer<T>[],
  settings: Settings,
  several: boolean,
  flags: FlagValues,
): Promise<void> {
  const tty = io.stdout.isTTY === true;
  const colors = palette(settings.theme, colorEnabled(settings.color, io.env, tty));
  const width = outputWidth(io.stdout);
  const tables = await import('./table.js');
  const parts = answers.flatMap((a) => (a.ok ? [{ venue: a.source.id, data: a.data }] : []));
  io.stdout.write(cmd.table(tables, parts, { width, now: Date.now(), paint: painter(colors), marks: several }, flags));
}
