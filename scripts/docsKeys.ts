/** `npm run docs:keys`: rewrites the keys table in README.md from the key registry. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withKeysTable } from '../src/ui/key/keysTable.js';

const path = new URL('../../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withKeysTable(before);
if (after !== before) writeFileSync(path, after);
process.stdout.write(after === before ? 'README keys table is current\n' : 'README keys table updated\n');
