import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A JSON fixture from test/fixtures, parsed fresh each time. */
export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)), 'utf8'));
}
