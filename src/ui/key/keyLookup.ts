/**
 * Lookups over the key registry (keyBindings.ts): which command a key press triggers, the text it would type into a
 * field, and the registry grouped by context for the help overlay and docs/keys.md.
 */
import type { Key } from 'ink';
import {
  KEY_BINDINGS,
  KEY_CONTEXTS,
  type Binding,
  type Command,
  type KeyContextName,
  type KeyMatcher,
} from './keyBindings.js';

/** Each context's title and its bindings, in registry order, a command listed under an earlier context left out. */
export function helpSections(): { context: KeyContextName; title: string; bindings: Binding[] }[] {
  const seen = new Set<Command>();
  return (Object.keys(KEY_CONTEXTS) as KeyContextName[]).map((context) => {
    const fresh = KEY_CONTEXTS[context].commands.filter((c) => !seen.has(c));
    for (const c of fresh) seen.add(c);
    return { context, title: KEY_CONTEXTS[context].title, bindings: fresh.map((c) => KEY_BINDINGS[c] as Binding) };
  });
}

function matcherHits(m: KeyMatcher, input: string, key: Key): boolean {
  if ((m.ctrl ?? false) !== key.ctrl) return false;
  if (key.meta) return false;
  if (m.shift !== undefined && m.shift !== key.shift) return false;
  if (m.key !== undefined) return key[m.key] === true;
  return m.input !== undefined && input === m.input;
}

export function matches(command: Command, input: string, key: Key): boolean {
  return KEY_BINDINGS[command].keys.some((m) => matcherHits(m, input, key));
}

/** The first of `commands` (in order) that the key press triggers. */
export function matchCommand<C extends Command>(commands: readonly C[], input: string, key: Key): C | undefined {
  return commands.find((c) => matches(c, input, key));
}

/** Text a key press would type into a field: printable, no Ctrl/Meta, no named key. */
export function typedText(input: string, key: Key): string {
  if (key.ctrl || key.meta || input === '') return '';
  if (key.return || key.escape || key.tab || key.backspace || key.delete) return '';
  return input;
}
