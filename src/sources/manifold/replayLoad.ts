/**
 * What a Manifold recording holds, for the replay: every v0 GET market object (LiteMarket in lists, FullMarket in
 * details: an `id`, a `question` and a `url` — POST answers such as `/resolve` return the raw contract document,
 * which has no `url`, and are not served), and every topic (`Group`: `slug`, `name`, no `question`). Files are read
 * by the shared `loadRecording`; wrappers a recorder added around the answers (`{search:{response:[…]}}`,
 * `{markets:{id:{…}}}`) are looked into. One object per id: a detail wins over a list copy, a later file over an
 * earlier one; a list copy's answers-less fields never hide a detail's.
 */
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { manifestIfAny, shiftRecorded } from '../../server/replay/asRecorded.js';
import { loadRecording, RecordingError } from '../../server/replay/load.js';

export interface Loaded {
  /** Every market by id (the detail when one was recorded). */
  byId: Map<string, Rec>;
  /** Ids in the order `/markets` lists them: created time, newest first. */
  order: string[];
  /** The recorded topics (empty when none was recorded). */
  groups: Rec[];
}

const isMarket = (o: Rec): boolean =>
  typeof o.id === 'string' && o.id !== '' && typeof o.question === 'string' && typeof o.url === 'string';

const isGroup = (o: Rec): boolean =>
  typeof o.slug === 'string' &&
  typeof o.name === 'string' &&
  !('question' in o) &&
  ('totalMembers' in o || 'privacyStatus' in o);

export function collect(
  value: unknown,
  listed: boolean,
  out: { markets: [Rec, boolean][]; groups: Rec[] },
  depth = 0,
): void {
  if (depth > 4) return;
  if (Array.isArray(value)) {
    for (const v of value) collect(v, true, out, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  if (isMarket(value)) {
    out.markets.push([value, listed]);
    return;
  }
  if (isGroup(value)) {
    out.groups.push(value);
    return;
  }
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) collect(v, false, out, depth + 1);
}

export function fromItems(values: ReadonlyArray<readonly [unknown, boolean]>): Loaded {
  const out = { markets: [] as [Rec, boolean][], groups: [] as Rec[] };
  for (const [v, listed] of values) collect(v, listed, out);
  const byId = new Map<string, Rec>();
  const detail = new Set<string>();
  for (const [o, listed] of out.markets) {
    const id = o.id as string;
    if (listed && detail.has(id)) {
      // a list copy is newer news of prices but the detail keeps what lists leave out
      byId.set(id, { ...byId.get(id), ...o });
      continue;
    }
    byId.set(id, o);
    if (!listed) detail.add(id);
  }
  const created = (o: Rec | undefined) => (typeof o?.createdTime === 'number' ? o.createdTime : 0);
  const order = [...byId.keys()].sort((a, b) => created(byId.get(b)) - created(byId.get(a)));
  const groups = [...new Map(out.groups.map((g) => [g.slug as string, g])).values()];
  return { byId, order, groups };
}

/** Times an object's file tells of it: the newest is the nearest we know to when the answer was recorded. */
const SEEN = ['lastUpdatedTime', 'lastBetTime', 'lastCommentTime', 'createdTime', 'resolutionTime'] as const;

function newest(value: unknown, depth = 0): number {
  if (depth > 5) return 0;
  if (Array.isArray(value)) return value.reduce((m: number, v) => Math.max(m, newest(v, depth + 1)), 0);
  if (!isRecord(value)) return 0;
  let m = typeof value.recordedAt === 'string' ? Date.parse(value.recordedAt) || 0 : 0;
  for (const k of SEEN) if (typeof value[k] === 'number') m = Math.max(m, value[k]);
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) m = Math.max(m, newest(v, depth + 1));
  return m;
}

export interface LoadOptions {
  /**
   * Replay as of the recording: every time field moved forward by (now − recorded), as `serve --replay
   * --as-recorded` does for the interface (src/server/replay/asRecorded.ts), so what was open when recorded is open
   * now. Recorded = the manifest's `recordedAt` when DIR has one, else per file the newest time it holds (a
   * recorder's `recordedAt`, else the latest update, bet, comment, creation or resolution time).
   */
  asRecorded?: boolean;
  now?: number;
}

/** Loads a recording directory; RecordingError when it holds no Manifold market. */
export function loadManifold(dir: string, options: LoadOptions = {}): Loaded {
  const items = loadRecording(dir);
  let values = items.map((i) => [i.object, i.listed] as const);
  if (options.asRecorded) {
    const now = options.now ?? Date.now();
    const manifest = items.length > 0 ? manifestIfAny(dir) : undefined;
    const perFile = new Map<string, number>();
    for (const i of items) perFile.set(i.file, Math.max(perFile.get(i.file) ?? 0, newest(i.object)));
    values = items.map((i) => {
      const at = manifest ?? perFile.get(i.file) ?? 0;
      return [at > 0 ? shiftRecorded(i.object, Math.max(0, now - at)) : i.object, i.listed] as const;
    });
  }
  const loaded = fromItems(values);
  if (loaded.byId.size === 0)
    throw new RecordingError(`${dir} holds no Manifold v0 market (an object with id, question and url)`);
  return loaded;
}
