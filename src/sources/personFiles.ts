/**
 * A person's recorded answers in a replay directory (issue #28): `DIR/positions/*.json` (Polymarket's Data API rows
 * and `/value` answers, Manifold's positions answers) and `DIR/portfolio/*` (Kalshi's portfolio answers and the test
 * key's public half). They are not market objects: src/server/replay/load.ts leaves these folders out.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRecordedJson, RecordingError } from '../server/replay/load.js';
import { READ_FIX } from '../util/files.js';

/**
 * `[name, parsed JSON]` of every `.json` file in `dir/sub`, by name; none when the folder is absent. Each is read as
 * a recorded file is (readRecordedJson): one that is a folder, a symlink loop, not JSON, throws RecordingError naming
 * it, as does the folder when it cannot be listed.
 */
export function personJson(dir: string, sub: string): Array<[string, unknown]> {
  const d = join(dir, sub);
  let names: string[];
  try {
    names = readdirSync(d).sort();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT') return [];
    throw new RecordingError(
      code === 'ENOTDIR'
        ? `${d} is not a folder: a replay's person files are DIR/positions/*.json and DIR/portfolio/*.json; ` +
            'move it away'
        : `${d} cannot be read (${code}): ${READ_FIX[code] ?? 'move it away'}`,
    );
  }
  return names.filter((name) => name.endsWith('.json')).map((name) => [name, readRecordedJson(join(d, name))]);
}

/** A header's single value. */
export function header(
  h: Readonly<Record<string, string | string[] | undefined>> | undefined,
  name: string,
): string | undefined {
  const v = h?.[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
