/**
 * A person's recorded answers in a replay directory (issue #28): `DIR/positions/*.json` (Polymarket's Data API rows
 * and `/value` answers, Manifold's positions answers) and `DIR/portfolio/*` (Kalshi's portfolio answers and the test
 * key's public half). They are not market objects: src/server/replay/load.ts leaves these folders out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RecordingError } from '../server/replay/load.js';

const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** `[name, parsed JSON]` of every `.json` file in `dir/sub`, by name; none when the folder is absent. */
export function personJson(dir: string, sub: string): Array<[string, unknown]> {
  const d = join(dir, sub);
  if (!existsSync(d) || !statSync(d).isDirectory()) return [];
  const out: Array<[string, unknown]> = [];
  for (const name of readdirSync(d).sort()) {
    if (!name.endsWith('.json')) continue;
    const p = join(d, name);
    if (!statSync(p).isFile()) continue;
    if (statSync(p).size > MAX_FILE_BYTES) throw new RecordingError(`${p} is larger than ${MAX_FILE_BYTES} bytes`);
    try {
      out.push([name, JSON.parse(readFileSync(p, 'utf8').replace(/^\uFEFF/, ''))]);
    } catch {
      throw new RecordingError(`${p} is not valid JSON`);
    }
  }
  return out;
}

/** The text of `dir/sub/name`, when it is there. */
export function personText(dir: string, sub: string, name: string): string | undefined {
  const p = join(dir, sub, name);
  return existsSync(p) && statSync(p).isFile() ? readFileSync(p, 'utf8') : undefined;
}

/** A header's single value. */
export function header(
  h: Readonly<Record<string, string | string[] | undefined>> | undefined,
  name: string,
): string | undefined {
  const v = h?.[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
