/** `npm run docs:keys`: rewrites the keys table in docs/keys.md from the key registry. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withKeysTable } from '../src/ui/key/keysTable.js';

const path = new URL('../../docs/keys.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withKeysTable(before);
if (after !== before) writeFileSync(path, after);
process.stdout.write(after === before ? 'docs/keys.md is current\n' : 'docs/keys.md updated\n');
