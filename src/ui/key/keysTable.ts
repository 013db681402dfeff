/**
 * The keys table of docs/keys.md, generated from the registry (`npm run docs:keys`);
 * a test fails when that copy is stale.
 */
import { helpSections } from './keyLookup.js';

export const KEYS_TABLE_START = '<!-- keys:start (generated from src/ui/key/keyBindings.ts by `npm run docs:keys`) -->';
export const KEYS_TABLE_END = '<!-- keys:end -->';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** One table per context, as Markdown. */
export function keysMarkdown(): string {
  const out: string[] = [];
  for (const s of helpSections()) {
    if (s.bindings.length === 0) continue;
    out.push(`**${s.title}**`, '', '| keys | what |', '|---|---|');
    for (const b of s.bindings) out.push(`| \`${cell(b.label)}\` | ${cell(b.help)} |`);
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** `text` with the block between the markers replaced by the generated table (the markers must be there). */
export function withKeysTable(text: string): string {
  const a = text.indexOf(KEYS_TABLE_START);
  const b = text.indexOf(KEYS_TABLE_END);
  if (a < 0 || b < a) throw new Error('the keys table markers are missing');
  return `${text.slice(0, a + KEYS_TABLE_START.length)}\n${keysMarkdown()}\n${text.slice(b)}`;
}
